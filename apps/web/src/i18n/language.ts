/**
 * The portal's language at run time (issue 31): chosen when the app starts, switched live by the
 * header's 中文 / EN, kept in CURRENT_LANG (docs/portal.md#storage-keys) and, for a logged-in user,
 * in their profile; sent to the server with every call (`X-Lang`) so its messages follow.
 *
 * Which language a page opens in: `?lang=en` (or `?lang=zh-CN`) in the URL first, so a shared or
 * indexed English link opens in English; then the stored choice; then, on a first visit, the
 * browser's preferred languages. Chinese is the default and the language of the data.
 */
import type { Lang } from '@steelport/contracts';
import type { Locale } from 'antd/es/locale';
// antd's English is its default locale: its components import it anyway, so it costs nothing here.
import antdEnUS from 'antd/es/locale/en_US';
import antdZhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useSyncExternalStore } from 'react';
import { saveLanguage } from '../auth/session.ts';
import { readItem, StorageKey } from '../auth/storage.ts';
import type { AppRouter } from '../router.tsx';
import { i18n, type Language, loadEnglish, loadScreenEnglish, resolveLanguage } from './index.ts';

/** The URL parameter that names a page's language (`/wareHouse?lang=en`). */
export const LANG_PARAM = 'lang';

/** The language a URL names, or null when it names none (or one the portal does not speak). */
export function languageFromUrl(search: string): Language | null {
  const value = new URLSearchParams(search).get(LANG_PARAM)?.toLowerCase();
  if (value === 'en') return 'en';
  if (value === 'zh' || value === 'zh-cn') return 'zh-CN';
  return null;
}

/** The first of the browser's preferred languages the portal speaks; Chinese when none is. */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return 'zh-CN';
}

/** The language a page opens in: the URL's, else the stored choice, else the browser's. */
export function startLanguage(input: {
  search: string;
  stored: string | null;
  browser: readonly string[];
}): Language {
  return (
    languageFromUrl(input.search) ??
    (input.stored ? resolveLanguage(input.stored) : browserLanguage(input.browser))
  );
}

/** `search` with the language parameter set for `lang` (English) or removed (Chinese). */
export function withLanguage(search: string, lang: Language): string {
  const params = new URLSearchParams(search);
  if (lang === 'en') params.set(LANG_PARAM, 'en');
  else params.delete(LANG_PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
}

let englishLoaded = false;
let antdLocale: Locale = antdZhCN;
const listeners = new Set<() => void>();

/**
 * Loads our English texts once: the frame's, and those of every screen loaded so far (a screen
 * loaded from now on fetches its own, `addScreenTexts`). Chinese ships with the entry and the
 * screens.
 */
async function loadResources(lang: Language): Promise<void> {
  if (lang !== 'en' || englishLoaded) return;
  // Deep and overwriting: a screen's English may arrive first, under the same language.
  const [english] = await Promise.all([loadEnglish(), loadScreenEnglish()]);
  i18n.addResourceBundle('en', 'translation', english, true, true);
  englishLoaded = true;
}

/** Makes `lang` the page's language: texts, antd, dates, `<html lang>`. */
async function apply(lang: Language): Promise<void> {
  await loadResources(lang);
  antdLocale = lang === 'en' ? antdEnUS : antdZhCN;
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
  for (const listener of listeners) listener();
}

/** Prepares the first render in `lang` (main.tsx, before the app renders). */
export function prepareLanguage(lang: Language): Promise<void> {
  return apply(lang);
}

/** The page's language now. */
export function currentLanguage(): Language {
  return resolveLanguage(i18n.language);
}

/**
 * Switches the page to `lang` without a reload and stores the choice in CURRENT_LANG. What else
 * must follow (the profile, the URL) is the caller's: see `useLanguageSwitch`.
 */
export async function switchLanguage(lang: Language): Promise<void> {
  if (currentLanguage() !== lang) await apply(lang);
  saveLanguage(lang);
}

/**
 * Follows CURRENT_LANG after it changed underneath the page: cleared by a logout or an expired
 * token (the tab returns to Chinese), or set by another tab.
 */
export function followStoredLanguage(): void {
  const lang = resolveLanguage(readItem(StorageKey.lang));
  if (currentLanguage() !== lang) void apply(lang);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Keeps the page's language in its URL: in English every address carries `?lang=en` (links,
 * filters and the back button included, since screens build their queries without it), so a
 * copied or shared address opens in English; in Chinese the parameter goes. Runs after every
 * navigation and every switch.
 */
export function keepLanguageInUrl(router: AppRouter): void {
  const keep = () => {
    const { location, navigation } = router.state;
    if (navigation.state !== 'idle') return;
    const lang = currentLanguage();
    if ((languageFromUrl(location.search) ?? 'zh-CN') === lang) return;
    const search = withLanguage(location.search, lang);
    void router.navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, state: location.state, preventScrollReset: true },
    );
  };
  router.subscribe(keep);
  listeners.add(keep);
  keep();
}

/** antd's own texts (pagers, pickers, empty states) in the page's language. */
export function useAntdLocale(): Locale {
  return useSyncExternalStore(
    subscribe,
    () => antdLocale,
    () => antdLocale,
  );
}

/** The page's language, re-rendering on a switch. */
export function useLanguage(): Lang {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}
