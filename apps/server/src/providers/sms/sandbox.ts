/**
 * The built-in `sandbox` SMS provider: it writes the full text to the server log and, outside
 * production, keeps the last message to each phone in a dev mailbox (the shared store) that the
 * end-to-end tests read (GET /api/uaa/dev/sms).
 */
import type { FastifyBaseLogger } from 'fastify';
import { MINUTE_MS } from '../../dates.ts';
import type { KvStore } from '../../store/index.ts';
import type { SmsProvider } from './types.ts';

export interface MailboxMessage {
  phone: string;
  text: string;
  sentAt: string;
}

/** The sandbox provider: log (and, outside production, a dev mailbox) instead of a carrier. */
export function sandboxSms(log: FastifyBaseLogger, store: KvStore, keepMailbox: boolean): SmsProvider {
  return {
    name: 'sandbox',
    async send(phone, { text }) {
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
