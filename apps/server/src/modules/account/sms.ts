/**
 * SMS verification codes, sent through the site's SMS provider (`providers/sms`: Aliyun or the
 * sandbox, SMS_PROVIDER). Codes live 5
 * minutes in the shared store, only as a keyed hash, are single-use, and sending is limited so
 * that nobody can use up someone else's codes (issue 28): 60 s apart per phone; at most
 * SMS_PER_CLIENT_PER_MINUTE a minute per client (an office of traders shares one address, issue
 * 32: a 60 s gap per address let one of them have a code a minute); a daily quota per phone *and*
 * requester (a stranger's sends do not count against the owner's) and per requester; an image
 * captcha once the phone, the requester or the pair had its first free sends of the day; a global
 * hourly budget that alerts operators when it runs out. A send the carrier refuses uses none of
 * these up. Login and reset codes go to registered numbers only: an
 * unknown number gets the same answer and no SMS.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CAPTCHA_REQUIRED_MESSAGE,
  CAPTCHA_REQUIRED_MESSAGE_EN,
  CAPTCHA_WRONG_MESSAGE,
  CAPTCHA_WRONG_MESSAGE_EN,
  type Lang,
  type SmsPurpose,
} from '@steelport/contracts';
import { DAY_MS, dayString, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../dates.ts';
import { BusinessError, TooMany } from '../../errors.ts';
import { codeMessage, type SmsProvider } from '../../providers/sms/index.ts';
import type { KvStore } from '../../store/index.ts';
import { say } from '../../text.ts';
import { solveCaptcha } from '../search/guard.ts';

export const SMS_CODE_TTL_MS = 5 * MINUTE_MS;
export const SMS_GAP_MS = MINUTE_MS;
/**
 * Codes one requester (address) may have sent in one minute, to any phones: an office's several
 * traders behind one address each get theirs at once, while a script on one address is held to
 * this rate (and to SMS_DAILY_PER_CLIENT a day, and the captcha past the free sends).
 */
export const SMS_PER_CLIENT_PER_MINUTE = 10;
/** Codes one requester (address) may have sent to one phone in a day. */
export const SMS_DAILY_LIMIT = 10;
/** Codes one requester may have sent in a day, to any phones (an office shares one address). */
export const SMS_DAILY_PER_CLIENT = 30;
/** Sends without a captcha in a day: per phone and requester, per phone, per requester. */
export const SMS_FREE_SENDS_PER_PAIR = 2;
export const SMS_FREE_SENDS_PER_PHONE = 3;
export const SMS_FREE_SENDS_PER_CLIENT = 5;
/** An answer given when a captcha was asked for. */
export interface CaptchaAnswer {
  captchaId?: string | undefined;
  captchaText?: string | undefined;
}
/** Guesses of one code (the right one included) before it is thrown away. */
const MAX_ATTEMPTS = 5;

/**
 * Lifts the 60 s wait between two codes to a phone, the client's count of this minute, and today's
 * counts of the phone, the client and the pair (end-to-end test hooks only: a browser suite sends
 * every code from one address, more than the free sends a run, and would otherwise sleep a minute
 * a code or meet the captcha). The global hourly budget stays.
 */
export async function clearSendWait(store: KvStore, phone: string, clientKey: string): Promise<void> {
  await store.del(gapKey(phone));
  await store.del(minuteKey(clientKey));
  await store.del(minuteEndKey(clientKey));
  for (const who of [`p:${phone}`, `c:${clientKey}`, `pc:${phone}|${clientKey}`])
    await store.del(dayKey(who));
}

/**
 * The key of one phone's (`p:`), client's (`c:`) or pair's (`pc:`) count of codes sent today: the
 * Shanghai day, so "try again tomorrow" means after midnight where the traders are.
 */
const dayKey = (who: string) => `sms:day:${who}:${dayString(new Date())}`;
/** A client's count of codes in its current minute (a window from its first code). */
const minuteKey = (clientKey: string) => `sms:minute:c:${clientKey}`;
/** When a client's current minute ends (epoch ms): a refusal says how long to wait. */
const minuteEndKey = (clientKey: string) => `sms:minute-end:c:${clientKey}`;
/** A phone's 60 s gap; its value is when the gap ends (epoch ms), for the refusal's wait. */
const gapKey = (phone: string) => `sms:gap:p:${phone}`;

/**
 * Whole seconds until `endsAt` (a stored epoch ms), 1 to the gap's 60; the whole gap when the
 * stored value is missing or unreadable (a window that just ended, a mark of an older build).
 */
function secondsUntil(endsAt: string | null): number {
  const left = Math.ceil((Number(endsAt) - Date.now()) / SECOND_MS);
  return Number.isFinite(left) ? Math.min(SMS_GAP_MS / SECOND_MS, Math.max(1, left)) : SMS_GAP_MS / SECOND_MS;
}
/** The global budget's counter of the current clock hour. */
const hourKey = () => `sms:hour:${new Date().toISOString().slice(0, 13)}`;

interface StoredCode {
  digest: string;
  /** epoch ms */
  expiresAt: number;
}

export interface SmsCodes {
  /**
   * Sends a code (or, for a login or reset code to an unregistered number, answers as if it had).
   * Code 7 when a wait, quota or the budget refuses, or a captcha is needed and missing; code 1
   * for a wrong captcha answer; the provider's BusinessError when the carrier refuses the SMS.
   * A refusal, the carrier's included, uses nothing up.
   */
  send(
    phone: string,
    purpose: SmsPurpose,
    clientKey: string,
    captcha?: CaptchaAnswer,
    /** the requester's language: the SMS speaks the phone's user's stored choice, else this */
    requestLang?: Lang,
  ): Promise<void>;
  /** Consumes the code; throws a business error when it is wrong, expired or already used. */
  verify(phone: string, purpose: SmsPurpose, code: string): Promise<void>;
}

/** Issues and checks verification codes. */
export function smsCodes(deps: {
  store: KvStore;
  provider: SmsProvider;
  secret: string;
  /** SMS codes the site may send per clock hour (config.smsHourlyBudget). */
  hourlyBudget: number;
  /** Whether a user has this phone: login and reset codes go to registered numbers only. */
  isRegistered: (phone: string) => Promise<boolean>;
  /** The language the user of this phone chose (users.lang), null for none or no such user. */
  langOfPhone?: (phone: string) => Promise<Lang | null>;
  /** Tells operators the hour's budget ran out; called once per hour, by the first refused send. */
  onBudgetExhausted: (hour: string, budget: number) => Promise<void>;
}): SmsCodes {
  const { store, provider, secret, hourlyBudget } = deps;
  const digestOf = (phone: string, purpose: string, code: string) =>
    createHmac('sha256', secret).update(`${purpose}:${phone}:${code}`).digest('hex');
  const codeKey = (phone: string, purpose: string) => `sms:code:${purpose}:${phone}`;
  const attemptsKey = (phone: string, purpose: string) => `sms:tries:${purpose}:${phone}`;

  return {
    async send(phone, purpose, clientKey, captcha, requestLang = 'zh-CN') {
      // A code for logging in or resetting goes to a registered number only; an unknown number
      // goes through every limit below exactly like a known one and gets the same answer, so the
      // send says nothing about registration (the register form already tells, on submit).
      const deliver = purpose === 'register' || (await deps.isRegistered(phone));
      // Reserve before checking (house rule): each count is one atomic increment, so parallel
      // sends each draw their own number; a refusal hands every reservation back.
      const held: string[] = [];
      const reserve = async (key: string, ttlMs: number) => {
        const n = await store.incr(key, ttlMs);
        held.push(key);
        return n;
      };
      const gaps: string[] = [];
      try {
        const pair = await reserve(dayKey(`pc:${phone}|${clientKey}`), DAY_MS);
        const client = await reserve(dayKey(`c:${clientKey}`), DAY_MS);
        const phoneCount = await reserve(dayKey(`p:${phone}`), DAY_MS);
        if (pair > SMS_DAILY_LIMIT || client > SMS_DAILY_PER_CLIENT) {
          throw new TooMany(
            say(
              '今日验证码发送次数已达上限，请明天再试',
              "You have reached today's limit of verification codes; please try again tomorrow",
            ),
          );
        }
        // The waits come before the captcha, so an answer is not spent on a send refused anyway.
        // The address's minute is a count (reserved like the others), not a gap: several people
        // share an office's address; the phone keeps its 60 s gap.
        // The refusal says how long the wait still is (also as `retryAfterSeconds`, which the
        // portal counts down on its send button).
        const tooOften = async (endsAtKey: string) => {
          const seconds = secondsUntil(await store.get(endsAtKey));
          return new TooMany(
            say(
              `验证码发送过于频繁，请${seconds}秒后再试`,
              `Codes are sent too often; please try again in ${seconds} seconds`,
            ),
            seconds,
          );
        };
        const inMinute = await reserve(minuteKey(clientKey), MINUTE_MS);
        // Absent only: a count handed back to 0 by a refusal still runs in the same window.
        if (inMinute === 1)
          await store.setIfAbsent(minuteEndKey(clientKey), String(Date.now() + MINUTE_MS), MINUTE_MS);
        if (inMinute > SMS_PER_CLIENT_PER_MINUTE) throw await tooOften(minuteEndKey(clientKey));
        if (!(await store.setIfAbsent(gapKey(phone), String(Date.now() + SMS_GAP_MS), SMS_GAP_MS)))
          throw await tooOften(gapKey(phone));
        gaps.push(gapKey(phone));
        // Past the first free sends a person proves to be one; the phone's own count only ever
        // asks for a captcha, never refuses, so strangers cannot use up the owner's codes.
        if (
          pair > SMS_FREE_SENDS_PER_PAIR ||
          phoneCount > SMS_FREE_SENDS_PER_PHONE ||
          client > SMS_FREE_SENDS_PER_CLIENT
        ) {
          if (!captcha?.captchaId || !captcha.captchaText)
            throw new TooMany(say(CAPTCHA_REQUIRED_MESSAGE, CAPTCHA_REQUIRED_MESSAGE_EN));
          if (!(await solveCaptcha(store, captcha.captchaId, captcha.captchaText))) {
            throw new BusinessError(say(CAPTCHA_WRONG_MESSAGE, CAPTCHA_WRONG_MESSAGE_EN));
          }
        }
        const hour = hourKey();
        // An undelivered send does not spend the budget but is refused like one when it is out.
        const spent = deliver ? await reserve(hour, HOUR_MS) : Number((await store.get(hour)) ?? 0) + 1;
        if (spent > hourlyBudget) {
          if (deliver && (await store.setIfAbsent(`sms:alerted:${hour}`, '1', HOUR_MS))) {
            await deps.onBudgetExhausted(hour.slice('sms:hour:'.length), hourlyBudget);
          }
          throw new TooMany(say('短信发送繁忙，请稍后再试', 'SMS sending is busy; please try again later'));
        }
      } catch (refused) {
        for (const key of held) await store.decr(key);
        for (const key of gaps) await store.del(key);
        throw refused;
      }
      if (!deliver) return;
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const stored: StoredCode = {
        digest: digestOf(phone, purpose, code),
        expiresAt: Date.now() + SMS_CODE_TTL_MS,
      };
      await store.set(codeKey(phone, purpose), JSON.stringify(stored), SMS_CODE_TTL_MS);
      // A new code starts with a clean count of wrong guesses.
      await store.del(attemptsKey(phone, purpose));
      try {
        const lang = (await deps.langOfPhone?.(phone)) ?? requestLang;
        await provider.send(phone, codeMessage(code, lang));
      } catch (failed) {
        // The carrier refused or did not answer: no code reached the phone, so the send uses
        // nothing up (the waits, today's counts, the hour's budget) and the code is void.
        await store.del(codeKey(phone, purpose));
        for (const key of held) await store.decr(key);
        for (const key of gaps) await store.del(key);
        throw failed;
      }
    },

    async verify(phone, purpose, code) {
      const key = codeKey(phone, purpose);
      const wrong = new BusinessError(
        say('验证码错误或已过期', 'The verification code is wrong or has expired'),
      );
      // Count the guess before comparing, atomically: a burst of parallel guesses cannot all be
      // compared against the code; the ones past the limit are refused and the code is dropped.
      const attempt = await store.incr(attemptsKey(phone, purpose), SMS_CODE_TTL_MS);
      if (attempt > MAX_ATTEMPTS) {
        await store.del(key);
        throw wrong;
      }
      const raw = await store.get(key);
      if (!raw) throw wrong;
      const stored = JSON.parse(raw) as StoredCode;
      const given = Buffer.from(digestOf(phone, purpose, code));
      if (stored.expiresAt <= Date.now() || !timingSafeEqual(given, Buffer.from(stored.digest))) throw wrong;
      // Two requests racing with the same right code: only the first may use it.
      if (!(await store.setIfAbsent(`sms:used:${stored.digest}`, '1', SMS_CODE_TTL_MS))) throw wrong;
      await store.del(key);
      await store.del(attemptsKey(phone, purpose));
    },
  };
}
