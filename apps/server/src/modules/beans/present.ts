/** Ledger rows -> the bean history the member reads (钢豆明细). */
import type { BeanMovement, BeanReason } from '@steelport/contracts';
import type { BeanMovementRow } from './repo.ts';

/** The Chinese name of each ledger reason (db/schema/vip.ts BEAN_REASONS). */
export const BEAN_REASON_LABELS: Record<BeanReason, string> = {
  earned: '获得',
  spent: '消费',
  refunded: '退还',
  adjusted: '调整',
  held: '抵扣',
};

/**
 * One ledger line as the member reads it. A line written without a note (an operator's bare
 * adjustment) says at least what kind of movement it was.
 */
export function presentBeanMovement(row: BeanMovementRow): BeanMovement {
  const reasonLabel = BEAN_REASON_LABELS[row.reason];
  return {
    id: row.id,
    delta: row.delta,
    balanceAfter: row.balanceAfter,
    reason: row.reason,
    reasonLabel,
    note: row.note.trim() || `钢豆${reasonLabel}`,
    refType: row.refType,
    time: row.createdAt.toISOString(),
  };
}
