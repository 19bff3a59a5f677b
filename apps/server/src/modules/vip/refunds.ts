/**
 * The order's and payment's side of an operator's refund (admin-vip/service.ts#refund decides it
 * under the locks it took, payment, order, then user row, and calls these inside that
 * transaction): the order and its paid payment turn refunded, what was taken back of the purchase
 * reward, and what the provider answered. The membership periods it rewrites go through
 * memberships.ts#applyPeriodChanges; a provider's later refund notification through
 * settlement.ts#recordRefund.
 */
import type { DbOrTx } from '../../db/client.ts';
import * as refunds from './repo/refunds.ts';

/**
 * Marks a paid order and its paid payment refunded (`closed_at` = `at`), inside the caller's
 * transaction; false when the order was no longer paid.
 */
export function markOrderRefunded(
  tx: DbOrTx,
  p: { orderId: number; paymentId: number; at: Date },
): Promise<boolean> {
  return refunds.markRefunded(tx, p);
}

/** Records what a refund took back of the order's purchase reward and what stays owed. */
export function recordRewardTakeback(
  tx: DbOrTx,
  orderId: number,
  beans: { taken: number; owed: number },
): Promise<void> {
  return refunds.setRewardTakeback(tx, orderId, beans);
}

/** Records the provider's answer to a refund on the payment: our refund number, its id, its state. */
export function recordRefundAnswer(
  tx: DbOrTx,
  r: { paymentId: number; refundNo: string; refundRef: string; state: 'processing' | 'success'; at: Date },
): Promise<void> {
  return refunds.recordRefund(tx, r);
}
