/**
 * SQL of the console's VIP part: commodities with their prices (on sale or not, written here),
 * and reads of the searched page of orders with their buyers, one order with its payments, the
 * membership periods a refund rewrites and the purchase reward an order's payment granted. Orders,
 * payments and memberships are written by the VIP module alone (`vip/service.ts`). Every function
 * takes `DbOrTx` and runs its queries one after another.
 */
import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import {
  beanLedger,
  type OrderState,
  orders,
  payments,
  userMemberships,
  users,
  vipCommodities,
  vipPrices,
} from '../../db/schema/index.ts';

/** `%` and `_` of a typed keyword match themselves. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const commodityColumns = {
  id: vipCommodities.id,
  name: vipCommodities.name,
  isVip: vipCommodities.isVip,
  description: vipCommodities.description,
  benefits: vipCommodities.benefits,
  active: vipCommodities.active,
  perSeat: vipCommodities.perSeat,
  dataAccess: vipCommodities.dataAccess,
  sort: vipCommodities.sort,
  updatedAt: vipCommodities.updatedAt,
};

/** Commodities (all, or those of `ids`) in catalogue order, each with its prices by day. */
export async function commoditiesWithPrices(db: DbOrTx, ids?: number[]) {
  const only = ids ? inArray(vipCommodities.id, ids) : undefined;
  const [rows, prices] = await inSequence([
    db
      .select(commodityColumns)
      .from(vipCommodities)
      .where(only)
      .orderBy(asc(vipCommodities.sort), asc(vipCommodities.id)),
    db
      .select({ commodityId: vipPrices.commodityId, days: vipPrices.days, priceFen: vipPrices.priceFen })
      .from(vipPrices)
      .where(ids ? inArray(vipPrices.commodityId, ids) : undefined)
      .orderBy(asc(vipPrices.days)),
  ]);
  return rows.map((c) => ({ ...c, prices: prices.filter((p) => p.commodityId === c.id) }));
}
export type CommodityRow = Awaited<ReturnType<typeof commoditiesWithPrices>>[number];

/** Whether another commodity already has `name`. */
export async function nameTaken(db: DbOrTx, name: string, exceptId: number): Promise<boolean> {
  const rows = await db
    .select({ id: vipCommodities.id })
    .from(vipCommodities)
    .where(and(eq(vipCommodities.name, name), ne(vipCommodities.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** Writes a commodity's editable columns. */
export async function updateCommodity(
  db: DbOrTx,
  id: number,
  set: { name: string; description: string; benefits: string[]; active: boolean },
): Promise<void> {
  await db
    .update(vipCommodities)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(vipCommodities.id, id));
}

/** Makes a commodity's prices exactly `prices`: durations left out are deleted, the others upserted. */
export async function replacePrices(
  db: DbOrTx,
  commodityId: number,
  prices: { days: number; priceFen: number }[],
): Promise<void> {
  const days = prices.map((p) => p.days);
  await db
    .delete(vipPrices)
    .where(
      days.length
        ? and(eq(vipPrices.commodityId, commodityId), notInArray(vipPrices.days, days))
        : eq(vipPrices.commodityId, commodityId),
    );
  const now = new Date();
  for (const p of prices) {
    await db
      .insert(vipPrices)
      .values({ commodityId, days: p.days, priceFen: p.priceFen, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [vipPrices.commodityId, vipPrices.days],
        set: { priceFen: p.priceFen, updatedAt: now },
        // An unchanged price keeps its row untouched.
        setWhere: sql`${vipPrices.priceFen} <> excluded.price_fen`,
      });
  }
}

export interface OrderFilter {
  keyword?: string | undefined;
  state?: OrderState | undefined;
  fromAt?: Date | undefined;
  toAt?: Date | undefined;
}

const orderColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  userId: orders.userId,
  phone: users.phone,
  linkMan: users.linkMan,
  commodityIds: orders.commodityIds,
  days: orders.days,
  quantity: orders.quantity,
  listFen: orders.listFen,
  beansUsed: orders.beansUsed,
  deductionFen: orders.deductionFen,
  amountFen: orders.amountFen,
  rewardBeansTaken: orders.rewardBeansTaken,
  rewardBeansOwed: orders.rewardBeansOwed,
  state: orders.state,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  closedAt: orders.closedAt,
};

/** One page of orders matching the filter, newest first, with the buyer's phone and name. */
export async function ordersPage(db: DbOrTx, f: OrderFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [];
  if (f.keyword) {
    const p = likePattern(f.keyword);
    const match = or(ilike(orders.orderNo, p), ilike(users.phone, p));
    if (match) conditions.push(match);
  }
  if (f.state) conditions.push(eq(orders.state, f.state));
  if (f.fromAt) conditions.push(gte(orders.createdAt, f.fromAt));
  if (f.toAt) conditions.push(lt(orders.createdAt, f.toAt));
  const where = conditions.length ? and(...conditions) : undefined;
  const [list, total] = await inSequence([
    db
      .select(orderColumns)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where),
  ]);
  return { list, total: total[0]?.n ?? 0 };
}
export type OrderRow = Awaited<ReturnType<typeof ordersPage>>['list'][number];

/** One order with its buyer, or null; `lock` holds the order row until the transaction ends. */
export async function findOrder(db: DbOrTx, id: number, lock = false): Promise<OrderRow | null> {
  const q = db
    .select(orderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id))
    .limit(1);
  const rows = lock ? await q.for('update', { of: orders }) : await q;
  return rows[0] ?? null;
}

/** The payments of an order, oldest first; `lock` holds them until the transaction ends. */
export async function paymentsOf(db: DbOrTx, orderId: number, lock = false) {
  const q = db
    .select({
      id: payments.id,
      provider: payments.provider,
      providerRef: payments.providerRef,
      amountFen: payments.amountFen,
      state: payments.state,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
      scene: payments.scene,
      refundState: payments.refundState,
      refundRef: payments.refundRef,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id));
  return lock ? q.for('update') : q;
}
export type PaymentRow = Awaited<ReturnType<typeof paymentsOf>>[number];

/** Names of commodities, on sale or not (old orders keep their names). */
export async function commodityNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: vipCommodities.id, name: vipCommodities.name })
    .from(vipCommodities)
    .where(inArray(vipCommodities.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every period of a user's commodity (what a refund plans over); `lock` holds them. */
export async function periodsOf(db: DbOrTx, userId: number, commodityId: number, lock = false) {
  const q = db
    .select({
      id: userMemberships.id,
      startsAt: userMemberships.startsAt,
      expiresAt: userMemberships.expiresAt,
      sourceOrderId: userMemberships.sourceOrderId,
    })
    .from(userMemberships)
    .where(and(eq(userMemberships.userId, userId), eq(userMemberships.commodityId, commodityId)))
    .orderBy(asc(userMemberships.startsAt), asc(userMemberships.id));
  return lock ? q.for('update') : q;
}

/** The periods an order bought. */
export async function periodsOfOrder(db: DbOrTx, orderId: number) {
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

/** The beans the order's payment granted as its purchase reward (its ledger line; 0 when none). */
export async function rewardOf(db: DbOrTx, userId: number, orderId: number): Promise<number> {
  const [row] = await db
    .select({ beans: sql<number>`coalesce(sum(${beanLedger.delta}), 0)::int` })
    .from(beanLedger)
    .where(
      and(
        eq(beanLedger.userId, userId),
        eq(beanLedger.refType, 'vip_order'),
        eq(beanLedger.refId, orderId),
        eq(beanLedger.reason, 'earned'),
      ),
    );
  return row?.beans ?? 0;
}
