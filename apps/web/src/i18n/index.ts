import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en.ts';
import { zhCN } from './locales/zh-CN.ts';

export type Language = 'zh-CN' | 'en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCN };
  }
}

/**
 * Maps the stored CURRENT_LANG (set by the login site) to a UI language. Chinese is the
 * default: anything that is not clearly English stays Chinese.
 */
export function resolveLanguage(stored: string | null | undefined): Language {
  return stored?.toLowerCase().startsWith('en') ? 'en' : 'zh-CN';
}

/** Initialises i18next synchronously (resources are bundled) so the first render has text. */
export function initI18n(language: Language): typeof i18n {
  void i18n.use(initReactI18next).init({
    resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
    lng: language,
    fallbackLng: 'zh-CN',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return i18n;
}

export { i18n };
