/**
 * The index job: recomputes the steel index and saturation for a range of days from the stored
 * inputs. On PostgreSQL it runs inside one transaction behind a transaction-scoped advisory
 * try-lock, so when several instances fire at the same minute exactly one computes and the
 * others return `ran: false`; PGlite is one process, so it just runs.
 */
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.ts';
import { computeRange } from '../modules/steel-index/compute.ts';
import {
  daysBetween,
  latestInputDay,
  loadRangeInputs,
  storeComputed,
} from '../modules/steel-index/job-repo.ts';

/** Any fixed number, distinct from the migration lock: the index job's advisory lock. */
export const INDEX_JOB_LOCK = 727_002;

export interface IndexJobResult {
  ran: boolean;
  from: string;
  to: string;
  days: number;
  rows: number;
  ms: number;
}

/**
 * Computes and stores `from`..`to` on `db` (a transaction or the database), without locking:
 * the seed calls it inside its own transaction.
 */
export async function computeIndexes(db: DbOrTx, from: string, to: string): Promise<IndexJobResult> {
  const started = performance.now();
  const inputs = await loadRangeInputs(db, from, to);
  const result = computeRange(inputs);
  await storeComputed(db, from, to, result);
  return {
    ran: true,
    from,
    to,
    days: daysBetween(from, to).length,
    rows: result.days.length,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * The default range: the newest input day and the day before it (late entries of yesterday are
 * picked up). Null when there are no inputs at all.
 */
export async function defaultRange(db: DbOrTx): Promise<{ from: string; to: string } | null> {
  const to = await latestInputDay(db);
  if (!to) return null;
  return { from: shiftDay(to, -1), to };
}

/** The day `n` days from `day`. */
export function shiftDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Runs the job once under the lock; `from`/`to` default to defaultRange(). */
export async function runIndexJob(
  database: Pick<Database, 'db' | 'engine'>,
  range: { from?: string; to?: string } = {},
): Promise<IndexJobResult> {
  return database.db.transaction(async (tx) => {
    const fallback = range.from && range.to ? null : await defaultRange(tx);
    const to = range.to ?? fallback?.to;
    const from = range.from ?? (to ? shiftDay(to, -1) : undefined);
    if (!from || !to) return { ran: false, from: '', to: '', days: 0, rows: 0, ms: 0 };
    if (database.engine === 'postgres') {
      const res = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${INDEX_JOB_LOCK}) as locked`,
      )) as unknown as {
        rows: { locked: boolean }[];
      };
      if (!res.rows[0]?.locked) return { ran: false, from, to, days: 0, rows: 0, ms: 0 };
    }
    return computeIndexes(tx, from, to);
  });
}
