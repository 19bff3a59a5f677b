/**
 * Texts in the portal's two languages (issue 31). Every message a person reads from the server
 * (an error's message, an export's headers, an SMS, an inbox message) is written once with its
 * Chinese and its English side by side, `say('记录不存在', 'Record not found')`, and the language
 * is chosen where it is sent: the error handler by the request's language, exports and messages
 * by the user's. Interpolation is the caller's: `say(`共 ${n} 条`, `${n} rows`)`.
 */
import type { Lang } from '@steelport/contracts';

/** One text in Chinese and English. */
export interface LocalText {
  readonly zh: string;
  readonly en: string;
}

/** A message: a text in both languages, or a plain string that reads the same in both (a name, a code). */
export type Message = string | LocalText;

/** A text in Chinese and English; the Chinese first, as the portal speaks it by default. */
export function say(zh: string, en: string): LocalText {
  return { zh, en };
}

/** The message in `lang`; a plain string is the same in every language. */
export function textIn(message: Message, lang: Lang): string {
  if (typeof message === 'string') return message;
  return lang === 'en' ? message.en : message.zh;
}

/** Both sides of a message; a plain string stands for both. */
export function bothOf(message: Message): LocalText {
  return typeof message === 'string' ? { zh: message, en: message } : message;
}

/** A chooser for one language: `const t = speak(lang); t('表头', 'Header')`. */
export function speak(lang: Lang): (zh: string, en: string) => string {
  return (zh, en) => (lang === 'en' ? en : zh);
}
