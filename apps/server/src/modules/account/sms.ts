/**
 * SMS verification codes. A provider interface sends the text; the built-in `sandbox` provider
 * writes it to the server log and, outside production, keeps the last messages in a dev mailbox
 * the end-to-end tests read. Codes live 5 minutes in the shared store, only as a keyed hash, are
 * single-use, and sending is limited per phone and per client: 60 s apart, 10 a day.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { SmsPurpose } from '@steelport/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS, MINUTE_MS } from '../../dates.ts';
import { BusinessError, TooMany } from '../../errors.ts';
import type { KvStore } from '../../store/index.ts';

export const SMS_CODE_TTL_MS = 5 * MINUTE_MS;
export const SMS_GAP_MS = MINUTE_MS;
export const SMS_DAILY_LIMIT = 10;
/** Guesses of one code (the right one included) before it is thrown away. */
const MAX_ATTEMPTS = 5;

export interface SmsProvider {
  readonly name: string;
  send(phone: string, text: string): Promise<void>;
}

export interface MailboxMessage {
  phone: string;
  text: string;
  sentAt: string;
}

/** The sandbox provider: log (and, outside production, a dev mailbox) instead of a carrier. */
export function sandboxSms(log: FastifyBaseLogger, store: KvStore, keepMailbox: boolean): SmsProvider {
  return {
    name: 'sandbox',
    async send(phone, text) {
      log.info({ phone, text }, 'sandbox SMS');
      if (!keepMailbox) return;
      const message: MailboxMessage = { phone, text, sentAt: new Date().toISOString() };
      await store.set(`sms:mailbox:${phone}`, JSON.stringify(message), 10 * MINUTE_MS);
    },
  };
}

/** The last sandbox message to a phone (dev mailbox). */
export async function readMailbox(store: KvStore, phone: string): Promise<MailboxMessage | null> {
  const raw = await store.get(`sms:mailbox:${phone}`);
  return raw ? (JSON.parse(raw) as MailboxMessage) : null;
}

/**
 * Lifts the 60 s wait between two codes for a phone and a client, and the client's daily count
 * (end-to-end test hooks only: a browser suite sends every code from one address, more than
 * SMS_DAILY_LIMIT a run, and would otherwise sleep a minute a code). The phone's daily count stays.
 */
export async function clearSendWait(store: KvStore, phone: string, clientKey: string): Promise<void> {
  await store.del(`sms:gap:p:${phone}`);
  await store.del(`sms:gap:c:${clientKey}`);
  await store.del(dayKey(`c:${clientKey}`));
}

/** The key of one phone's (`p:`) or client's (`c:`) count of codes sent today. */
const dayKey = (who: string) => `sms:day:${who}:${new Date().toISOString().slice(0, 10)}`;

interface StoredCode {
  digest: string;
  /** epoch ms */
  expiresAt: number;
}

export interface SmsCodes {
  send(phone: string, purpose: SmsPurpose, clientKey: string): Promise<void>;
  /** Consumes the code; throws a business error when it is wrong, expired or already used. */
  verify(phone: string, purpose: SmsPurpose, code: string): Promise<void>;
}

/** Issues and checks verification codes. */
export function smsCodes(deps: { store: KvStore; provider: SmsProvider; secret: string }): SmsCodes {
  const { store, provider, secret } = deps;
  const digestOf = (phone: string, purpose: string, code: string) =>
    createHmac('sha256', secret).update(`${purpose}:${phone}:${code}`).digest('hex');
  const codeKey = (phone: string, purpose: string) => `sms:code:${purpose}:${phone}`;
  const attemptsKey = (phone: string, purpose: string) => `sms:tries:${purpose}:${phone}`;

  return {
    async send(phone, purpose, clientKey) {
      const who = [`p:${phone}`, `c:${clientKey}`];
      const dayKeys = who.map(dayKey);
      // Refusals must not use anything up: check both daily counts, then take both waits (giving
      // the first back when the second is taken), and count the day only for a sent code.
      for (const key of dayKeys) {
        if (Number((await store.get(key)) ?? 0) >= SMS_DAILY_LIMIT) {
          throw new TooMany('今日验证码发送次数已达上限，请明天再试');
        }
      }
      const taken: string[] = [];
      for (const w of who) {
        if (!(await store.setIfAbsent(`sms:gap:${w}`, '1', SMS_GAP_MS))) {
          for (const key of taken) await store.del(key);
          throw new TooMany('验证码发送过于频繁，请60秒后再试');
        }
        taken.push(`sms:gap:${w}`);
      }
      for (const key of dayKeys) await store.incr(key, DAY_MS);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const stored: StoredCode = {
        digest: digestOf(phone, purpose, code),
        expiresAt: Date.now() + SMS_CODE_TTL_MS,
      };
      await store.set(codeKey(phone, purpose), JSON.stringify(stored), SMS_CODE_TTL_MS);
      // A new code starts with a clean count of wrong guesses.
      await store.del(attemptsKey(phone, purpose));
      await provider.send(phone, `【钢市通】您的验证码是${code}，5分钟内有效。如非本人操作，请忽略本短信。`);
    },

    async verify(phone, purpose, code) {
      const key = codeKey(phone, purpose);
      const wrong = new BusinessError('验证码错误或已过期');
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
