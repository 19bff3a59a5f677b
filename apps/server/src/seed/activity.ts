/**
 * Activity counters (user_activity) the generators collect while they publish stock and quotes,
 * so that the active-trader rank (getRank) has something to rank from the first start.
 */
import type { Tx } from '../db/client.ts';
import { type ActivityKind, userActivity } from '../db/schema/index.ts';
import { insertBatched } from './batch.ts';

interface Counter {
  userId: number;
  companyId: number | null;
  kind: ActivityKind;
  day: string;
  count: number;
}

export class ActivityCounter {
  private readonly counters = new Map<string, Counter>();

  /** Counts `n` actions of a kind by a user on a day (YYYY-MM-DD). */
  add(userId: number, companyId: number | null, kind: ActivityKind, day: string, n = 1): void {
    const key = `${userId}|${kind}|${day}`;
    const c = this.counters.get(key);
    if (c) c.count += n;
    else this.counters.set(key, { userId, companyId, kind, day, count: n });
  }

  /** Writes the counters; returns the number of rows. */
  async insert(tx: Tx): Promise<number> {
    const rows = [...this.counters.values()];
    await insertBatched(tx, userActivity, rows);
    return rows.length;
  }
}
