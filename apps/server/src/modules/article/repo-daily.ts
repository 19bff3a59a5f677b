/**
 * SQL of the 市场日报 (generated market daily reports): the day's quotations, index days and
 * warehouse figures of the reported products, summed per day (and per city or market), the
 * news categories and tags they are filed under, and the upsert of the reports by their key.
 */
import { and, asc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  articleCategories,
  articles,
  articleTags,
  indexDays,
  indexDefinitions,
  products,
  quotations,
  tags,
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
    .where(gt(quotations.priceFen, 0));
  return row?.day ?? null;
}

/** The id of a category by code, created (with its name and order) when missing. */
export async function ensureCategory(db: DbOrTx, code: string, name: string, sort: number): Promise<number> {
  const [row] = await db
    .insert(articleCategories)
    .values({ code, name, sort })
    .onConflictDoUpdate({ target: articleCategories.code, set: { name } })
    .returning({ id: articleCategories.id });
  if (!row) throw new Error(`article category ${code} not stored`);
  return row.id;
}

/** The ids of tags by name, created when missing. */
export async function ensureTags(db: DbOrTx, names: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Map();
  await db
    .insert(tags)
    .values(unique.map((name) => ({ name })))
    .onConflictDoNothing({ target: tags.name });
  const rows = await db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.name, unique));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** A generated report as stored; `generatedKey` names it across reruns. */
export type GeneratedReport = Required<
  Pick<
    typeof articles.$inferInsert,
    | 'categoryId'
    | 'generatedKey'
    | 'title'
    | 'summary'
    | 'contentHtml'
    | 'source'
    | 'author'
    | 'membersOnly'
    | 'publishedAt'
  >
> & { tagIds: number[] };

/**
 * Inserts the reports, or rewrites those whose key exists (text, figures, time); views and
 * status stay, so an operator's withdrawal holds. Tags are added, never duplicated.
 */
export async function upsertReports(db: DbOrTx, rows: GeneratedReport[]): Promise<number> {
  if (rows.length === 0) return 0;
  const stored = await db
    .insert(articles)
    .values(rows.map(({ tagIds: _tags, ...row }) => row))
    .onConflictDoUpdate({
      target: articles.generatedKey,
      set: {
        title: sql`excluded.title`,
        summary: sql`excluded.summary`,
        contentHtml: sql`excluded.content_html`,
        source: sql`excluded.source`,
        author: sql`excluded.author`,
        membersOnly: sql`excluded.members_only`,
        publishedAt: sql`excluded.published_at`,
        categoryId: sql`excluded.category_id`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: articles.id, key: articles.generatedKey });
  const byKey = new Map(stored.map((r) => [r.key, r.id]));
  const links = rows.flatMap((r) => {
    const articleId = byKey.get(r.generatedKey);
    return articleId === undefined ? [] : r.tagIds.map((tagId) => ({ articleId, tagId }));
  });
  if (links.length > 0) await db.insert(articleTags).values(links).onConflictDoNothing();
  return stored.length;
}

/** Loads everything the reports of `from`..`to` quote, one query after another. */
export async function reportInputs(db: DbOrTx, productIds: number[], from: string, to: string) {
  const days = await quoteDays(db, productIds, from, to);
  const cities = await quoteCities(db, productIds, from, to);
  const index = await productIndexDays(db, productIds, from, to);
  const stock = await stockMarkets(db, productIds, from, to);
  return { days, cities, index, stock };
}
