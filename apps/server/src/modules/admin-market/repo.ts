/**
 * SQL of the console's market data: warehouse daily figures (list, one row, insert, update, the
 * batched upsert of an import) and what an index correction reads and writes (the definition,
 * the day before and after, the day's earlier correction, the new correction). Every function
 * takes a `DbOrTx` and runs its queries one after another, so a write's transaction may be given.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  max,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import {
  indexCorrections,
  indexDays,
  indexDefinitions,
  products,
  warehouseDaily,
  warehouses,
} from '../../db/schema/index.ts';

// ---------------------------------------------------------------- warehouse daily figures

/** `%text%` with LIKE's wildcards taken literally. */
function likeLiteral(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The stored figures of one warehouse, product and day (kg, fen). */
export interface DailyFigures {
  inKg: number;
  outKg: number;
  stockKg: number;
  packKg: number;
  tradingKg: number;
  dealKg: number;
  deals: number;
  priceFen: number;
}

const dailyColumns = {
  id: warehouseDaily.id,
  warehouseId: warehouseDaily.warehouseId,
  warehouse: warehouses.name,
  market: warehouses.market,
  isSample: warehouses.isSample,
  sampleActive: warehouses.active,
  productId: warehouseDaily.productId,
  product: products.name,
  day: warehouseDaily.day,
  inKg: warehouseDaily.inKg,
  outKg: warehouseDaily.outKg,
  stockKg: warehouseDaily.stockKg,
  packKg: warehouseDaily.packKg,
  tradingKg: warehouseDaily.tradingKg,
  dealKg: warehouseDaily.dealKg,
  deals: warehouseDaily.deals,
  priceFen: warehouseDaily.priceFen,
  updatedAt: warehouseDaily.updatedAt,
};

/** Daily rows with their warehouse's and product's names. */
function selectDaily(db: DbOrTx) {
  return db
    .select(dailyColumns)
    .from(warehouseDaily)
    .innerJoin(warehouses, eq(warehouses.id, warehouseDaily.warehouseId))
    .innerJoin(products, eq(products.id, warehouseDaily.productId));
}

export interface DailyFilter {
  keyword?: string | undefined;
  warehouseId?: number | undefined;
  productId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** One page of daily rows, newest day first (then warehouse and product, by id). */
export async function dailyPage(db: DbOrTx, f: DailyFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [];
  if (f.keyword) conditions.push(ilike(warehouses.name, likeLiteral(f.keyword)));
  if (f.warehouseId !== undefined) conditions.push(eq(warehouseDaily.warehouseId, f.warehouseId));
  if (f.productId !== undefined) conditions.push(eq(warehouseDaily.productId, f.productId));
  if (f.from) conditions.push(gte(warehouseDaily.day, f.from));
  if (f.to) conditions.push(lte(warehouseDaily.day, f.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [list, totals] = await inSequence([
    selectDaily(db)
      .where(where)
      // day, warehouse: the (day, warehouse_id) index walked backwards, no sort of the whole table
      .orderBy(desc(warehouseDaily.day), desc(warehouseDaily.warehouseId), desc(warehouseDaily.productId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    // the warehouse is joined only when its name is searched
    f.keyword
      ? db
          .select({ n: count() })
          .from(warehouseDaily)
          .innerJoin(warehouses, eq(warehouses.id, warehouseDaily.warehouseId))
          .where(where)
      : db.select({ n: count() }).from(warehouseDaily).where(where),
  ]);
  return { list, total: totals[0]?.n ?? 0 };
}

/** One daily row by id, or null. */
export async function dailyById(db: DbOrTx, id: number) {
  const [row] = await selectDaily(db).where(eq(warehouseDaily.id, id));
  return row ?? null;
}
/** A daily row with its warehouse's and product's names. */
export type DailyRow = NonNullable<Awaited<ReturnType<typeof dailyById>>>;

/** The id of the row of a warehouse, product and day, or null. */
export async function dailyIdOf(
  db: DbOrTx,
  warehouseId: number,
  productId: number,
  day: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: warehouseDaily.id })
    .from(warehouseDaily)
    .where(
      and(
        eq(warehouseDaily.warehouseId, warehouseId),
        eq(warehouseDaily.productId, productId),
        eq(warehouseDaily.day, day),
      ),
    );
  return row?.id ?? null;
}

/** Inserts one day's figures; returns the new id. */
export async function insertDaily(
  db: DbOrTx,
  row: DailyFigures & { warehouseId: number; productId: number; day: string },
): Promise<number> {
  const [created] = await db.insert(warehouseDaily).values(row).returning({ id: warehouseDaily.id });
  return (created as { id: number }).id;
}

/** Replaces the figures of one row. */
export async function updateDaily(db: DbOrTx, id: number, figures: DailyFigures): Promise<void> {
  await db
    .update(warehouseDaily)
    .set({ ...figures, updatedAt: new Date() })
    .where(eq(warehouseDaily.id, id));
}

/** The keys `${warehouseId}|${productId}|${day}` among `keys` that already have a row. */
export async function existingDailyKeys(
  db: DbOrTx,
  rows: { warehouseId: number; productId: number; day: string }[],
): Promise<Set<string>> {
  const found = new Set<string>();
  if (rows.length === 0) return found;
  const days = [...new Set(rows.map((r) => r.day))];
  const whs = [...new Set(rows.map((r) => r.warehouseId))];
  const existing = await db
    .select({
      warehouseId: warehouseDaily.warehouseId,
      productId: warehouseDaily.productId,
      day: warehouseDaily.day,
    })
    .from(warehouseDaily)
    .where(and(inArray(warehouseDaily.day, days), inArray(warehouseDaily.warehouseId, whs)));
  for (const r of existing) found.add(`${r.warehouseId}|${r.productId}|${r.day}`);
  return found;
}

/** Rows per INSERT of an import. */
const UPSERT_BATCH = 500;

/** Writes an import's rows (insert, or replace the figures of an existing day), in batches. */
export async function upsertDaily(
  db: DbOrTx,
  rows: (DailyFigures & { warehouseId: number; productId: number; day: string })[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
    await db
      .insert(warehouseDaily)
      .values(rows.slice(i, i + UPSERT_BATCH))
      .onConflictDoUpdate({
        target: [warehouseDaily.warehouseId, warehouseDaily.productId, warehouseDaily.day],
        set: {
          inKg: sql`excluded.in_kg`,
          outKg: sql`excluded.out_kg`,
          stockKg: sql`excluded.stock_kg`,
          packKg: sql`excluded.pack_kg`,
          tradingKg: sql`excluded.trading_kg`,
          dealKg: sql`excluded.deal_kg`,
          deals: sql`excluded.deals`,
          priceFen: sql`excluded.price_fen`,
          updatedAt: sql`now()`,
        },
      });
  }
}

/** Every warehouse (the console also sees switched-off ones), in display order. */
export async function warehouseChoices(db: DbOrTx) {
  return db
    .select({
      id: warehouses.id,
      name: warehouses.name,
      market: warehouses.market,
      isSample: warehouses.isSample,
      active: warehouses.active,
    })
    .from(warehouses)
    .orderBy(asc(warehouses.sort), asc(warehouses.id));
}

/** Every product (品名), in display order. */
export async function productChoices(db: DbOrTx) {
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .orderBy(asc(products.sort), asc(products.id));
}

/** The newest day with warehouse figures. */
export async function latestDailyDay(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ day: max(warehouseDaily.day) }).from(warehouseDaily);
  return row?.day ?? null;
}

// ---------------------------------------------------------------- index corrections

/** An index definition (active or not) by id, or null. */
export async function definitionById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: indexDefinitions.id, name: indexDefinitions.name, active: indexDefinitions.active })
    .from(indexDefinitions)
    .where(eq(indexDefinitions.id, id));
  return row ?? null;
}

export type StoredIndexDay = typeof indexDays.$inferSelect;

/** The computed day of an index, or null. */
export async function indexDayOf(db: DbOrTx, indexId: number, day: string): Promise<StoredIndexDay | null> {
  const [row] = await db
    .select()
    .from(indexDays)
    .where(and(eq(indexDays.indexId, indexId), eq(indexDays.day, day)));
  return row ?? null;
}

/** The index's first computed day after `day`, or null. */
export async function nextIndexDay(db: DbOrTx, indexId: number, day: string): Promise<StoredIndexDay | null> {
  const [row] = await db
    .select()
    .from(indexDays)
    .where(and(eq(indexDays.indexId, indexId), gt(indexDays.day, day)))
    .orderBy(asc(indexDays.day))
    .limit(1);
  return row ?? null;
}

/** The values of the day's newest non-revoked correction (what the job applies), or null. */
export async function activeCorrectionValues(
  db: DbOrTx,
  indexId: number,
  day: string,
): Promise<Record<string, number> | null> {
  const [row] = await db
    .select({ values: indexCorrections.values })
    .from(indexCorrections)
    .where(
      and(
        eq(indexCorrections.indexId, indexId),
        eq(indexCorrections.day, day),
        isNull(indexCorrections.revokedAt),
      ),
    )
    .orderBy(desc(indexCorrections.createdAt), desc(indexCorrections.id))
    .limit(1);
  return row?.values ?? null;
}

/** Stores a correction; returns its id. */
export async function insertCorrection(
  db: DbOrTx,
  row: {
    indexId: number;
    day: string;
    values: Record<string, number>;
    before: Record<string, number | string | null>;
    reason: string;
    actorUserId: number | null;
  },
): Promise<number> {
  const [created] = await db.insert(indexCorrections).values(row).returning({ id: indexCorrections.id });
  return (created as { id: number }).id;
}
