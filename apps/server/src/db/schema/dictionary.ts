/**
 * The trade's dictionaries: product categories (热轧, 冷轧, 镀锌, 酸洗, 中厚板), products (品名)
 * with aliases and spec ranges, materials (材质) and mills (产地). Search turns words that name
 * a dictionary entry into exact filters, so these tables are small and read often.
 */
import {
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const productCategories = pgTable(
  'product_categories',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 20 }).notNull(),
    name: varchar('name', { length: 20 }).notNull(),
    /** the English name (issue 31); empty when it has none yet */
    nameEn: varchar('name_en', { length: 60 }).notNull().default(''),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('product_categories_code_uq').on(t.code)],
);

/**
 * Product families (热轧, 冷轧, 镀锌, 酸洗): a word a trader types for several products at once. A
 * family word selects every product whose `family_id` names it; `aliases` are its other words
 * (HR, 热板). Operators' data, like product aliases: search reads it through the dictionary.
 */
export const productFamilies = pgTable(
  'product_families',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 20 }).notNull(),
    /** the English name (issue 31); empty when it has none yet */
    nameEn: varchar('name_en', { length: 60 }).notNull().default(''),
    aliases: text('aliases').array().notNull().default([]),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('product_families_name_uq').on(t.name)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => productCategories.id),
    name: varchar('name', { length: 30 }).notNull(),
    /** the English name (issue 31); empty when it has none yet */
    nameEn: varchar('name_en', { length: 60 }).notNull().default(''),
    /** what traders also type for this product: 热卷, 热轧板卷 */
    aliases: text('aliases').array().notNull().default([]),
    /** the family a family word (冷轧) selects this product by; null for none */
    familyId: integer('family_id').references(() => productFamilies.id, { onDelete: 'set null' }),
    thicknessMin: numeric('thickness_min', { precision: 7, scale: 3, mode: 'number' }).notNull(),
    thicknessMax: numeric('thickness_max', { precision: 7, scale: 3, mode: 'number' }).notNull(),
    widthMin: integer('width_min').notNull(),
    widthMax: integer('width_max').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('products_name_uq').on(t.name), index('products_category_idx').on(t.categoryId)],
);

export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 30 }).notNull(),
  },
  (t) => [uniqueIndex('materials_name_uq').on(t.name)],
);

/** Mills and origins (产地): 宝钢, 鞍钢, 日照... */
export const mills = pgTable(
  'mills',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 30 }).notNull(),
    fullName: varchar('full_name', { length: 100 }).notNull().default(''),
    /** the English name (issue 31); empty when it has none yet */
    nameEn: varchar('name_en', { length: 60 }).notNull().default(''),
    /** other names traders type for the mill (宝山钢铁, 宝武 for 宝钢); its full name counts too */
    aliases: text('aliases').array().notNull().default([]),
    province: varchar('province', { length: 20 }).notNull().default(''),
  },
  (t) => [uniqueIndex('mills_name_uq').on(t.name)],
);

export const productMaterials = pgTable(
  'product_materials',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.materialId] })],
);

export const productOrigins = pgTable(
  'product_origins',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    millId: integer('mill_id')
      .notNull()
      .references(() => mills.id, { onDelete: 'cascade' }),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.millId] })],
);
