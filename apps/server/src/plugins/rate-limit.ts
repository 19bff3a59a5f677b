/**
 * Fixed-window counters in the shared store, so every instance counts the same hits. Used for
 * the endpoints the quality bar names: login, QR, SMS, enquiry and search.
 */
import type { FastifyRequest } from 'fastify';
import { TooMany } from '../errors.ts';
import type { KvStore } from '../store/index.ts';

/** Counts one hit for `key`; throws code 7 once more than `limit` hits fall in the window. */
export async function limitRate(
  store: KvStore,
  key: string,
  limit: number,
  windowMs: number,
  message?: string,
): Promise<void> {
  if ((await store.incr(`rl:${key}`, windowMs)) > limit) throw new TooMany(message);
}

/** The client a limit applies to: the caller's IP (behind the proxy), plus the user when known. */
export function clientKey(request: FastifyRequest): string {
  return request.user ? `${request.ip}|u${request.user.id}` : request.ip;
}
