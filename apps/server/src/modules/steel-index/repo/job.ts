/**
 * SQL of the index job: loading a range's stored inputs (sample warehouses' daily figures and
 * listing prices, the day's quotations with their items, the days before the range, operators'
 * corrections),
 * storing the computed index days and saturation, and the job's advisory lock. Every stored
 * number comes from these inputs. The job runs inside one transaction, so every query here runs
 * after the previous one.
 */
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { daysBetween } from '../../../dates.ts';
import { type DbOrTx, inSequence, type Tx } from '../../../db/client.ts';
import {
  indexCorrections,
  indexDays,
  indexDefinitions,
  quotations,
  saturationDays,
  warehouseDaily,
  warehouses,
} from '../../../db/schema/index.ts';
import { toKg } from '../../../present.ts';
import type { ComputedDay, ComputedSaturation } from '../compute.ts';
import { assembleInputs, type RangeInputs, type RawInputs } from '../inputs.ts';

/**
 * Loads what the job needs to compute `from`..`to`: the rows of `RawInputs`, keyed by
 * `assembleInputs`. Warehouse daily rows are read per warehouse and quotations with their item
 * (the chains match each sample warehouse with its own listing, and each trader's item with its
 * own quote, of the previous published day), for the range and for each definition's previous
 * day before it.
 */
export async function loadRangeInputs(db: DbOrTx, from: string, to: string): Promise<RangeInputs> {
  const defs = await db
    .select()
    .from(indexDefinitions)
    .where(eq(indexDefinitions.active, true))
    .orderBy(asc(indexDefinitions.sort), asc(indexDefinitions.id));
  const whs = await db
    .select({
      id: warehouses.id,
      city: warehouses.city,
      market: warehouses.market,
      capacity: warehouses.capacityTonnes,
      isSample: warehouses.isSample,
      active: warehouses.active,
    })
    .from(warehouses)
    .orderBy(asc(warehouses.id));
  // The job runs inside a transaction: one connection, so the reads go one after another.
  const [previousRows, saturationRows] = await inSequence([
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
  const previousDays = [...new Set(previousRows.map((r) => r.day))];
  const inRange = and(gte(warehouseDaily.day, from), lte(warehouseDaily.day, to));
  const quotesInRange = and(gte(quotations.quoteDate, from), lte(quotations.quoteDate, to));
  const [dailyRows, quoteRows, correctionRows] = await inSequence([
    db
      .select({
        warehouseId: warehouseDaily.warehouseId,
        productId: warehouseDaily.productId,
        day: warehouseDaily.day,
        stockKg: warehouseDaily.stockKg,
        inKg: warehouseDaily.inKg,
        outKg: warehouseDaily.outKg,
        dealKg: warehouseDaily.dealKg,
        packKg: warehouseDaily.packKg,
        tradingKg: warehouseDaily.tradingKg,
        deals: warehouseDaily.deals,
        priceFen: warehouseDaily.priceFen,
      })
      .from(warehouseDaily)
      .innerJoin(warehouses, eq(warehouses.id, warehouseDaily.warehouseId))
      .where(
        and(
          eq(warehouses.isSample, true),
          eq(warehouses.active, true),
          previousDays.length > 0 ? or(inRange, inArray(warehouseDaily.day, previousDays)) : inRange,
        ),
      ),
    db
      .select({
        productId: quotations.productId,
        city: quotations.city,
        day: quotations.quoteDate,
        priceFen: quotations.priceFen,
        weightKg: quotations.weightKg,
        companyId: quotations.companyId,
        material: quotations.material,
        spec: quotations.spec,
        origin: quotations.origin,
        warehouseName: quotations.warehouseName,
      })
      .from(quotations)
      .where(
        and(
          previousDays.length > 0
            ? or(quotesInRange, inArray(quotations.quoteDate, previousDays))
            : quotesInRange,
          gt(quotations.priceFen, 0),
          isNull(quotations.deletedAt),
        ),
      ),
    db
      .select({
        indexId: indexCorrections.indexId,
        day: indexCorrections.day,
        values: indexCorrections.values,
      })
      .from(indexCorrections)
      .where(
        and(
          isNull(indexCorrections.revokedAt),
          gte(indexCorrections.day, from),
          lte(indexCorrections.day, to),
        ),
      )
      .orderBy(asc(indexCorrections.createdAt), asc(indexCorrections.id)),
  ]);
  const raw: RawInputs = {
    from,
    to,
    definitions: defs.map((d) => ({
      id: d.id,
      productId: d.productId,
      market: d.market,
      baseDate: d.baseDate,
      basePriceFen: d.basePriceFen,
    })),
    warehouses: whs.map(({ capacity, ...w }) => ({ ...w, capacityKg: toKg(capacity) })),
    daily: dailyRows,
    quotes: quoteRows,
    previous: previousRows,
    previousSaturation: saturationRows,
    corrections: correctionRows,
  };
  return assembleInputs(raw, daysBetween(from, to));
}

/**
 * Stores computed days (insert or update by index and day; corrections are already applied),
 * the new base prices and the saturation days.
 */
export async function storeComputed(
  db: DbOrTx,
  result: { days: ComputedDay[]; saturation: ComputedSaturation[]; basePrices: Map<number, number> },
): Promise<void> {
  const computedAt = new Date();
  for (const [id, basePriceFen] of result.basePrices) {
    await db.update(indexDefinitions).set({ basePriceFen }).where(eq(indexDefinitions.id, id));
  }
  await upsertJson(
    db,
    indexDays,
    result.days.map((d) => ({ ...d, computedAt })),
    ['index_id', 'day'],
  );
  await upsertJson(
    db,
    saturationDays,
    result.saturation.map((s) => ({ ...s, computedAt })),
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

/**
 * Takes the job's transaction-scoped advisory lock if no other session holds it: true when this
 * transaction may compute. A try-lock, not a wait, so instances that fire at the same minute
 * step aside at once instead of computing the same days one after another. It takes a `Tx`, not
 * `DbOrTx`: the lock lasts until the transaction ends, so on a pool handle it would be gone
 * before the computation starts. PostgreSQL only (PGlite is one process).
 */
export async function tryJobLock(tx: Tx, lock: number): Promise<boolean> {
  const res = (await tx.execute(sql`select pg_try_advisory_xact_lock(${lock}) as locked`)) as unknown as {
    rows: { locked: boolean }[];
  };
  return Boolean(res.rows[0]?.locked);
}
