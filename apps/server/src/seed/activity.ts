/**
 * Activity counters (user_activity) the generators collect while they publish stock and quotes,
 * and the enquiries traders answered, so that the active-trader rank (getRank) ranks recorded
 * activity from the first start.
 */
import { dayString } from '../dates.ts';
import type { Tx } from '../db/client.ts';
import { type ActivityKind, userActivity } from '../db/schema/index.ts';
import { insertBatched } from './batch.ts';
import type { Rng } from './random.ts';
import type { SeededTrader } from './traders.ts';

/** Share of days a trader answers buyers' enquiries at all. */
const ANSWERING_DAY_SHARE = 0.6;

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

/**
 * Counts the enquiries traders answered over the last `days` days: on most days a few, more for
 * a bigger firm (its `size`), so the ranking rewards answering buyers as well as publishing.
 */
export function countAnsweredEnquiries(
  rng: Rng,
  traders: SeededTrader[],
  now: Date,
  days: number,
  activity: ActivityCounter,
): void {
  for (let offset = -(days - 1); offset <= 0; offset++) {
    const day = dayString(now, offset);
    for (const t of traders) {
      if (!rng.chance(ANSWERING_DAY_SHARE)) continue;
      activity.add(
        t.userId,
        t.companyId,
        'enquiry_answered',
        day,
        rng.int(1, Math.max(1, Math.round(3 * t.size))),
      );
    }
  }
}
