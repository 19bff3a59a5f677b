/**
 * What traders publish: spot stock (现货, `cargo`), surplus material (余料, `surplus`) and daily
 * quotations (今日报价, `quotations`).
 *
 * Money is integer fen (分, 1/100 元) per tonne so sums and averages are exact; the API shows
 * yuan with two decimals. A price of 0 means 电议 ("call to discuss"): the trader does not
 * publish a price and the buyer has to phone, so 0 rows are excluded from price averages and sort
 * after priced rows. Weights are integer kg; the API shows tonnes with three decimals.
 *
 * Each row keeps both the dictionary ids (for exact filters on btree indexes) and the text the
 * trader wrote (material, origin), since a sheet may name a material or mill the dictionary does
 * not know yet.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { oneOf, specColumns, timestamps } from './columns.ts';
import { materials, mills, products } from './dictionary.ts';
import { companies } from './users.ts';
import { warehouses } from './warehouse.ts';

/** `deleted`: removed by its trader (kept for history and enquiries); no public read shows it. */
export const CARGO_STATUSES = ['on_sale', 'sold_out', 'deleted'] as const;
export type CargoStatus = (typeof CARGO_STATUSES)[number];

/** Quality grades of surplus material: prime, off-spec by agreement, seconds, rejects. */
export const SURPLUS_GRADES = ['正品', '协议品', '次品', '等外品'] as const;
export type SurplusGrade = (typeof SURPLUS_GRADES)[number];

/** Columns cargo and surplus share: one lot of steel lying in a warehouse. */
function lotColumns() {
  return {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    materialId: integer('material_id').references(() => materials.id),
    /** material as written (Q235B); equals the dictionary name when materialId is set */
    material: varchar('material', { length: 30 }).notNull().default(''),
    ...specColumns(),
    millId: integer('mill_id').references(() => mills.id),
    /** origin (产地) as written; equals the mill name when millId is set */
    origin: varchar('origin', { length: 30 }).notNull().default(''),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    /** warehouse as written; equals the warehouse name when warehouseId is set */
    warehouseName: varchar('warehouse_name', { length: 60 }).notNull().default(''),
    /** the warehouse's city, copied so the city facet needs no join */
    city: varchar('city', { length: 20 }).notNull(),
    /** 件数: coils, bundles of sheet or plates */
    pieces: integer('pieces').notNull(),
    weightKg: integer('weight_kg').notNull(),
    /** fen per tonne; 0 = 电议 (call for price) */
    priceFen: integer('price_fen').notNull().default(0),
    /** the supplier (供应商) */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** see search-text.ts: product, material, spec, mill, warehouse, city, supplier, remark */
    searchText: text('search_text').notNull().default(''),
    status: varchar('status', { length: 10, enum: CARGO_STATUSES }).notNull().default('on_sale'),
    ...timestamps(),
  };
}

/**
 * Spot stock (现货资源): the rows of /wareHouse. Time indexes are ascending on purpose: a
 * backward scan serves `order by updated_at desc`, while Drizzle's `.desc()` would add
 * `nulls last`, which that order by cannot use.
 */
export const cargo = pgTable('cargo', lotColumns(), (t) => [
  index('cargo_status_product_price_idx').on(t.status, t.productId, t.priceFen),
  index('cargo_product_material_mill_price_idx').on(t.productId, t.materialId, t.millId, t.priceFen),
  index('cargo_city_product_idx').on(t.city, t.productId),
  index('cargo_warehouse_idx').on(t.warehouseId),
  index('cargo_company_idx').on(t.companyId, t.updatedAt),
  // A spec (2.75*1250) walks this in time order. The product, material and mill of a keyword
  // that names them too are checked in the index, before any row is read: at ten million lots
  // 热卷 Q235B 2.75*1250 日照 乐从 read 52,000 pages through two bitmaps (340 ms), here 130 (0.7 ms).
  index('cargo_spec_time_idx').on(t.thickness, t.width, t.updatedAt, t.productId, t.materialId, t.millId),
  // A keyword naming a material and a thickness (冷轧 SPCC 1.0, 中厚板 Q355B 20) walks this in time
  // order instead of sorting thousands of matches (with the statistics of migration 0008).
  index('cargo_material_thickness_time_idx').on(t.materialId, t.thickness, t.updatedAt),
  index('cargo_updated_at_idx').on(t.updatedAt),
  // sort by weight (重量) walks this instead of sorting every match
  index('cargo_weight_idx').on(t.weightKg),
  index('cargo_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  check('cargo_status_ck', oneOf(t.status, CARGO_STATUSES)),
  check('cargo_quantities_ck', sql`${t.pieces} > 0 and ${t.weightKg} > 0 and ${t.priceFen} >= 0`),
]);

/** Surplus material (余料): a lot with a quality grade and the defects that make it surplus. */
export const surplus = pgTable(
  'surplus',
  {
    ...lotColumns(),
    grade: varchar('grade', { length: 10, enum: SURPLUS_GRADES }).notNull().default('正品'),
    /** defects and remarks on quality: 边浪, 表面锈, 尾卷 */
    defects: varchar('defects', { length: 300 }).notNull().default(''),
  },
  (t) => [
    index('surplus_status_product_price_idx').on(t.status, t.productId, t.priceFen),
    index('surplus_product_material_mill_price_idx').on(t.productId, t.materialId, t.millId, t.priceFen),
    index('surplus_city_product_idx').on(t.city, t.productId),
    index('surplus_grade_idx').on(t.grade, t.productId),
    index('surplus_warehouse_idx').on(t.warehouseId),
    index('surplus_company_idx').on(t.companyId, t.updatedAt),
    index('surplus_thickness_width_idx').on(t.thickness, t.width),
    index('surplus_material_thickness_time_idx').on(t.materialId, t.thickness, t.updatedAt),
    index('surplus_updated_at_idx').on(t.updatedAt),
    index('surplus_weight_idx').on(t.weightKg),
    index('surplus_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('surplus_status_ck', oneOf(t.status, CARGO_STATUSES)),
    check('surplus_grade_ck', oneOf(t.grade, SURPLUS_GRADES)),
    check('surplus_quantities_ck', sql`${t.pieces} > 0 and ${t.weightKg} > 0 and ${t.priceFen} >= 0`),
  ],
);

/**
 * A trader's quote for one item on one day. The same item (product, material, spec, origin,
 * city, warehouse) quoted again carries the previous price and the change, so the list can show
 * 涨跌 without a self-join.
 */
export const quotations = pgTable(
  'quotations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    materialId: integer('material_id').references(() => materials.id),
    material: varchar('material', { length: 30 }).notNull().default(''),
    ...specColumns(),
    millId: integer('mill_id').references(() => mills.id),
    origin: varchar('origin', { length: 30 }).notNull().default(''),
    city: varchar('city', { length: 20 }).notNull(),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    warehouseName: varchar('warehouse_name', { length: 60 }).notNull().default(''),
    /** fen per tonne; 0 = 电议 */
    priceFen: integer('price_fen').notNull().default(0),
    quoteDate: date('quote_date', { mode: 'string' }).notNull(),
    /** the trader's previous quote of the same item, null for the first quote */
    prevPriceFen: integer('prev_price_fen'),
    /** priceFen - prevPriceFen; 0 when either side is 电议 or there is no previous quote */
    changeFen: integer('change_fen').notNull().default(0),
    /** tonnage offered at this price, kg; 0 when not stated */
    weightKg: integer('weight_kg').notNull().default(0),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    /** removed by its trader (kept for history and enquiries); every read skips it */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('quotations_date_product_price_idx').on(t.quoteDate, t.productId, t.priceFen),
    index('quotations_company_date_idx').on(t.companyId, t.quoteDate),
    index('quotations_date_city_idx').on(t.quoteDate, t.city),
    // The sorts of the day's table (modules/quotation): time, price and change each walk one of
    // these instead of sorting the day's thousands of quotes (ascending, see cargo's time index).
    index('quotations_date_updated_idx').on(t.quoteDate, t.updatedAt),
    index('quotations_date_price_idx').on(t.quoteDate, t.priceFen),
    index('quotations_date_change_idx').on(t.quoteDate, t.changeFen),
    index('quotations_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('quotations_amounts_ck', sql`${t.priceFen} >= 0 and ${t.weightKg} >= 0`),
  ],
);
