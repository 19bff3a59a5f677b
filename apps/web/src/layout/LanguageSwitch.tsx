import type { Lang } from '@steelport/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { putLanguage } from '../api/user.ts';
import { getToken, useSession } from '../auth/session.ts';
import { followStoredLanguage, switchLanguage, useLanguage } from '../i18n/language.ts';

/**
 * Switches the page's language at once and keeps the choice: CURRENT_LANG always, the profile
 * when logged in (a failed save changes nothing here; the next switch saves again).
 */
export function useLanguageSwitch(): (lang: Lang) => void {
  return useCallback((lang: Lang) => {
    void switchLanguage(lang);
    if (getToken()) putLanguage(lang).catch(() => undefined);
  }, []);
}

/**
 * 中文 / EN (issue 31): each language named in its own script, the current one pressed. In the
 * top strip on a desktop, in the menu drawer on a phone, and on the login page.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const choose = useLanguageSwitch();
  const option = (lang: Lang, label: string, textLang: string) => (
    <button
      type="button"
      lang={textLang}
      className="sp-langswitch__option"
      aria-pressed={current === lang}
      onClick={() => current !== lang && choose(lang)}
    >
      {label}
    </button>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two toggle buttons, not a form's fieldset
    <div role="group" aria-label={t('language.label')} className={`sp-langswitch ${className ?? ''}`}>
      {option('zh-CN', t('language.zh'), 'zh')}
      <span aria-hidden className="sp-langswitch__bar">
        /
      </span>
      {option('en', t('language.en'), 'en')}
    </div>
  );
}

/**
 * Follows CURRENT_LANG when it changes underneath the page: a logout or an expired token clears
 * it (the open tab returns to Chinese without a reload), a login or another tab sets it.
 */
export function LanguageSync() {
  const { lang } = useSession();
  const previous = useRef(lang);
  useEffect(() => {
    if (previous.current === lang) return;
    previous.current = lang;
    followStoredLanguage();
  }, [lang]);
  return null;
}
