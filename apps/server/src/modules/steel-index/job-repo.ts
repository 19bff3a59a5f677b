/**
 * SQL of the index job: loading a range's stored inputs (sample warehouses' daily figures and
 * reported prices, the day's quotations, the days before the range) and storing the computed
 * index days and saturation. Every stored number comes from these inputs.
 */
import { and, asc, desc, eq, getTableColumns, getTableName, gt, gte, isNull, lte, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import {
  indexCorrections,
  indexDays,
  indexDefinitions,
  quotations,
  saturationDays,
  warehouseDaily,
  warehouses,
} from '../../db/schema/index.ts';
import {
  type ComputedDay,
  type ComputedSaturation,
  inputKey,
  NATIONWIDE,
  type RangeInputs,
} from './compute.ts';
import type { Figures, PreviousDay, Sample } from './maths.ts';

const num = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::float8`;

/** Every calendar day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** Loads what the job needs to compute `from`..`to`. */
export async function loadRangeInputs(db: DbOrTx, from: string, to: string): Promise<RangeInputs> {
  const defs = await db
    .select()
    .from(indexDefinitions)
    .where(eq(indexDefinitions.active, true))
    .orderBy(asc(indexDefinitions.sort), asc(indexDefinitions.id));
  const whs = await db
    .select({
      city: warehouses.city,
      market: warehouses.market,
      capacity: warehouses.capacityTonnes,
      isSample: warehouses.isSample,
      active: warehouses.active,
    })
    .from(warehouses);
  const cityMarket = new Map<string, string>();
  const capacityKg = new Map<string, number>();
  for (const w of whs) {
    cityMarket.set(w.market, w.market);
    if (!cityMarket.has(w.city)) cityMarket.set(w.city, w.market);
    if (!w.isSample || !w.active) continue;
    capacityKg.set(w.market, (capacityKg.get(w.market) ?? 0) + w.capacity * 1000);
    capacityKg.set(NATIONWIDE, (capacityKg.get(NATIONWIDE) ?? 0) + w.capacity * 1000);
  }
  const sampleDaily = and(
    eq(warehouses.isSample, true),
    eq(warehouses.active, true),
    gte(warehouseDaily.day, from),
    lte(warehouseDaily.day, to),
  );

  // The job runs inside a transaction: one connection, so the reads go one after another.
  const [figureRows, priceRows, quoteRows, previousRows, saturationRows] = await inSequence([
    db
      .select({
        market: warehouses.market,
        productId: warehouseDaily.productId,
        day: warehouseDaily.day,
        stockKg: num(warehouseDaily.stockKg),
        inKg: num(warehouseDaily.inKg),
        outKg: num(warehouseDaily.outKg),
        dealKg: num(warehouseDaily.dealKg),
        packKg: num(warehouseDaily.packKg),
        tradingKg: num(warehouseDaily.tradingKg),
        deals: num(warehouseDaily.deals),
      })
      .from(warehouseDaily)
      .innerJoin(warehouses, eq(warehouses.id, warehouseDaily.warehouseId))
      .where(sampleDaily)
      .groupBy(warehouses.market, warehouseDaily.productId, warehouseDaily.day),
    db
      .select({
        market: warehouses.market,
        productId: warehouseDaily.productId,
        day: warehouseDaily.day,
        priceFen: warehouseDaily.priceFen,
        weightKg: warehouseDaily.tradingKg,
      })
      .from(warehouseDaily)
      .innerJoin(warehouses, eq(warehouses.id, warehouseDaily.warehouseId))
      .where(and(sampleDaily, gt(warehouseDaily.priceFen, 0))),
    db
      .select({
        productId: quotations.productId,
        city: quotations.city,
        day: quotations.quoteDate,
        priceFen: quotations.priceFen,
        weightKg: quotations.weightKg,
      })
      .from(quotations)
      .where(and(gte(quotations.quoteDate, from), lte(quotations.quoteDate, to), gt(quotations.priceFen, 0))),
    db
      .selectDistinctOn([indexDays.indexId], {
        indexId: indexDays.indexId,
        day: indexDays.day,
        priceFen: indexDays.priceFen,
        points: indexDays.points,
        stockKg: indexDays.stockKg,
        tradingKg: indexDays.tradingKg,
        packKg: indexDays.packKg,
      })
      .from(indexDays)
      .where(sql`${indexDays.day} < ${from}`)
      .orderBy(asc(indexDays.indexId), desc(indexDays.day)),
    db
      .selectDistinctOn([saturationDays.market], {
        market: saturationDays.market,
        ratio: saturationDays.ratio,
      })
      .from(saturationDays)
      .where(sql`${saturationDays.day} < ${from}`)
      .orderBy(asc(saturationDays.market), desc(saturationDays.day)),
  ]);

  const figures = new Map<string, Figures>();
  for (const r of figureRows) figures.set(inputKey(r.market, r.productId, r.day), { ...r });
  const push = (map: Map<string, Sample[]>, key: string, s: Sample) => {
    const list = map.get(key);
    if (list) list.push(s);
    else map.set(key, [s]);
  };
  const warehousePrices = new Map<string, Sample[]>();
  for (const r of priceRows) push(warehousePrices, inputKey(r.market, r.productId, r.day), r);
  const quotes = new Map<string, Sample[]>();
  for (const r of quoteRows) {
    const market = cityMarket.get(r.city);
    if (market)
      push(quotes, inputKey(market, r.productId, r.day), { priceFen: r.priceFen, weightKg: r.weightKg });
  }
  const previous = new Map<number, PreviousDay>(previousRows.map((r) => [r.indexId, r]));
  return {
    definitions: defs.map((d) => ({
      id: d.id,
      productId: d.productId,
      market: d.market,
      baseDate: d.baseDate,
      basePriceFen: d.basePriceFen,
    })),
    days: daysBetween(from, to),
    figures,
    quotes,
    warehousePrices,
    previous,
    capacityKg,
    previousSaturation: new Map(saturationRows.map((r) => [r.market, r.ratio])),
  };
}

/** The fields an operator's correction may override. */
const CORRECTABLE = [
  'priceFen',
  'points',
  'changeFen',
  'stockKg',
  'inKg',
  'outKg',
  'dealKg',
  'packKg',
  'tradingKg',
] as const;

/**
 * Stores computed days (insert or update by index and day), re-applying the newest
 * non-revoked correction of each day, the new base prices and the saturation days.
 */
export async function storeComputed(
  db: DbOrTx,
  from: string,
  to: string,
  result: { days: ComputedDay[]; saturation: ComputedSaturation[]; basePrices: Map<number, number> },
): Promise<void> {
  const corrections = await db
    .select()
    .from(indexCorrections)
    .where(
      and(isNull(indexCorrections.revokedAt), gte(indexCorrections.day, from), lte(indexCorrections.day, to)),
    )
    .orderBy(asc(indexCorrections.createdAt), asc(indexCorrections.id));
  const newest = new Map(corrections.map((c) => [`${c.indexId}|${c.day}`, c.values]));
  const rows = result.days.map((d) => {
    const fix = newest.get(`${d.indexId}|${d.day}`);
    const row: typeof indexDays.$inferInsert = { ...d, corrected: false, computedAt: new Date() };
    if (fix) {
      for (const key of CORRECTABLE) if (typeof fix[key] === 'number') row[key] = fix[key];
      row.corrected = true;
    }
    return row;
  });
  for (const [id, basePriceFen] of result.basePrices) {
    await db.update(indexDefinitions).set({ basePriceFen }).where(eq(indexDefinitions.id, id));
  }
  await upsertJson(db, indexDays, rows, ['index_id', 'day']);
  await upsertJson(
    db,
    saturationDays,
    result.saturation.map((s) => ({ ...s, computedAt: new Date() })),
    ['market', 'day'],
  );
}

/** Batched `insert ... select from json_populate_recordset ... on conflict do update`. */
async function upsertJson<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
  conflict: string[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in (first as object));
  const name = `"${getTableName(table)}"`;
  const names = columns.map(([, c]) => `"${c.name}"`).join(', ');
  const updates = columns
    .filter(([, c]) => !conflict.includes(c.name))
    .map(([, c]) => `"${c.name}" = excluded."${c.name}"`)
    .join(', ');
  for (let i = 0; i < rows.length; i += 2000) {
    const batch = rows.slice(i, i + 2000).map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, column] of columns) {
        const value = (row as Record<string, unknown>)[key];
        out[column.name] = value === null || value === undefined ? null : column.mapToDriverValue(value);
      }
      return out;
    });
    await db.execute(
      sql`insert into ${sql.raw(name)} (${sql.raw(names)}) select ${sql.raw(names)} from json_populate_recordset(null::${sql.raw(name)}, ${JSON.stringify(batch)}::json) on conflict (${sql.raw(conflict.map((c) => `"${c}"`).join(', '))}) do update set ${sql.raw(updates)}`,
    );
  }
}

/** The newest day with warehouse figures or quotations: what "today" means for the job. */
export async function latestInputDay(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${warehouseDaily.day})::text` })
    .from(warehouseDaily);
  return row?.day ?? null;
}
