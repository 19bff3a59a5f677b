/**
 * Membership, orders, payments and beans (钢豆).
 *
 * A VIP commodity is sold for a number of days at a price in fen. Paying an order extends the
 * buyer's membership: one `user_memberships` row per (order, commodity), starting where the
 * previous period of that commodity ends, so a paid order can extend membership only once (unique
 * source order + commodity). Beans are a ledger: each movement is a row with the balance after
 * it, never negative; `users.beans` is the running balance.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from './columns.ts';
import { users } from './users.ts';

export const ORDER_STATES = ['pending', 'paid', 'closed', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** A provider refund's progress: asked, then done or refused by the provider. */
export const REFUND_STATES = ['processing', 'success', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * Why beans moved: earned by activity, spent on an unlock, refunded, adjusted by an operator, or
 * held for a pending VIP order (taken off its price once paid; a `refunded` movement returns them
 * when the order closes unpaid).
 */
export const BEAN_REASONS = ['earned', 'spent', 'refunded', 'adjusted', 'held'] as const;
export type BeanReason = (typeof BEAN_REASONS)[number];

/** Durations a commodity is sold for, in days. */
export const VIP_DAYS = [30, 90, 180, 365] as const;

/** Membership entries for sale; the one named 免豆会员 with isVip = 1 makes a user VIP. */
export const vipCommodities = pgTable(
  'vip_commodities',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 30 }).notNull(),
    /** 1 for the VIP entry (免豆会员), 0 otherwise; smallint because the portal reads isVip === 1 */
    isVip: smallint('is_vip').notNull().default(0),
    description: text('description').notNull().default(''),
    benefits: text('benefits').array().notNull().default([]),
    /** English name, description and benefits (issue 31); empty when none yet */
    nameEn: varchar('name_en', { length: 60 }).notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    benefitsEn: text('benefits_en').array().notNull().default([]),
    active: boolean('active').notNull().default(true),
    /** opens the full index history and the Excel exports (access level `data`) */
    dataAccess: boolean('data_access').notNull().default(false),
    /** priced per seat: an order's count multiplies its price (企业会员) */
    perSeat: boolean('per_seat').notNull().default(false),
    /** its members (and the holders of its seats) see suppliers' phones without beans */
    freeUnlocks: boolean('free_unlocks').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('vip_commodities_name_uq').on(t.name),
    check('vip_commodities_is_vip_ck', sql`${t.isVip} in (0, 1)`),
  ],
);

export const vipPrices = pgTable(
  'vip_prices',
  {
    id: serial('id').primaryKey(),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => vipCommodities.id, { onDelete: 'cascade' }),
    days: smallint('days').notNull(),
    priceFen: integer('price_fen').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('vip_prices_commodity_days_uq').on(t.commodityId, t.days),
    check('vip_prices_positive', sql`${t.days} > 0 and ${t.priceFen} > 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** human-readable order number shown to the buyer */
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    commodityIds: integer('commodity_ids').array().notNull(),
    days: smallint('days').notNull(),
    /** seats bought of the per-seat commodities (savePayment?count); 1 otherwise */
    quantity: smallint('quantity').notNull().default(1),
    /** sum of list prices, fen */
    listFen: integer('list_fen').notNull(),
    /** beans taken off the price */
    beansUsed: integer('beans_used').notNull().default(0),
    deductionFen: integer('deduction_fen').notNull().default(0),
    /** what the buyer pays: listFen - deductionFen */
    amountFen: integer('amount_fen').notNull(),
    /** of the purchase reward (beans the payment granted), what its refund took back */
    rewardBeansTaken: integer('reward_beans_taken').notNull().default(0),
    /** what of the reward was already spent when the order was refunded: owed, shown to operators */
    rewardBeansOwed: integer('reward_beans_owed').notNull().default(0),
    state: varchar('state', { length: 10, enum: ORDER_STATES }).notNull().default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** a pending order closes itself after this */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_state_expires_idx').on(t.state, t.expiresAt),
    check('orders_state_ck', oneOf(t.state, ORDER_STATES)),
    check(
      'orders_amounts_ck',
      sql`${t.amountFen} >= 0 and ${t.deductionFen} >= 0 and ${t.beansUsed} >= 0 and ${t.amountFen} = ${t.listFen} - ${t.deductionFen}`,
    ),
    check('orders_reward_beans_ck', sql`${t.rewardBeansTaken} >= 0 and ${t.rewardBeansOwed} >= 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** who collects it (providers/payment/types.ts ProviderName), set when the payer chooses */
    provider: varchar('provider', { length: 20 }).notNull().default('sandbox'),
    /** where the payer paid from (PayScene: desktop QR, phone browser, inside WeChat) */
    scene: varchar('scene', { length: 10 }),
    /** when the trade was first opened at the provider; the query job asks about it from then */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** the provider's transaction id, set once known */
    providerRef: varchar('provider_ref', { length: 64 }),
    amountFen: integer('amount_fen').notNull(),
    state: varchar('state', { length: 10, enum: ORDER_STATES }).notNull().default('pending'),
    /** signature of the provider's notification, kept as evidence */
    signature: varchar('signature', { length: 512 }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** our refund number at the provider (out_refund_no), set when an operator refunds */
    refundNo: varchar('refund_no', { length: 64 }),
    /** the provider's refund id */
    refundRef: varchar('refund_ref', { length: 64 }),
    /** processing until the provider's refund notification (or query) says success or failed */
    refundState: varchar('refund_state', { length: 12, enum: REFUND_STATES }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    check('payments_state_ck', oneOf(t.state, ORDER_STATES)),
    check('payments_refund_state_ck', oneOf(t.refundState, REFUND_STATES)),
    // The query job's walk: pending payments opened at a provider, oldest first.
    index('payments_pending_started_idx').on(t.startedAt).where(sql`${t.state} = 'pending'`),
    check('payments_amount_non_negative', sql`${t.amountFen} >= 0`),
  ],
);

export const userMemberships = pgTable(
  'user_memberships',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => vipCommodities.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** seats of this period (企业会员); 1 for the others */
    seats: smallint('seats').notNull().default(1),
    /** the paid order that bought this period; null when granted by an operator or the seed */
    sourceOrderId: integer('source_order_id').references(() => orders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_memberships_user_idx').on(t.userId, t.commodityId, t.expiresAt),
    uniqueIndex('user_memberships_order_commodity_uq').on(t.sourceOrderId, t.commodityId),
    check('user_memberships_period_ck', sql`${t.startsAt} < ${t.expiresAt}`),
  ],
);

export const beanLedger = pgTable(
  'bean_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: varchar('reason', { length: 10, enum: BEAN_REASONS }).notNull(),
    /** what the movement is about: enquiry, inspection, order, signup, activity... */
    refType: varchar('ref_type', { length: 30 }),
    refId: integer('ref_id'),
    note: varchar('note', { length: 200 }).notNull().default(''),
    /** the operator for an adjustment */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bean_ledger_user_created_idx').on(t.userId, t.createdAt),
    index('bean_ledger_ref_idx').on(t.refType, t.refId),
    check('bean_ledger_balance_non_negative', sql`${t.balanceAfter} >= 0`),
    check('bean_ledger_delta_non_zero', sql`${t.delta} <> 0`),
    check('bean_ledger_reason_ck', oneOf(t.reason, BEAN_REASONS)),
    // Once-only movements: one daily sign-in per day (ref_id = yyyymmdd), one hold, one refund and
    // one purchase reward per VIP order. Racing requests meet here, not in a read-then-write.
    uniqueIndex('bean_ledger_once_uq')
      .on(t.userId, t.refType, t.refId, t.reason)
      .where(sql`${t.refType} in ('sign_in', 'vip_order')`),
  ],
);
