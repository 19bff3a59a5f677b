/** Account rows -> the contract shapes the portal reads (myInfo, login answers, bean history). */
import type { BeanMovement, BeanReason, MyInfo } from '@steelport/contracts';
import type { BeanMovementRow, MyInfoRows } from './repo.ts';

/**
 * The caller's own profile: one entry per active VIP commodity with isVip 1 while the user
 * holds an unexpired membership of it (the portal's badge reads the 免豆会员 entry).
 */
export function presentMyInfo(rows: MyInfoRows): MyInfo | null {
  const { user, commodities, memberships } = rows;
  if (!user) return null;
  const activeUntil = new Map(memberships.map((m) => [m.commodityId, m.expiresAt]));
  return {
    id: user.id,
    linkMan: user.linkMan,
    phone: user.phone,
    role: user.role,
    beans: user.beans,
    company:
      user.companyId !== null && user.companyName !== null
        ? { id: user.companyId, name: user.companyName }
        : null,
    userNewVipVo: commodities.map((c) => {
      const expiresAt = activeUntil.get(c.id);
      return {
        name: c.name,
        isVip: expiresAt ? 1 : 0,
        expireAt: expiresAt ? expiresAt.toISOString() : null,
        dataAccess: c.dataAccess ? 1 : 0,
      };
    }),
    lang: user.lang ?? null,
  };
}

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
