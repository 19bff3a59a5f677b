/**
 * The VIP module's queries: the commodities and their prices, orders, payments and the
 * membership periods paid orders bought (an operator's refund writes through `repo/refunds.ts`).
 * Each function takes `DbOrTx` and runs its queries one after another (a transaction is one
 * connection on node-postgres).
 */
import { and, asc, count, desc, eq, gt, inArray, lte, max, ne, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import {
  membershipPeriods,
  ORDER_STATES,
  orders,
  payments,
  userMemberships,
  vipCommodities,
  vipPrices,
} from '../../db/schema/index.ts';

/** The active commodities in catalogue order (免豆会员 first), each with its prices by day. */
export async function loadCatalog(db: DbOrTx) {
  const [commodities, prices] = await inSequence([
    db
      .select({
        id: vipCommodities.id,
        name: vipCommodities.name,
        isVip: vipCommodities.isVip,
        description: vipCommodities.description,
        benefits: vipCommodities.benefits,
        nameEn: vipCommodities.nameEn,
        descriptionEn: vipCommodities.descriptionEn,
        benefitsEn: vipCommodities.benefitsEn,
        perSeat: vipCommodities.perSeat,
      })
      .from(vipCommodities)
      .where(eq(vipCommodities.active, true))
      .orderBy(asc(vipCommodities.sort), asc(vipCommodities.id)),
    db
      .select({ commodityId: vipPrices.commodityId, days: vipPrices.days, priceFen: vipPrices.priceFen })
      .from(vipPrices)
      .orderBy(asc(vipPrices.days)),
  ]);
  return commodities.map((c) => ({
    ...c,
    prices: new Map(prices.filter((p) => p.commodityId === c.id).map((p) => [p.days, p.priceFen])),
  }));
}
export type CatalogRow = Awaited<ReturnType<typeof loadCatalog>>[number];

/** Names and badge flags of commodities, active or not (old orders keep their names). */
export async function commodityNames(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, { name: string; isVip: number; perSeat: boolean }>();
  const rows = await db
    .select({
      id: vipCommodities.id,
      name: vipCommodities.name,
      isVip: vipCommodities.isVip,
      perSeat: vipCommodities.perSeat,
    })
    .from(vipCommodities)
    .where(inArray(vipCommodities.id, ids));
  return new Map(rows.map((r) => [r.id, { name: r.name, isVip: r.isVip, perSeat: r.perSeat }]));
}

/** Creates an order; its number is unique (the caller makes a random one). */
export async function insertOrder(db: DbOrTx, input: typeof orders.$inferInsert): Promise<number> {
  const [row] = await db.insert(orders).values(input).returning({ id: orders.id });
  if (!row) throw new Error('order not inserted');
  return row.id;
}

/** Creates the pending payment of an order. */
export async function insertPayment(db: DbOrTx, input: typeof payments.$inferInsert): Promise<number> {
  const [row] = await db.insert(payments).values(input).returning({ id: payments.id });
  if (!row) throw new Error('payment not inserted');
  return row.id;
}

const paymentColumns = {
  id: payments.id,
  orderId: payments.orderId,
  provider: payments.provider,
  scene: payments.scene,
  startedAt: payments.startedAt,
  providerRef: payments.providerRef,
  amountFen: payments.amountFen,
  state: payments.state,
  paidAt: payments.paidAt,
  expiresAt: payments.expiresAt,
  createdAt: payments.createdAt,
  userId: orders.userId,
  orderNo: orders.orderNo,
  orderState: orders.state,
  commodityIds: orders.commodityIds,
  days: orders.days,
  quantity: orders.quantity,
  listFen: orders.listFen,
  beansUsed: orders.beansUsed,
  deductionFen: orders.deductionFen,
  closedAt: orders.closedAt,
};

/** A payment with its order, or null. */
export async function findPayment(db: DbOrTx, paymentId: number) {
  const rows = await db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  return rows[0] ?? null;
}
export type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPayment>>>;

/**
 * The same, locking the payment and its order until the transaction ends: concurrent
 * notifications, the closing job and a cancel of one payment queue here, one after another.
 */
export async function lockPayment(db: DbOrTx, paymentId: number): Promise<PaymentRow | null> {
  const rows = await db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, paymentId))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** Marks a pending payment and its order paid; false when it was no longer pending. */
export async function markPaid(
  db: DbOrTx,
  p: { paymentId: number; orderId: number; providerRef: string; signature: string; at: Date },
): Promise<boolean> {
  const updated = await db
    .update(payments)
    .set({
      state: 'paid',
      providerRef: p.providerRef,
      signature: p.signature,
      notifiedAt: p.at,
      paidAt: p.at,
      updatedAt: p.at,
    })
    .where(and(eq(payments.id, p.paymentId), eq(payments.state, 'pending')))
    .returning({ id: payments.id });
  if (!updated.length) return false;
  await db
    .update(orders)
    .set({ state: 'paid', paidAt: p.at, updatedAt: p.at })
    .where(and(eq(orders.id, p.orderId), eq(orders.state, 'pending')));
  return true;
}

/** Closes a pending payment and its order; false when it was no longer pending. */
export async function markClosed(db: DbOrTx, p: { paymentId: number; orderId: number; at: Date }) {
  const updated = await db
    .update(payments)
    .set({ state: 'closed', updatedAt: p.at })
    .where(and(eq(payments.id, p.paymentId), eq(payments.state, 'pending')))
    .returning({ id: payments.id });
  if (!updated.length) return false;
  await db
    .update(orders)
    .set({ state: 'closed', closedAt: p.at, updatedAt: p.at })
    .where(and(eq(orders.id, p.orderId), eq(orders.state, 'pending')));
  return true;
}

/** The payment of an order number (a provider's out_trade_no), or null. */
export async function paymentIdOfOrderNo(db: DbOrTx, orderNo: string): Promise<number | null> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(orders.orderNo, orderNo))
    .orderBy(desc(payments.id))
    .limit(1);
  return rows[0]?.id ?? null;
}

/**
 * Records that a pending payment was opened at a provider for a scene (the first opening's time
 * is kept: the query job counts from it). False when it was no longer pending.
 */
export async function markStarted(
  db: DbOrTx,
  p: { paymentId: number; provider: string; scene: string; at: Date },
): Promise<boolean> {
  const updated = await db
    .update(payments)
    .set({
      provider: p.provider,
      scene: p.scene,
      startedAt: sql`coalesce(${payments.startedAt}, ${p.at.toISOString()}::timestamptz)`,
      updatedAt: p.at,
    })
    .where(and(eq(payments.id, p.paymentId), eq(payments.state, 'pending')))
    .returning({ id: payments.id });
  return updated.length > 0;
}

/**
 * Pending payments opened at a real provider at least `olderThan` ago and not yet expired (the
 * query job's batch: their notification may have been lost), oldest first.
 */
export async function unsettledStartedPayments(
  db: DbOrTx,
  olderThan: Date,
  now: Date,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.state, 'pending'),
        lte(payments.startedAt, olderThan),
        gt(payments.expiresAt, now),
        ne(payments.provider, 'sandbox'),
      ),
    )
    .orderBy(asc(payments.startedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** A provider's refund notification: the refund of `refundNo` finished or failed. */
export async function finishRefund(
  db: DbOrTx,
  r: { provider: string; refundNo: string; refundRef: string; state: 'success' | 'failed'; at: Date },
): Promise<{ paymentId: number; orderId: number; before: string | null } | null> {
  const [before] = await db
    .select({ id: payments.id, orderId: payments.orderId, refundState: payments.refundState })
    .from(payments)
    .where(and(eq(payments.provider, r.provider), eq(payments.refundNo, r.refundNo)))
    .limit(1)
    .for('update');
  if (!before) return null;
  if (before.refundState !== 'success') {
    await db
      .update(payments)
      .set({
        refundState: r.state,
        refundRef: r.refundRef,
        refundedAt: r.state === 'success' ? r.at : null,
        updatedAt: r.at,
      })
      .where(eq(payments.id, before.id));
  }
  return { paymentId: before.id, orderId: before.orderId, before: before.refundState };
}

/** Pending payments whose time ran out (the closing job's batch), oldest first. */
export async function expiredPendingPayments(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.state, 'pending'), lte(payments.expiresAt, now)))
    .orderBy(asc(payments.expiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The end of the user's latest period of a commodity, or null (under the payment's lock). */
export async function latestExpiry(db: DbOrTx, userId: number, commodityId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(userMemberships.expiresAt) })
    .from(userMemberships)
    .where(and(eq(userMemberships.userId, userId), eq(userMemberships.commodityId, commodityId)));
  return row?.at ?? null;
}

/** Records one membership period bought by an order (unique per order and commodity). */
export async function insertMembership(
  db: DbOrTx,
  input: typeof userMemberships.$inferInsert,
): Promise<void> {
  await db.insert(userMemberships).values(input);
}

/** The periods an order bought. */
export async function membershipsOfOrder(db: DbOrTx, orderId: number) {
  return db
    .select({
      commodityId: userMemberships.commodityId,
      startsAt: userMemberships.startsAt,
      expiresAt: userMemberships.expiresAt,
    })
    .from(userMemberships)
    .where(eq(userMemberships.sourceOrderId, orderId))
    .orderBy(asc(userMemberships.commodityId));
}

/**
 * Per commodity, the user's latest expiry, whether a period covers `now`, and the seats of the
 * latest period.
 */
export async function membershipSummary(db: DbOrTx, userId: number, now: Date) {
  return db
    .select({
      commodityId: membershipPeriods.commodityId,
      expiresAt: max(membershipPeriods.expiresAt),
      active: sql<boolean>`bool_or(${membershipPeriods.startsAt} <= ${now.toISOString()}::timestamptz and ${membershipPeriods.expiresAt} > ${now.toISOString()}::timestamptz)`,
      seats: sql<number>`(array_agg(${membershipPeriods.seats} order by ${membershipPeriods.expiresAt} desc))[1]::int`,
    })
    .from(membershipPeriods)
    .where(eq(membershipPeriods.userId, userId))
    .groupBy(membershipPeriods.commodityId);
}

/** One page of a user's orders, newest first, each with its latest payment id. */
export async function ordersPage(db: DbOrTx, userId: number, page: number, pageSize: number) {
  const mine = eq(orders.userId, userId);
  const [list, [total]] = await inSequence([
    db
      .select({
        id: orders.id,
        orderNo: orders.orderNo,
        state: orders.state,
        commodityIds: orders.commodityIds,
        days: orders.days,
        quantity: orders.quantity,
        listFen: orders.listFen,
        beansUsed: orders.beansUsed,
        deductionFen: orders.deductionFen,
        amountFen: orders.amountFen,
        createdAt: orders.createdAt,
        expiresAt: orders.expiresAt,
        paidAt: orders.paidAt,
        closedAt: orders.closedAt,
        // Qualified by hand: inside the subquery an unqualified "id" would be the payment's.
        paymentId: sql<number | null>`(select max(p.id) from payments p where p.order_id = "orders"."id")`,
      })
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(orders).where(mine),
  ]);
  return { list, total: total?.n ?? 0 };
}
export type OrderRow = Awaited<ReturnType<typeof ordersPage>>['list'][number];

/** Moves a payment's deadline (end-to-end test hook: a payment that timed out). */
export async function setPaymentDeadline(db: DbOrTx, paymentId: number, at: Date): Promise<void> {
  const [p] = await db
    .update(payments)
    .set({ expiresAt: at })
    .where(eq(payments.id, paymentId))
    .returning({ orderId: payments.orderId });
  if (p) await db.update(orders).set({ expiresAt: at }).where(eq(orders.id, p.orderId));
}

/** How many payments are in each state (the metrics' gauge), every state named, a zero too. */
export async function paymentCountsByState(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ state: payments.state, count: count() })
    .from(payments)
    .groupBy(payments.state);
  const counts: Record<string, number> = Object.fromEntries(ORDER_STATES.map((state) => [state, 0]));
  for (const row of rows) counts[row.state] = row.count;
  return counts;
}
