/**
 * What every login on this site stores (the login page, /m/pay, /qrConfirm): the session and the
 * language. A user who chose a language before keeps it (their profile's `lang`); a user who never
 * chose keeps the page's and has it saved to their profile.
 */
import type { MyInfo } from '@steelport/contracts';
import { putLanguage } from '../api/user.ts';
import type { Language } from '../i18n/index.ts';
import { currentLanguage } from '../i18n/language.ts';
import { saveLogin } from './session.ts';

/**
 * Stores a login and resolves to the language it carries on (CURRENT_LANG) once the profile has
 * it: a page that leaves right after (the login page) waits, or the save would be cut off.
 */
export async function rememberLogin(token: string, user: MyInfo): Promise<Language> {
  const lang = user.lang ?? currentLanguage();
  saveLogin(token, user, lang);
  // With the token stored, the call is the user's; a failure changes nothing for this login.
  if (!user.lang) await putLanguage(lang).catch(() => undefined);
  return lang;
}
