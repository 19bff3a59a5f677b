/**
 * SQL of an operator's refund (admin-vip/service.ts#refund drives it through vip/refunds.ts): the
 * order and its paid payment turn refunded, the provider's answer, what was taken back of the
 * purchase reward, and the membership periods the refund's plan moves or deletes. Each function
 * takes `DbOrTx` and runs its queries one after another.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orders, payments, userMemberships } from '../../../db/schema/index.ts';

/**
 * Marks a paid order and its paid payment refunded (`closed_at` = when); false when the order was
 * no longer paid.
 */
export async function markRefunded(
  db: DbOrTx,
  p: { orderId: number; paymentId: number; at: Date },
): Promise<boolean> {
  const updated = await db
    .update(orders)
    .set({ state: 'refunded', closedAt: p.at, updatedAt: p.at })
    .where(and(eq(orders.id, p.orderId), eq(orders.state, 'paid')))
    .returning({ id: orders.id });
  if (!updated.length) return false;
  await db
    .update(payments)
    .set({ state: 'refunded', updatedAt: p.at })
    .where(and(eq(payments.id, p.paymentId), eq(payments.state, 'paid')));
  return true;
}

/** What the provider answered to a refund: our refund number, its id, and whether it is done. */
export async function recordRefund(
  db: DbOrTx,
  r: { paymentId: number; refundNo: string; refundRef: string; state: 'processing' | 'success'; at: Date },
): Promise<void> {
  await db
    .update(payments)
    .set({
      refundNo: r.refundNo,
      refundRef: r.refundRef,
      refundState: r.state,
      refundedAt: r.state === 'success' ? r.at : null,
      updatedAt: r.at,
    })
    .where(eq(payments.id, r.paymentId));
}

/** Records what a refund took back of the order's purchase reward and what stays owed. */
export async function setRewardTakeback(
  db: DbOrTx,
  orderId: number,
  beans: { taken: number; owed: number },
): Promise<void> {
  await db
    .update(orders)
    .set({ rewardBeansTaken: beans.taken, rewardBeansOwed: beans.owed })
    .where(eq(orders.id, orderId));
}

/** Moves one period's bounds (a refund's plan). */
export async function movePeriod(db: DbOrTx, id: number, startsAt: Date, expiresAt: Date): Promise<void> {
  await db.update(userMemberships).set({ startsAt, expiresAt }).where(eq(userMemberships.id, id));
}

/** Deletes a period (a refunded order's period that had not begun). */
export async function deletePeriod(db: DbOrTx, id: number): Promise<void> {
  await db.delete(userMemberships).where(eq(userMemberships.id, id));
}
