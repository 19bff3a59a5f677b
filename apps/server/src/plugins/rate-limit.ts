/**
 * Fixed-window counters in the shared store, so every instance counts the same hits. Used for
 * the endpoints the quality bar names: login, QR, SMS, enquiry and search.
 *
 * Why not @fastify/rate-limit: it counts per request in a hook before the handler, in Redis or
 * process memory. Our limits count business identities the handler knows only after validation
 * and authentication (a phone from the body, a user id, one export per user), some are checked
 * only on a failure (login) or answered with a captcha instead of a refusal (search, see
 * `search/guard.ts`), and they run on the same KvStore as everything else: Redis, PostgreSQL's
 * kv_entries for several instances without Redis, or memory for the embedded database. Each
 * check is one atomic increment of that store.
 */
import type { FastifyRequest } from 'fastify';
import { TooMany } from '../errors.ts';
import type { KvStore } from '../store/index.ts';
import type { Message } from '../text.ts';

/** Counts one hit for `key`; throws code 7 once more than `limit` hits fall in the window. */
export async function limitRate(
  store: KvStore,
  key: string,
  limit: number,
  windowMs: number,
  message?: Message,
): Promise<void> {
  if ((await store.incr(`rl:${key}`, windowMs)) > limit) throw new TooMany(message);
}

/** The client a limit applies to: the caller's IP (behind the proxy), plus the user when known. */
export function clientKey(request: FastifyRequest): string {
  return request.user ? `${request.ip}|u${request.user.id}` : request.ip;
}
