/**
 * VIP rows -> contract shapes. Money stays integer fen (the VIP contracts say so, and the portal
 * formats it); dates become ISO strings.
 */
import {
  BEANS_DEDUCTION_CAP_PERCENT,
  type BuyVipInfo,
  FEN_PER_BEAN,
  type MyInfo,
  type MyOrder,
  type MyVip,
  type OrderState,
  PAY_METHODS,
  PAYMENT_TIMEOUT_SECONDS,
  type PayMethod,
  type PayMethodOffer,
  type PaymentResult,
  type PaymentState,
  type VipCommodity,
  type VipPrice,
} from '@steelport/contracts';
import { DAY_MS, SECOND_MS } from '../../dates.ts';
import { perDay, purchaseReward, type Quote } from './pricing.ts';
import type { CatalogRow, OrderRow, PaymentRow } from './repo.ts';

const flag = (n: number): 0 | 1 => (n === 1 ? 1 : 0);

/** A commodity's English texts (issue 31), each left out while empty. */
export function commodityEnglish(c: Pick<CatalogRow, 'nameEn' | 'descriptionEn' | 'benefitsEn'>) {
  return {
    ...(c.nameEn ? { nameEn: c.nameEn } : {}),
    ...(c.descriptionEn ? { descriptionEn: c.descriptionEn } : {}),
    ...(c.benefitsEn.length ? { benefitsEn: c.benefitsEn } : {}),
  };
}

/** A commodity with its prices ascending by day, each with its daily rate and saving. */
export function presentCommodity(c: CatalogRow): VipCommodity {
  const prices = [...c.prices].sort(([a], [b]) => a - b);
  const [shortestDay, shortestPrice] = prices[0] ?? [0, 0];
  return {
    id: c.id,
    name: c.name,
    isVip: flag(c.isVip),
    description: c.description,
    benefits: c.benefits,
    ...commodityEnglish(c),
    perSeat: c.perSeat,
    prices: prices.map(([day, priceFen]) => ({
      day,
      priceFen,
      perDayFen: perDay(priceFen, day),
      saveFen: shortestDay > 0 ? Math.max(0, Math.round((shortestPrice * day) / shortestDay) - priceFen) : 0,
    })),
  };
}

/** The catalogue with the durations on sale and the caller's beans rule. */
export function presentBuyInfo(
  catalog: CatalogRow[],
  beans: { balance: number; useBeans: boolean },
  payMethods: PayMethodOffer[],
): BuyVipInfo {
  const days = [...new Set(catalog.flatMap((c) => [...c.prices.keys()]))].sort((a, b) => a - b);
  return {
    commodities: catalog.map(presentCommodity),
    payMethods,
    days,
    beans: {
      fenPerBean: FEN_PER_BEAN,
      capPercent: BEANS_DEDUCTION_CAP_PERCENT,
      balance: beans.balance,
      useBeans: beans.useBeans,
    },
    payTimeoutSeconds: PAYMENT_TIMEOUT_SECONDS,
  };
}

/** A quote. */
export function presentPrice(q: Quote): VipPrice {
  return {
    day: q.day,
    count: q.count,
    items: q.items,
    listFen: q.listFen,
    perDayFen: perDay(q.listFen, q.day),
  };
}

type Names = Map<number, { name: string; isVip: number; perSeat: boolean }>;

/** The lines of a stored order: its commodities with the order's days and seats. */
function itemsOf(o: { commodityIds: number[]; days: number; quantity: number }, names: Names) {
  return o.commodityIds.map((commodityId) => {
    const c = names.get(commodityId);
    return {
      commodityId,
      name: c?.name ?? '已下架会员',
      isVip: flag(c?.isVip ?? 0),
      day: o.days,
      count: c?.perSeat ? o.quantity : 1,
    };
  });
}

/** The portal's payment state (a refunded order's payment reads closed). */
function paymentState(state: string): PaymentState {
  return state === 'paid' || state === 'pending' ? state : 'closed';
}

/** A payment as its owner sees it, with the membership entries after it. */
export function presentPaymentResult(
  p: PaymentRow,
  names: Names,
  periods: { commodityId: number; startsAt: Date; expiresAt: Date }[],
  me: MyInfo | null,
  now: Date,
): PaymentResult {
  const state = paymentState(p.state);
  return {
    paymentId: p.id,
    orderNo: p.orderNo,
    state,
    method: payMethodOf(p.provider),
    items: itemsOf(p, names),
    listFen: p.listFen,
    beansUsed: p.beansUsed,
    deductionFen: p.deductionFen,
    amountFen: p.amountFen,
    rewardBeans: purchaseReward(p.amountFen),
    createdAt: p.createdAt.toISOString(),
    expiresAt: p.expiresAt.toISOString(),
    expiresInSeconds:
      state === 'pending' ? Math.max(0, Math.ceil((p.expiresAt.getTime() - now.getTime()) / SECOND_MS)) : 0,
    paidAt: p.paidAt ? p.paidAt.toISOString() : null,
    closedAt: p.closedAt ? p.closedAt.toISOString() : null,
    userNewVipVo: me?.userNewVipVo ?? [],
    extended: periods.map((m) => ({
      commodityId: m.commodityId,
      name: names.get(m.commodityId)?.name ?? '已下架会员',
      startsAt: m.startsAt.toISOString(),
      expiresAt: m.expiresAt.toISOString(),
    })),
    beans: me?.beans ?? 0,
  };
}

/**
 * An order's state as every client shows it: an unpaid order past its time reads closed, also in
 * the minute before the closing job has closed it (the buyer can no longer pay it anyway).
 */
export function orderStateAt(o: { state: string; expiresAt: Date }, now: Date): OrderState {
  if (o.state === 'pending') return o.expiresAt <= now ? 'closed' : 'pending';
  return o.state === 'paid' || o.state === 'refunded' ? o.state : 'closed';
}

/** One order of the caller's history. */
export function presentOrder(o: OrderRow, names: Names, now = new Date()): MyOrder {
  const state = orderStateAt(o, now);
  return {
    orderId: o.id,
    orderNo: o.orderNo,
    paymentId: o.paymentId === null ? null : Number(o.paymentId),
    state,
    items: itemsOf(o, names),
    day: o.days,
    count: o.quantity,
    listFen: o.listFen,
    beansUsed: o.beansUsed,
    deductionFen: o.deductionFen,
    amountFen: o.amountFen,
    createdAt: o.createdAt.toISOString(),
    expiresAt: o.expiresAt.toISOString(),
    paidAt: o.paidAt ? o.paidAt.toISOString() : null,
    // Closed by its time but not yet by the job: it closed at its deadline.
    closedAt: o.closedAt ? o.closedAt.toISOString() : state === 'closed' ? o.expiresAt.toISOString() : null,
  };
}

/** Every commodity on sale with the caller's membership of it. */
export function presentMyVip(
  catalog: CatalogRow[],
  summary: { commodityId: number; expiresAt: Date | null; active: boolean; seats: number }[],
  me: MyInfo,
  now: Date,
): MyVip {
  const byId = new Map(summary.map((s) => [s.commodityId, s]));
  const entries = catalog.map((c) => {
    const s = byId.get(c.id);
    const expireAt = s?.expiresAt ? new Date(s.expiresAt) : null;
    const active = Boolean(s?.active) && expireAt !== null && expireAt > now;
    return {
      commodityId: c.id,
      name: c.name,
      isVip: flag(c.isVip),
      description: c.description,
      benefits: c.benefits,
      ...commodityEnglish(c),
      active,
      expireAt: expireAt ? expireAt.toISOString() : null,
      daysLeft: active && expireAt ? Math.ceil((expireAt.getTime() - now.getTime()) / DAY_MS) : 0,
      seats: s ? Number(s.seats) : 1,
    };
  });
  return {
    isVip: entries.some((e) => e.isVip === 1 && e.active),
    entries,
    userNewVipVo: me.userNewVipVo,
    beans: me.beans,
  };
}

/** A payment's provider as the portal names it (a stored name this build does not know reads sandbox). */
function payMethodOf(provider: string): PayMethod {
  return (PAY_METHODS as readonly string[]).includes(provider) ? (provider as PayMethod) : 'sandbox';
}
