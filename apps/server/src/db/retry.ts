/**
 * Retrying a transaction that PostgreSQL rolled back to break a lock cycle (40P01 deadlock
 * detected) or to keep it serializable (40001). Such a failure is not the caller's fault and the
 * same transaction succeeds when run again; everything it wrote was rolled back, so the work must
 * decide again from what it reads (a settlement re-reads the payment under its lock and finds it
 * paid), which makes a retry credit nothing twice. Any other error goes up unchanged.
 */
import type { Db, Tx } from './client.ts';

/** SQLSTATEs PostgreSQL answers when running the same transaction again is the remedy. */
const RETRYABLE = new Set(['40P01', '40001']);
/** Attempts in all, the first included. */
const ATTEMPTS = 5;

/** The SQLSTATE of a driver error, also when Drizzle wrapped it (`cause`). */
function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether `err` is a deadlock or serialization failure (the transaction may simply run again). */
export function isRetryableConflict(err: unknown): boolean {
  const state = sqlState(err);
  return state !== undefined && RETRYABLE.has(state);
}

/**
 * Runs `work` in a transaction; when PostgreSQL rolls it back as a deadlock victim or a
 * serialization failure, runs it again after a short random pause, up to `attempts` times in
 * all. `work` must be safe to run again from the start (it re-reads under its locks).
 */
export async function transactionWithRetry<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  opts: { attempts?: number } = {},
): Promise<T> {
  const attempts = opts.attempts ?? ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (attempt >= attempts || !isRetryableConflict(err)) throw err;
      // Apart at random, so the transactions that met do not meet again in the same step.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
