/**
 * The console's VIP rows -> contract shapes: fen -> 元, dates -> ISO strings, phones unmasked
 * (operators see them); and the one way back, a price typed in 元 -> fen. Pure.
 */
import {
  type AdminVipCommodity,
  type AdminVipMembershipChange,
  type AdminVipOrderRow,
  type AdminVipPayment,
  type AdminVipRefundPreview,
  VIP_DAY_OPTIONS,
} from '@steelport/contracts';
import { DAY_MS } from '../../dates.ts';
import { toFen, toYuan } from '../../present.ts';
import type { CommodityRow, OrderRow, PaymentRow } from './repo.ts';

const iso = (at: Date | null): string | null => (at ? at.toISOString() : null);

/** A commodity with its prices in 元. */
export function presentCommodity(row: CommodityRow): AdminVipCommodity {
  return {
    id: row.id,
    name: row.name,
    isVip: row.isVip === 1 ? 1 : 0,
    description: row.description,
    benefits: row.benefits,
    active: row.active,
    perSeat: row.perSeat,
    dataAccess: row.dataAccess,
    sort: row.sort,
    // The console sells the contract's durations only; a stored price of another duration (none
    // is seeded) is not shown, and the next save of the commodity drops it.
    prices: row.prices.flatMap((p) => {
      const day = VIP_DAY_OPTIONS.find((d) => d === p.days);
      return day === undefined ? [] : [{ day, priceYuan: toYuan(p.priceFen) }];
    }),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A price typed in 元 as fen, or null when it has more than two decimals (a price is whole fen:
 * 19.999 would be charged as 20.00 without the operator knowing).
 */
export function priceFenOf(yuan: number): number | null {
  const fen = toFen(yuan);
  return Math.abs(fen - yuan * 100) < 1e-6 ? fen : null;
}

/** An order with its buyer and its commodities' names. */
export function presentOrderRow(row: OrderRow, names: Map<number, string>): AdminVipOrderRow {
  return {
    id: row.id,
    orderNo: row.orderNo,
    userId: row.userId,
    phone: row.phone,
    linkMan: row.linkMan,
    commodities: row.commodityIds.map((id) => ({ id, name: names.get(id) ?? `#${id}` })),
    days: row.days,
    quantity: row.quantity,
    listYuan: toYuan(row.listFen),
    beansUsed: row.beansUsed,
    deductionYuan: toYuan(row.deductionFen),
    amountYuan: toYuan(row.amountFen),
    rewardBeansTaken: row.rewardBeansTaken,
    rewardBeansOwed: row.rewardBeansOwed,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    closedAt: iso(row.closedAt),
  };
}

/** One payment of an order. */
export function presentPayment(row: PaymentRow): AdminVipPayment {
  return {
    id: row.id,
    provider: row.provider,
    providerRef: row.providerRef,
    amountYuan: toYuan(row.amountFen),
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    scene: row.scene,
    refundState: row.refundState,
    refundRef: row.refundRef,
  };
}

/** A membership's latest end now and after a refund, with the whole days between (rounded). */
export function presentMembershipChange(
  commodityId: number,
  name: string,
  before: Date | null,
  after: Date | null,
): AdminVipMembershipChange {
  const lost = before && after ? before.getTime() - after.getTime() : 0;
  return {
    commodityId,
    name,
    expiresAt: iso(before),
    expiresAtAfter: iso(after),
    days: Math.round(lost / DAY_MS),
  };
}

/**
 * What a refund of a paid order would do: the money, the beans back, the purchase reward taken
 * back (and what of it would stay owed), the memberships' ends.
 */
export function presentRefundPreview(
  order: OrderRow,
  reward: { granted: number; taken: number; owed: number },
  memberships: AdminVipMembershipChange[],
): AdminVipRefundPreview {
  return {
    amountYuan: toYuan(order.amountFen),
    beans: order.beansUsed,
    rewardBeans: reward.granted,
    rewardBeansTaken: reward.taken,
    rewardBeansOwed: reward.owed,
    memberships,
  };
}

/** The order as its audit row keeps it (stored units: fen, so the before/after is exact). */
export function auditOrder(row: OrderRow) {
  return {
    id: row.id,
    orderNo: row.orderNo,
    userId: row.userId,
    commodityIds: row.commodityIds,
    days: row.days,
    amountFen: row.amountFen,
    beansUsed: row.beansUsed,
    rewardBeansTaken: row.rewardBeansTaken,
    rewardBeansOwed: row.rewardBeansOwed,
    state: row.state,
    paidAt: iso(row.paidAt),
    closedAt: iso(row.closedAt),
  };
}
