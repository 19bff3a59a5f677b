/**
 * The steel index (钢材指数). A definition is a product in a market (乐从热卷) or a composite of
 * several (productId null). A job computes one `index_days` row per definition and day from the
 * sample warehouses' daily figures and a trimmed, tonnage-weighted mean of sample quotations;
 * points = price / base price x 1000. Aggregate tonnages can exceed 2^31 kg, hence bigint.
 *
 * Ratios are fractions (0.0123 = 1.23%) and null when the previous day is missing or zero.
 */
import type { IndexSource } from '@steelport/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { products } from './dictionary.ts';
import { users } from './users.ts';

const kg = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const ratio = (name: string) => numeric(name, { precision: 12, scale: 6, mode: 'number' });

export const indexDefinitions = pgTable(
  'index_definitions',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 40 }).notNull(),
    /** 乐从热卷, 上海冷轧, 全国板材综合 */
    name: varchar('name', { length: 40 }).notNull(),
    /** null for a composite index over several products */
    productId: integer('product_id').references(() => products.id),
    /** a market (乐从) or 全国 for all sample warehouses */
    market: varchar('market', { length: 20 }).notNull(),
    description: text('description').notNull().default(''),
    /** English name and description (issue 31); empty when none yet */
    nameEn: varchar('name_en', { length: 80 }).notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** the day whose price is 1000 points */
    baseDate: date('base_date', { mode: 'string' }).notNull(),
    basePriceFen: integer('base_price_fen').notNull(),
    sort: smallint('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('index_definitions_code_uq').on(t.code),
    check('index_definitions_base_price_positive', sql`${t.basePriceFen} > 0`),
  ],
);

/** One computed day of an index: the Index row and Index day fields (docs/api.md#index-fields). */
export const indexDays = pgTable(
  'index_days',
  {
    id: serial('id').primaryKey(),
    indexId: integer('index_id')
      .notNull()
      .references(() => indexDefinitions.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** fen per tonne */
    priceFen: integer('price_fen').notNull(),
    points: numeric('points', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    /** price change against the previous day, fen (tradeChange, 涨跌) */
    changeFen: integer('change_fen').notNull().default(0),
    changePoints: numeric('change_points', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    stockKg: kg('stock_kg'),
    inKg: kg('in_kg'),
    outKg: kg('out_kg'),
    dealKg: kg('deal_kg'),
    packKg: kg('pack_kg'),
    tradingKg: kg('trading_kg'),
    /** changeStock: stock change against the previous day */
    changeStockKg: bigint('change_stock_kg', { mode: 'number' }).notNull().default(0),
    changeStockRatio: ratio('change_stock_ratio'),
    /** changetradingWeight */
    changeTradingKg: bigint('change_trading_kg', { mode: 'number' }).notNull().default(0),
    /** tradingWeightRatio: changeTradingKg / previous day's tradingKg */
    tradingWeightRatio: ratio('trading_weight_ratio'),
    /** changePackWeight */
    changePackKg: bigint('change_pack_kg', { mode: 'number' }).notNull().default(0),
    changePackRatio: ratio('change_pack_ratio'),
    /**
     * How the price was found (the input hierarchy): quotes (their trimmed mean), chained (the
     * previous price moved by the sample warehouses' listing change) or carried.
     */
    source: varchar('source', { length: 8 }).$type<IndexSource>().notNull().default('quotes'),
    /** quotations (quotes) or matched sample warehouses (chained) the price came from, after trimming */
    sampleCount: integer('sample_count').notNull().default(0),
    /** samples of the day's source trimmed as outliers */
    removedOutliers: integer('removed_outliers').notNull().default(0),
    /** a thin day (chained, carried, a large move on few samples), confirmed or corrected by a later run */
    provisional: boolean('provisional').notNull().default(false),
    /** hash of the day's inputs (and the method version): same hash, same numbers */
    inputsFingerprint: varchar('inputs_fingerprint', { length: 64 }).notNull().default(''),
    /** true when an operator correction overrides computed values */
    corrected: boolean('corrected').notNull().default(false),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('index_days_index_day_uq').on(t.indexId, t.day),
    index('index_days_day_idx').on(t.day),
    check('index_days_price_non_negative', sql`${t.priceFen} >= 0`),
  ],
);

/**
 * An operator's correction of one index day. `values` holds the overridden fields (same keys as
 * index_days, e.g. `{ "priceFen": 356000 }`); the job re-applies the newest non-revoked
 * correction whenever it recomputes the day. `before` keeps what was shown before, for audit.
 */
export const indexCorrections = pgTable(
  'index_corrections',
  {
    id: serial('id').primaryKey(),
    indexId: integer('index_id')
      .notNull()
      .references(() => indexDefinitions.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    values: jsonb('values').$type<Record<string, number>>().notNull(),
    before: jsonb('before').$type<Record<string, number | string | null>>(),
    reason: varchar('reason', { length: 300 }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('index_corrections_index_day_idx').on(t.indexId, t.day)],
);

/**
 * Warehouse saturation (库容饱和度) of a market per day: stock over capacity of its sample
 * warehouses. PORTAL's saturation sample maps date -> day, qqdata -> ratio, trade_weight ->
 * tradingKg, sub -> changeRatio (day-on-day change of the ratio).
 */
export const saturationDays = pgTable(
  'saturation_days',
  {
    id: serial('id').primaryKey(),
    /** a market, or 全国 */
    market: varchar('market', { length: 20 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    stockKg: kg('stock_kg'),
    capacityKg: kg('capacity_kg'),
    tradingKg: kg('trading_kg'),
    ratio: numeric('ratio', { precision: 8, scale: 6, mode: 'number' }).notNull(),
    changeRatio: numeric('change_ratio', { precision: 8, scale: 6, mode: 'number' }).notNull().default(0),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saturation_days_market_day_uq').on(t.market, t.day),
    index('saturation_days_day_idx').on(t.day),
  ],
);
