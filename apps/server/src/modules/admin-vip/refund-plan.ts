/**
 * What a refund does to a membership, pure (no database). A paid order bought one period per
 * commodity, starting where the user's previous period of it ended; later orders (and grants)
 * chained their periods after it. Refunding takes the order's bought duration off that timeline:
 *
 * - the order's own period loses what is left of it (it ends now; removed when it has not begun);
 * - the periods chained after it (starting where it or the chain ended, no gap) move earlier by
 *   the bought duration, each ending no earlier than now;
 * - periods before it, or after a gap, are another purchase's days and stay as they are.
 *
 * So the member's latest end moves back by the order's days, never below now, and only this
 * order's days are taken off when others extended the membership.
 */

/** One stored membership period of the user and commodity. */
export interface Period {
  id: number;
  startsAt: Date;
  expiresAt: Date;
  sourceOrderId: number | null;
}

export interface RefundPlan {
  /** periods to rewrite, with their new bounds */
  changes: { id: number; startsAt: Date; expiresAt: Date }[];
  /** periods to delete (the order's own, when it had not begun) */
  removed: number[];
  /** the latest end before and after (null: no period at all) */
  expiresBefore: Date | null;
  expiresAfter: Date | null;
}

const latest = (periods: { expiresAt: Date }[]): Date | null =>
  periods.reduce<Date | null>((max, p) => (max === null || p.expiresAt > max ? p.expiresAt : max), null);

/** The plan for refunding `orderId` at `now`, over all periods of one user and commodity. */
export function refundPlan(periods: Period[], orderId: number, now: Date): RefundPlan {
  const expiresBefore = latest(periods);
  const own = periods.find((p) => p.sourceOrderId === orderId);
  if (!own) return { changes: [], removed: [], expiresBefore, expiresAfter: expiresBefore };
  const cut = own.expiresAt.getTime() - own.startsAt.getTime();
  const at = now.getTime();

  const changes: RefundPlan['changes'] = [];
  const removed: number[] = [];
  if (own.startsAt.getTime() >= at) removed.push(own.id);
  else if (own.expiresAt.getTime() > at) changes.push({ id: own.id, startsAt: own.startsAt, expiresAt: now });

  // The chain after the order's period: each starts no later than where the chain ends so far.
  const later = periods
    .filter((p) => p.id !== own.id && p.startsAt >= own.startsAt)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
  let chainEnd = own.expiresAt.getTime();
  for (const p of later) {
    if (p.startsAt.getTime() > chainEnd) break;
    chainEnd = Math.max(chainEnd, p.expiresAt.getTime());
    // A period already over keeps its history.
    if (p.expiresAt.getTime() <= at) continue;
    changes.push({
      id: p.id,
      startsAt: new Date(p.startsAt.getTime() - cut),
      expiresAt: new Date(Math.max(at, p.expiresAt.getTime() - cut)),
    });
  }

  const byId = new Map(changes.map((c) => [c.id, c]));
  const after = periods
    .filter((p) => !removed.includes(p.id))
    .map((p) => ({ expiresAt: byId.get(p.id)?.expiresAt ?? p.expiresAt }));
  return { changes, removed, expiresBefore, expiresAfter: latest(after) };
}

/**
 * What a refund does to the beans the payment granted as its purchase reward: takes back as many
 * as the balance holds once the order's own beans came back (`balance`), never below zero; the
 * rest the buyer already spent and stays owed.
 */
export function rewardTakeback(reward: number, balance: number): { taken: number; owed: number } {
  const taken = Math.max(0, Math.min(reward, balance));
  return { taken, owed: Math.max(0, reward - taken) };
}
