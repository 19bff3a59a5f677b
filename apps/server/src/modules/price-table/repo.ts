/**
 * All SQL of the price tables. The module owns `price_table_items` (operators' pinned and hidden
 * items) and only reads `quotations`, `products`, `companies` and `users`. Every read of
 * quotations takes priced live quotes only (`price_fen > 0`, `deleted_at is null`): 电议 and
 * deleted quotes never reach a cell. A cell's median is computed here, in one grouped query per
 * table (never a query per cell): `percentile_cont(0.5)` is the middle quote, or the mean of the
 * two middle ones for an even count (exact in double precision: both are integers of fen below
 * 2^31), rounded to whole fen half up through `numeric` (PostgreSQL's `round` of a double rounds
 * half to even, of a numeric half away from zero, which for prices is half up).
 */

import type { PriceItemState } from '@steelport/contracts';
import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  max,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  companies,
  priceTableItems,
  productCategories,
  products,
  quotations,
} from '../../db/schema/index.ts';
import { traderUserIdOf } from '../search/sql.ts';

const q = quotations;
const items = priceTableItems;

/** What a row prices: grade, spec and mill as quoted. */
export interface ItemKey {
  material: string;
  spec: string;
  origin: string;
}

/** One cell of a table: an item in a city. */
export interface CellKey extends ItemKey {
  productId: number;
  city: string;
}

/** The filters of a table (contracts PriceTableQuery). */
export interface TableFilter {
  city?: string | undefined;
  grade?: string | undefined;
  /** a part of the spec text */
  spec?: string | undefined;
}

/** The median of the group's prices in whole fen, half up (see the file's comment). */
const medianFen = sql<number>`round((percentile_cont(0.5) within group (order by ${q.priceFen}))::numeric)::int`;

/** Priced, live quotes (of one product when given). */
const pricedQuotes = (productId?: number): SQL[] => [
  ...(productId === undefined ? [] : [eq(q.productId, productId)]),
  gt(q.priceFen, 0),
  isNull(q.deletedAt),
];

/** The filter as conditions on quotations; `strpos` so `%` and `_` in a spec are plain text. */
const filterConditions = (filter: TableFilter): SQL[] => [
  ...(filter.city === undefined ? [] : [eq(q.city, filter.city)]),
  ...(filter.grade === undefined ? [] : [eq(q.material, filter.grade)]),
  ...(filter.spec === undefined ? [] : [sql`strpos(upper(${q.spec}), upper(${filter.spec})) > 0`]),
];

/** The item's columns equal to `item`. */
const itemIs = (item: ItemKey): SQL[] => [
  eq(q.material, item.material),
  eq(q.spec, item.spec),
  eq(q.origin, item.origin),
];

/** A product by its exact name, or null. */
export async function productByName(db: DbOrTx, name: string): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.name, name));
  return row ?? null;
}

/**
 * The products with priced quotes between `from` and `to`, in the vocabulary's order (category,
 * then product, as the product map lists them). One scan of those days' quotes, then the names.
 */
export async function productsQuotedBetween(
  db: DbOrTx,
  from: string,
  to: string,
): Promise<{ id: number; name: string }[]> {
  const quoted = db
    .selectDistinct({ productId: q.productId })
    .from(q)
    .where(and(between(q.quoteDate, from, to), ...pricedQuotes()));
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(inArray(products.id, quoted))
    .orderBy(asc(productCategories.sort), asc(productCategories.id), asc(products.sort), asc(products.id));
}

/** The newest day up to `day` with priced quotes (of one product when given), or null. */
export async function latestPricedDay(db: DbOrTx, day: string, productId?: number): Promise<string | null> {
  const [row] = await db
    .select({ day: max(q.quoteDate) })
    .from(q)
    .where(and(lte(q.quoteDate, day), ...pricedQuotes(productId)));
  return row?.day ?? null;
}

/** The newest day before `day` with priced quotes (the previous trading day), or null. */
export async function previousPricedDay(db: DbOrTx, day: string, productId?: number): Promise<string | null> {
  const [row] = await db
    .select({ day: max(q.quoteDate) })
    .from(q)
    .where(and(lt(q.quoteDate, day), ...pricedQuotes(productId)));
  return row?.day ?? null;
}

/**
 * What the cached tables of `day` depend on that changes during the day, as one text: every quote
 * of the day (any product, priced or not, deleted or not: its id, price, update and delete
 * times, summed as hashes so an edit of a quote changes it even when a concurrent one committed
 * later) and every operator's item state. One indexed pass over the day's ~1,000 quotes.
 */
export async function dayStamp(db: DbOrTx, day: string): Promise<string> {
  // Both engines answer `{ rows }` (node-postgres and PGlite), which Drizzle's type does not say.
  const result = (await db.execute(sql`select
    (select count(*) || ':' || coalesce(sum(hashtext(concat_ws('|', ${q.id}, ${q.priceFen}, ${q.updatedAt}, ${q.deletedAt}))), 0)
       from ${q} where ${q.quoteDate} = ${day}) as quotes,
    (select count(*) || ':' || coalesce(sum(hashtext(concat_ws('|', ${items.id}, ${items.state}, ${items.updatedAt}))), 0)
       from ${items}) as states`)) as unknown as { rows: { quotes: string; states: string }[] };
  const row = result.rows[0];
  return `${row?.quotes ?? ''}/${row?.states ?? ''}`;
}

/** An item with how many priced quotes it had over the days counted. */
export interface ItemCount extends ItemKey {
  quotes: number;
}

/**
 * The product's items by the number of priced quotes between `from` and `to` (ties by grade,
 * spec, mill), at most `limit`; `withoutHidden` leaves out the items operators hid.
 */
export async function itemCounts(
  db: DbOrTx,
  productId: number,
  range: { from: string; to: string },
  filter: TableFilter,
  opts: { limit: number; withoutHidden: boolean },
): Promise<ItemCount[]> {
  const hidden = sql`exists (select 1 from ${items} where ${items.productId} = ${productId}
    and ${items.state} = 'hidden' and ${items.material} = ${q.material} and ${items.spec} = ${q.spec}
    and ${items.origin} = ${q.origin})`;
  const quotes = count();
  return db
    .select({ material: q.material, spec: q.spec, origin: q.origin, quotes })
    .from(q)
    .where(
      and(
        between(q.quoteDate, range.from, range.to),
        ...pricedQuotes(productId),
        ...filterConditions(filter),
        ...(opts.withoutHidden ? [sql`not ${hidden}`] : []),
      ),
    )
    .groupBy(q.material, q.spec, q.origin)
    .orderBy(desc(quotes), asc(q.material), asc(q.spec), asc(q.origin))
    .limit(opts.limit);
}

/** How many priced quotes each of `keys` had between `from` and `to` (missing: none). */
export async function countsOfItems(
  db: DbOrTx,
  productId: number,
  range: { from: string; to: string },
  keys: readonly ItemKey[],
): Promise<ItemCount[]> {
  if (keys.length === 0) return [];
  const wanted = JSON.stringify(keys.map((k) => ({ m: k.material, s: k.spec, o: k.origin })));
  return db
    .select({ material: q.material, spec: q.spec, origin: q.origin, quotes: count() })
    .from(q)
    .where(
      and(
        between(q.quoteDate, range.from, range.to),
        ...pricedQuotes(productId),
        sql`exists (select 1 from json_to_recordset(${wanted}::json) as k(m varchar, s varchar, o varchar)
          where k.m = ${q.material} and k.s = ${q.spec} and k.o = ${q.origin})`,
      ),
    )
    .groupBy(q.material, q.spec, q.origin);
}

/** An operator's state of an item. */
export interface ItemStateRow extends ItemKey {
  id: number;
  productId: number;
  state: PriceItemState;
  updatedBy: number | null;
  updatedAt: Date;
}

const stateColumns = {
  id: items.id,
  productId: items.productId,
  material: items.material,
  spec: items.spec,
  origin: items.origin,
  state: items.state,
  updatedBy: items.updatedBy,
  updatedAt: items.updatedAt,
};

/** The product's items that operators pinned or hid (`auto` rows left out). */
export async function steeredItems(db: DbOrTx, productId: number): Promise<ItemStateRow[]> {
  return db
    .select(stateColumns)
    .from(items)
    .where(and(eq(items.productId, productId), sql`${items.state} <> 'auto'`))
    .orderBy(asc(items.material), asc(items.spec), asc(items.origin));
}

/** One item's state row, locked for the write that follows; null when it was never set. */
export async function lockItemState(
  db: DbOrTx,
  productId: number,
  item: ItemKey,
): Promise<ItemStateRow | null> {
  const [row] = await db
    .select(stateColumns)
    .from(items)
    .where(
      and(
        eq(items.productId, productId),
        eq(items.material, item.material),
        eq(items.spec, item.spec),
        eq(items.origin, item.origin),
      ),
    )
    .for('update');
  return row ?? null;
}

/** Sets an item's state (inserted on first use, updated after); returns its id. */
export async function writeItemState(
  db: DbOrTx,
  productId: number,
  item: ItemKey,
  state: PriceItemState,
  operatorId: number | null,
): Promise<number> {
  const [row] = await db
    .insert(priceTableItems)
    .values({ productId, ...item, state, updatedBy: operatorId })
    .onConflictDoUpdate({
      target: [items.productId, items.material, items.spec, items.origin],
      set: { state, updatedBy: operatorId, updatedAt: sql`now()` },
    })
    .returning({ id: items.id });
  return row!.id;
}

/** One group of quotes: an item in a city on a day, its number of quotes and median (fen). */
export interface CellRow extends ItemKey {
  day: string;
  city: string;
  quotes: number;
  medianFen: number;
}

/**
 * Every item-and-city group of the product's priced quotes on `days` (the table's day and the
 * previous trading day) under the filter, with its count and median: one grouped query.
 */
export async function cellsOn(
  db: DbOrTx,
  productId: number,
  days: readonly string[],
  filter: TableFilter,
): Promise<CellRow[]> {
  if (days.length === 0) return [];
  return db
    .select({
      day: q.quoteDate,
      material: q.material,
      spec: q.spec,
      origin: q.origin,
      city: q.city,
      quotes: count(),
      medianFen,
    })
    .from(q)
    .where(and(inArray(q.quoteDate, [...days]), ...pricedQuotes(productId), ...filterConditions(filter)))
    .groupBy(q.quoteDate, q.material, q.spec, q.origin, q.city);
}

/** One cell's daily medians between `from` and `to`, oldest first (days without quotes left out). */
export async function cellHistory(
  db: DbOrTx,
  cell: CellKey,
  range: { from: string; to: string },
): Promise<{ day: string; quotes: number; medianFen: number }[]> {
  return db
    .select({ day: q.quoteDate, quotes: count(), medianFen })
    .from(q)
    .where(
      and(
        between(q.quoteDate, range.from, range.to),
        ...pricedQuotes(cell.productId),
        ...itemIs(cell),
        eq(q.city, cell.city),
      ),
    )
    .groupBy(q.quoteDate)
    .orderBy(asc(q.quoteDate));
}

/** A quote behind a cell, in stored units. */
export interface CellQuoteRow {
  id: number;
  userId: number | null;
  companyName: string;
  priceFen: number;
  weightKg: number;
  warehouseName: string;
  updatedAt: Date;
}

/** The priced live quotes of one cell on `day`, cheapest first (then the latest update). */
export async function cellQuotes(db: DbOrTx, cell: CellKey, day: string): Promise<CellQuoteRow[]> {
  return db
    .select({
      id: q.id,
      userId: traderUserIdOf(companies.id),
      companyName: companies.name,
      priceFen: q.priceFen,
      weightKg: q.weightKg,
      warehouseName: q.warehouseName,
      updatedAt: q.updatedAt,
    })
    .from(q)
    .innerJoin(companies, eq(companies.id, q.companyId))
    .where(and(eq(q.quoteDate, day), ...pricedQuotes(cell.productId), ...itemIs(cell), eq(q.city, cell.city)))
    .orderBy(asc(q.priceFen), desc(q.updatedAt), asc(q.id));
}
