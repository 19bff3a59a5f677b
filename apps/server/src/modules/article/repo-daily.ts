/**
 * SQL of the 市场日报 (generated market daily reports): the day's quotations, index days and
 * warehouse figures of the reported products, summed per day (and per city or market). The
 * reports are filed through repo-generated.ts, like every generated article.
 */
import { and, asc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  indexDays,
  indexDefinitions,
  products,
  quotations,
  warehouseDaily,
  warehouses,
} from '../../db/schema/index.ts';

/** The ids of products by name (names missing from the dictionary are left out). */
export async function productIdsByName(db: DbOrTx, names: readonly string[]) {
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.name, [...names]));
}

/** Per day and product: priced quotations, their average, ups and downs, traders. */
export async function quoteDays(db: DbOrTx, productIds: number[], from: string, to: string) {
  if (productIds.length === 0) return [];
  return db
    .select({
      day: quotations.quoteDate,
      productId: quotations.productId,
      quotes: sql<number>`count(*)::int`,
      avgFen: sql<number>`round(avg(${quotations.priceFen}))::int`,
      ups: sql<number>`(count(*) filter (where ${quotations.changeFen} > 0))::int`,
      downs: sql<number>`(count(*) filter (where ${quotations.changeFen} < 0))::int`,
      traders: sql<number>`count(distinct ${quotations.companyId})::int`,
    })
    .from(quotations)
    .where(
      and(
        inArray(quotations.productId, productIds),
        gte(quotations.quoteDate, from),
        lte(quotations.quoteDate, to),
        gt(quotations.priceFen, 0),
        isNull(quotations.deletedAt),
      ),
    )
    .groupBy(quotations.quoteDate, quotations.productId)
    .orderBy(asc(quotations.quoteDate));
}

/** Per day, product and city: priced quotations and their average. */
export async function quoteCities(db: DbOrTx, productIds: number[], from: string, to: string) {
  if (productIds.length === 0) return [];
  return db
    .select({
      day: quotations.quoteDate,
      productId: quotations.productId,
      city: quotations.city,
      quotes: sql<number>`count(*)::int`,
      avgFen: sql<number>`round(avg(${quotations.priceFen}))::int`,
    })
    .from(quotations)
    .where(
      and(
        inArray(quotations.productId, productIds),
        gte(quotations.quoteDate, from),
        lte(quotations.quoteDate, to),
        gt(quotations.priceFen, 0),
        isNull(quotations.deletedAt),
      ),
    )
    .groupBy(quotations.quoteDate, quotations.productId, quotations.city);
}

/** The days of the single-product indexes of these products. */
export async function productIndexDays(db: DbOrTx, productIds: number[], from: string, to: string) {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: sql<number>`${indexDefinitions.productId}`,
      name: indexDefinitions.name,
      sort: indexDefinitions.sort,
      day: indexDays.day,
      priceFen: indexDays.priceFen,
    })
    .from(indexDays)
    .innerJoin(indexDefinitions, eq(indexDefinitions.id, indexDays.indexId))
    .where(
      and(
        inArray(indexDefinitions.productId, productIds),
        eq(indexDefinitions.active, true),
        gte(indexDays.day, from),
        lte(indexDays.day, to),
      ),
    )
    .orderBy(asc(indexDefinitions.sort), asc(indexDays.day));
}

/** Per day, product and market: the warehouses' stock, in, out and deals (kg as numbers). */
export async function stockMarkets(db: DbOrTx, productIds: number[], from: string, to: string) {
  if (productIds.length === 0) return [];
  return db
    .select({
      day: warehouseDaily.day,
      productId: warehouseDaily.productId,
      market: warehouses.market,
      stockKg: sql<number>`sum(${warehouseDaily.stockKg})::float8`,
      inKg: sql<number>`sum(${warehouseDaily.inKg})::float8`,
      outKg: sql<number>`sum(${warehouseDaily.outKg})::float8`,
      dealKg: sql<number>`sum(${warehouseDaily.dealKg})::float8`,
    })
    .from(warehouseDaily)
    .innerJoin(warehouses, eq(warehouses.id, warehouseDaily.warehouseId))
    .where(
      and(
        inArray(warehouseDaily.productId, productIds),
        gte(warehouseDaily.day, from),
        lte(warehouseDaily.day, to),
      ),
    )
    .groupBy(warehouseDaily.day, warehouseDaily.productId, warehouses.market);
}

/** The newest day with priced quotations, or null. */
export async function latestQuoteDay(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${quotations.quoteDate})::text` })
    .from(quotations)
    .where(and(gt(quotations.priceFen, 0), isNull(quotations.deletedAt)));
  return row?.day ?? null;
}

/** Loads everything the reports of `from`..`to` quote, one query after another. */
export async function reportInputs(db: DbOrTx, productIds: number[], from: string, to: string) {
  const days = await quoteDays(db, productIds, from, to);
  const cities = await quoteCities(db, productIds, from, to);
  const index = await productIndexDays(db, productIds, from, to);
  const stock = await stockMarkets(db, productIds, from, to);
  return { days, cities, index, stock };
}
