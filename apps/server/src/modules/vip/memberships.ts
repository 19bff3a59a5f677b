/**
 * Memberships changed without a payment: an operator's grant (the console's user page) and the
 * periods an operator's refund rewrites (the console's order page).
 */
import { DAY_MS } from '../../dates.ts';
import type { DbOrTx } from '../../db/client.ts';
import { BusinessError, NotFound } from '../../errors.ts';
import { say } from '../../text.ts';
import * as refunds from './repo/refunds.ts';
import * as repo from './repo.ts';

/**
 * An operator's membership grant (issue 18), inside the caller's transaction: a new period of
 * the commodity starting at the later of `now` and the user's current expiry of it (as a paid
 * order extends), `days` long or ending at `until`. Not tied to an order (source order null).
 * Code 6 for an unknown commodity, code 1 when `until` is not after the period's start.
 */
export async function grantMembership(
  tx: DbOrTx,
  input: {
    userId: number;
    commodityId: number;
    days?: number | undefined;
    until?: Date | undefined;
    now: Date;
  },
): Promise<{ commodityId: number; name: string; startsAt: Date; expiresAt: Date }> {
  const commodity = (await repo.commodityNames(tx, [input.commodityId])).get(input.commodityId);
  if (!commodity) throw new NotFound(say('会员商品不存在', 'Membership not found'));
  const latest = await repo.latestExpiry(tx, input.userId, input.commodityId);
  const startsAt = latest && latest > input.now ? latest : input.now;
  const expiresAt = input.until ?? new Date(startsAt.getTime() + (input.days ?? 0) * DAY_MS);
  if (expiresAt <= startsAt)
    throw new BusinessError(
      say(
        '截止日期须晚于当前会员到期时间',
        "The end date must be later than the membership's current expiry",
      ),
    );
  await repo.insertMembership(tx, {
    userId: input.userId,
    commodityId: input.commodityId,
    startsAt,
    expiresAt,
    seats: 1,
    sourceOrderId: null,
    createdAt: input.now,
  });
  return { commodityId: input.commodityId, name: commodity.name, startsAt, expiresAt };
}

/**
 * Applies a refund's plan to one commodity's periods (admin-vip/refund-plan.ts), inside the
 * caller's transaction: each change's new bounds, then the removed periods deleted.
 */
export async function applyPeriodChanges(
  tx: DbOrTx,
  plan: {
    changes: readonly { id: number; startsAt: Date; expiresAt: Date }[];
    removed: readonly number[];
  },
): Promise<void> {
  for (const c of plan.changes) await refunds.movePeriod(tx, c.id, c.startsAt, c.expiresAt);
  for (const removed of plan.removed) await refunds.deletePeriod(tx, removed);
}
