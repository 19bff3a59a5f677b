/**
 * Warehouses (仓库) where spot stock lies, grouped into markets (上海, 乐从, 天津...), and the
 * daily figures operators enter per warehouse and product. Sample warehouses feed the steel
 * index; partner warehouses offer inspection (验货) and the cloud-warehouse self-service view.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf, specColumns, timestamps } from './columns.ts';
import { materials, mills, products } from './dictionary.ts';
import { companies, users } from './users.ts';

/** Regions the inspection page groups partner warehouses by. */
export const REGIONS = ['华东', '华南', '华北', '华中', '东北', '西南', '西北'] as const;

export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    /** the English name; empty: the portal names it by rule (the city in pinyin + the kind) */
    nameEn: varchar('name_en', { length: 120 }).notNull().default(''),
    /** the city as the trade names it: 上海, 乐从, 张家港 (shown in the city facet) */
    city: varchar('city', { length: 20 }).notNull(),
    /** the market the warehouse counts in for the index and saturation: 张家港 counts in 上海 */
    market: varchar('market', { length: 20 }).notNull(),
    region: varchar('region', { length: 10, enum: REGIONS }).notNull(),
    province: varchar('province', { length: 20 }).notNull(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    /** storage capacity in tonnes; saturation = stock / capacity */
    capacityTonnes: integer('capacity_tonnes').notNull(),
    /** counted in the steel index (样本仓库) */
    isSample: boolean('is_sample').notNull().default(false),
    /** partner for warehouse inspection (验货) */
    inspectionPartner: boolean('inspection_partner').notNull().default(false),
    /** partner for the cloud-warehouse self-service view (云仓) */
    cloudPartner: boolean('cloud_partner').notNull().default(false),
    contactName: varchar('contact_name', { length: 50 }).notNull().default(''),
    contactPhone: varchar('contact_phone', { length: 20 }).notNull().default(''),
    active: boolean('active').notNull().default(true),
    sort: smallint('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('warehouses_name_uq').on(t.name),
    index('warehouses_market_idx').on(t.market),
    index('warehouses_city_idx').on(t.city),
    check('warehouses_capacity_positive', sql`${t.capacityTonnes} > 0`),
  ],
);

/**
 * One warehouse's figures for one product and day, in kg: goods in (入库), out (出库), closing
 * stock (库存), packed for shipment (打包), listed for trading (挂牌) and dealt (成交).
 */
export const warehouseDaily = pgTable(
  'warehouse_daily',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    day: date('day', { mode: 'string' }).notNull(),
    inKg: integer('in_kg').notNull().default(0),
    outKg: integer('out_kg').notNull().default(0),
    stockKg: integer('stock_kg').notNull().default(0),
    packKg: integer('pack_kg').notNull().default(0),
    tradingKg: integer('trading_kg').notNull().default(0),
    dealKg: integer('deal_kg').notNull().default(0),
    /** number of deals (成交笔数) */
    deals: integer('deals').notNull().default(0),
    /**
     * the warehouse's reported average listing price (挂牌均价) of the product that day, fen per
     * tonne; 0 = not reported. The steel index falls back to these prices on days without
     * enough sample quotations (older history), so every index price comes from a stored input.
     */
    priceFen: integer('price_fen').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('warehouse_daily_wh_product_day_uq').on(t.warehouseId, t.productId, t.day),
    index('warehouse_daily_day_wh_idx').on(t.day, t.warehouseId),
    index('warehouse_daily_product_day_idx').on(t.productId, t.day),
    check(
      'warehouse_daily_non_negative',
      sql`${t.inKg} >= 0 and ${t.outKg} >= 0 and ${t.stockKg} >= 0 and ${t.packKg} >= 0 and ${t.tradingKg} >= 0 and ${t.dealKg} >= 0 and ${t.deals} >= 0 and ${t.priceFen} >= 0`,
    ),
  ],
);

export const CLOUD_COIL_STATUSES = ['in_stock', 'out'] as const;
export type CloudCoilStatus = (typeof CLOUD_COIL_STATUSES)[number];

/**
 * Cloud warehouse (云仓): the coils a trader keeps in a partner warehouse, one row per coil
 * number (卷号), from the day it came in until it went out. The self-service view lists a
 * company's coils by warehouse and its in/out history from these rows.
 */
export const cloudCoils = pgTable(
  'cloud_coils',
  {
    id: serial('id').primaryKey(),
    /**
     * the depositor's account (货主): a member may keep goods without a company; the
     * self-service view shows a member their own coils and those of their company
     */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the owner's company, when the goods belong to a trader firm */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    coilNo: varchar('coil_no', { length: 40 }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    materialId: integer('material_id').references(() => materials.id),
    material: varchar('material', { length: 30 }).notNull().default(''),
    ...specColumns(),
    millId: integer('mill_id').references(() => mills.id),
    origin: varchar('origin', { length: 30 }).notNull().default(''),
    weightKg: integer('weight_kg').notNull(),
    inAt: timestamp('in_at', { withTimezone: true }).notNull(),
    /** null while the coil is still in the warehouse */
    outAt: timestamp('out_at', { withTimezone: true }),
    status: varchar('status', { length: 10, enum: CLOUD_COIL_STATUSES }).notNull().default('in_stock'),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('cloud_coils_company_wh_idx').on(t.companyId, t.warehouseId, t.inAt),
    index('cloud_coils_user_in_idx').on(t.userId, t.inAt),
    // a coil number names one coil in a warehouse
    uniqueIndex('cloud_coils_wh_coil_uq').on(t.warehouseId, t.coilNo),
    index('cloud_coils_coil_idx').on(t.coilNo),
    check('cloud_coils_status_ck', oneOf(t.status, CLOUD_COIL_STATUSES)),
    check('cloud_coils_weight_positive', sql`${t.weightKg} > 0`),
    check('cloud_coils_out_after_in', sql`${t.outAt} is null or ${t.outAt} >= ${t.inAt}`),
  ],
);
