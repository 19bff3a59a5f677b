/**
 * SQL of the index API's reads: definitions, latest days, series, saturation and deal
 * information. Each function runs its queries one after another, so any of them may be given a
 * transaction (node-postgres runs one query at a time on a client).
 */
import { and, asc, desc, eq, gte, inArray, lte, max, min, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../../db/client.ts';
import {
  indexDays,
  indexDefinitions,
  products,
  saturationDays,
  warehouseDaily,
  warehouses,
} from '../../../db/schema/index.ts';

export type IndexDayRow = typeof indexDays.$inferSelect;

/** Active definitions in display order, with their product's name (empty for a composite). */
export async function listDefinitions(db: DbOrTx) {
  return db
    .select({
      id: indexDefinitions.id,
      code: indexDefinitions.code,
      name: indexDefinitions.name,
      market: indexDefinitions.market,
      productId: indexDefinitions.productId,
      product: sql<string>`coalesce(${products.name}, '')`,
      description: indexDefinitions.description,
      nameEn: indexDefinitions.nameEn,
      descriptionEn: indexDefinitions.descriptionEn,
      baseDate: indexDefinitions.baseDate,
      basePriceFen: indexDefinitions.basePriceFen,
    })
    .from(indexDefinitions)
    .leftJoin(products, eq(products.id, indexDefinitions.productId))
    .where(eq(indexDefinitions.active, true))
    .orderBy(asc(indexDefinitions.sort), asc(indexDefinitions.id));
}
export type DefinitionRow = Awaited<ReturnType<typeof listDefinitions>>[number];

/** Each index's newest computed day. */
export async function latestDays(db: DbOrTx): Promise<IndexDayRow[]> {
  return db
    .selectDistinctOn([indexDays.indexId])
    .from(indexDays)
    .orderBy(asc(indexDays.indexId), desc(indexDays.day));
}

/** The oldest and newest computed days over all indexes. */
export async function dayBounds(db: DbOrTx): Promise<{ first: string | null; last: string | null }> {
  const [row] = await db.select({ first: min(indexDays.day), last: max(indexDays.day) }).from(indexDays);
  return { first: row?.first ?? null, last: row?.last ?? null };
}

/**
 * The columns a chart or a comparison shows, its disclosure included: half of index_days, so hot
 * reads stay light.
 */
const seriesColumns = {
  indexId: indexDays.indexId,
  day: indexDays.day,
  priceFen: indexDays.priceFen,
  points: indexDays.points,
  changeFen: indexDays.changeFen,
  stockKg: indexDays.stockKg,
  inKg: indexDays.inKg,
  outKg: indexDays.outKg,
  dealKg: indexDays.dealKg,
  packKg: indexDays.packKg,
  tradingKg: indexDays.tradingKg,
  source: indexDays.source,
  sampleCount: indexDays.sampleCount,
  removedOutliers: indexDays.removedOutliers,
  provisional: indexDays.provisional,
};
export type SeriesRow = Pick<IndexDayRow, keyof typeof seriesColumns>;

/** Days of the given indexes, either in a range or on listed dates, by index then day. */
export async function indexSeries(
  db: DbOrTx,
  ids: number[],
  where: { start: string; end: string } | { dates: string[] },
): Promise<SeriesRow[]> {
  const days =
    'dates' in where
      ? inArray(indexDays.day, where.dates)
      : and(gte(indexDays.day, where.start), lte(indexDays.day, where.end));
  return db
    .select(seriesColumns)
    .from(indexDays)
    .where(and(inArray(indexDays.indexId, ids), days))
    .orderBy(asc(indexDays.indexId), asc(indexDays.day));
}

/** Saturation days of one market in a range. */
export async function saturationSeries(db: DbOrTx, market: string, start: string, end: string) {
  return db
    .select()
    .from(saturationDays)
    .where(
      and(eq(saturationDays.market, market), gte(saturationDays.day, start), lte(saturationDays.day, end)),
    )
    .orderBy(asc(saturationDays.day));
}
export type SaturationRow = Awaited<ReturnType<typeof saturationSeries>>[number];

/** Markets that have saturation days. */
export async function saturationMarkets(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ market: saturationDays.market }).from(saturationDays);
  return rows.map((r) => r.market).sort((a, b) => a.localeCompare(b, 'zh-CN'));
}

/** The newest day of warehouse figures and that day's deals by product, market and warehouse. */
export async function dealInformation(db: DbOrTx) {
  const [latest] = await db.select({ day: max(warehouseDaily.day) }).from(warehouseDaily);
  const day = latest?.day ?? null;
  if (!day) return { day, byProduct: [], byMarket: [], top: [] };
  const sumKg = (c: unknown) => sql<number>`coalesce(sum(${c}), 0)::float8`;
  const onDay = eq(warehouseDaily.day, day);
  const [byProduct, byMarket, top] = await inSequence([
    db
      .select({
        product: products.name,
        dealKg: sumKg(warehouseDaily.dealKg),
        deals: sumKg(warehouseDaily.deals),
      })
      .from(warehouseDaily)
      .innerJoin(products, eq(products.id, warehouseDaily.productId))
      .where(onDay)
      .groupBy(products.name, products.sort)
      .orderBy(asc(products.sort)),
    db
      .select({
        market: warehouses.market,
        dealKg: sumKg(warehouseDaily.dealKg),
        deals: sumKg(warehouseDaily.deals),
        stockKg: sumKg(warehouseDaily.stockKg),
      })
      .from(warehouseDaily)
      .innerJoin(warehouses, eq(warehouses.id, warehouseDaily.warehouseId))
      .where(onDay)
      .groupBy(warehouses.market)
      .orderBy(desc(sumKg(warehouseDaily.dealKg))),
    db
      .select({
        warehouse: warehouses.name,
        market: warehouses.market,
        product: products.name,
        dealKg: warehouseDaily.dealKg,
        deals: warehouseDaily.deals,
        priceFen: warehouseDaily.priceFen,
      })
      .from(warehouseDaily)
      .innerJoin(warehouses, eq(warehouses.id, warehouseDaily.warehouseId))
      .innerJoin(products, eq(products.id, warehouseDaily.productId))
      .where(onDay)
      .orderBy(desc(warehouseDaily.dealKg), asc(warehouseDaily.id))
      .limit(12),
  ]);
  return { day, byProduct, byMarket, top };
}
export type DealInformationRows = Awaited<ReturnType<typeof dealInformation>>;
