/**
 * All SQL of the import: the staged sheets (trader_imports), the trader's rows an import
 * replaces, the multi-row inserts, and the chunks an export reads. Functions take `DbOrTx`
 * and run their queries one after another.
 */
import { and, asc, eq, gt, isNull, lt, max, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cargo, companies, quotations, surplus, traderImports } from '../../db/schema/index.ts';

export type ImportRow = Omit<typeof traderImports.$inferSelect, 'fileBytes'>;
export type NewImport = typeof traderImports.$inferInsert;
export type LotKind = 'cargo' | 'surplus';
export type NewLot = typeof surplus.$inferInsert;
export type StoredLot = typeof surplus.$inferSelect;
export type StoredQuote = typeof quotations.$inferSelect;
/** What names a quoted item (search/lot-row.ts#quoteItemKey). */
export type QuoteItem = Pick<
  typeof quotations.$inferInsert,
  'productId' | 'material' | 'spec' | 'origin' | 'city' | 'warehouseName'
>;

const importColumns = {
  id: traderImports.id,
  companyId: traderImports.companyId,
  userId: traderImports.userId,
  kind: traderImports.kind,
  fileName: traderImports.fileName,
  state: traderImports.state,
  mode: traderImports.mode,
  total: traderImports.total,
  errorCount: traderImports.errorCount,
  processed: traderImports.processed,
  inserted: traderImports.inserted,
  removed: traderImports.removed,
  message: traderImports.message,
  createdAt: traderImports.createdAt,
  updatedAt: traderImports.updatedAt,
  expiresAt: traderImports.expiresAt,
};

/**
 * Stages an uploaded sheet; returns its row (without the bytes). The file travels as base64
 * text decoded by the database: PGlite binds a 6 MB bytea parameter ten times slower.
 */
export async function insertImport(
  db: DbOrTx,
  row: Omit<NewImport, 'fileBytes'>,
  bytes: Buffer,
): Promise<ImportRow> {
  const [created] = await db
    .insert(traderImports)
    .values({ ...row, fileBytes: sql`decode(${bytes.toString('base64')}, 'base64')` })
    .returning(importColumns);
  return created!;
}

/** A staged import, without its bytes; null when unknown. */
export async function findImport(db: DbOrTx, id: string): Promise<ImportRow | null> {
  const [row] = await db.select(importColumns).from(traderImports).where(eq(traderImports.id, id));
  return row ?? null;
}

/** The bytes of a staged sheet (as base64 from the database, see insertImport). */
export async function importBytes(db: DbOrTx, id: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ b64: sql<string>`encode(${traderImports.fileBytes}, 'base64')` })
    .from(traderImports)
    .where(eq(traderImports.id, id));
  return row ? Buffer.from(row.b64, 'base64') : null;
}

/**
 * Moves a previewed import to running with `mode`; false when another request did it first
 * (two clicks on 确认导入 start one import).
 */
export async function claimImport(db: DbOrTx, id: string, mode: 'append' | 'replace'): Promise<boolean> {
  const rows = await db
    .update(traderImports)
    .set({ state: 'running', mode, processed: 0, updatedAt: sql`now()` })
    .where(and(eq(traderImports.id, id), eq(traderImports.state, 'previewed')))
    .returning({ id: traderImports.id });
  return rows.length === 1;
}

/**
 * Forgets imports a day past their expiry (their files are up to 20 MB each); the ones still
 * running are kept.
 */
export async function deleteStaleImports(db: DbOrTx): Promise<void> {
  await db
    .delete(traderImports)
    .where(
      and(lt(traderImports.expiresAt, sql`now() - interval '1 day'`), ne(traderImports.state, 'running')),
    );
}

/**
 * Drops the staged file of previews past their expiry (the row stays for its status until
 * deleteStaleImports forgets it): an expired preview can no longer be committed.
 */
export async function dropExpiredBytes(db: DbOrTx): Promise<void> {
  await db
    .update(traderImports)
    .set({ fileBytes: Buffer.alloc(0) })
    .where(
      and(
        lt(traderImports.expiresAt, sql`now()`),
        eq(traderImports.state, 'previewed'),
        sql`octet_length(${traderImports.fileBytes}) > 0`,
      ),
    );
}

/** Records how an import ended (done or failed) and its counts; the staged file is dropped. */
export async function finishImport(
  db: DbOrTx,
  id: string,
  end: { state: 'done' | 'failed'; processed: number; inserted: number; removed: number; message: string },
): Promise<void> {
  await db
    .update(traderImports)
    .set({ ...end, fileBytes: Buffer.alloc(0), updatedAt: sql`now()` })
    .where(eq(traderImports.id, id));
}

/** The company's short name (简称), which search text carries. */
export async function companyShortName(db: DbOrTx, companyId: number): Promise<string> {
  const [row] = await db
    .select({ shortName: companies.shortName })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.shortName ?? '';
}

const lotTable = (kind: LotKind) => (kind === 'cargo' ? cargo : surplus);

/** Marks every live lot of the company deleted (replace mode); returns how many. */
export async function deleteOwnLots(db: DbOrTx, kind: LotKind, companyId: number): Promise<number> {
  const t = lotTable(kind);
  const rows = await db
    .update(t)
    .set({ status: 'deleted', updatedAt: sql`now()` })
    .where(and(eq(t.companyId, companyId), ne(t.status, 'deleted')))
    .returning({ id: t.id });
  return rows.length;
}

/** Marks the company's quotes of `day` deleted (replace mode of a quotation import); returns how many. */
export async function deleteOwnQuotes(db: DbOrTx, companyId: number, day: string): Promise<number> {
  const q = quotations;
  const rows = await db
    .update(q)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(q.companyId, companyId), eq(q.quoteDate, day), isNull(q.deletedAt)))
    .returning({ id: q.id });
  return rows.length;
}

/**
 * Marks deleted the company's live quotes of `day` for the items of `rows` (same product,
 * material, spec, origin, city and warehouse), in one statement with the items as JSON.
 */
export async function deleteOwnQuotesOfItems(
  db: DbOrTx,
  companyId: number,
  day: string,
  rows: readonly QuoteItem[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const items = rows.map((r) => ({
    p: r.productId,
    m: r.material,
    s: r.spec,
    o: r.origin,
    c: r.city,
    w: r.warehouseName,
  }));
  const q = quotations;
  const done = await db
    .update(q)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(q.companyId, companyId),
        eq(q.quoteDate, day),
        isNull(q.deletedAt),
        sql`exists (select 1 from json_to_recordset(${JSON.stringify(items)}::json)
          as k(p int4, m varchar, s varchar, o varchar, c varchar, w varchar)
          where ${q.productId} = k.p and ${q.material} = k.m and ${q.spec} = k.s and ${q.origin} = k.o
            and ${q.city} = k.c and ${q.warehouseName} = k.w)`,
      ),
    )
    .returning({ id: q.id });
  return done.length;
}

/** The columns a lot insert writes, with their SQL types (see insertLots). */
const LOT_COLUMNS = [
  ['product_id', 'productId', 'int4'],
  ['material_id', 'materialId', 'int4'],
  ['material', 'material', 'varchar'],
  ['spec', 'spec', 'varchar'],
  ['thickness', 'thickness', 'numeric'],
  ['width', 'width', 'int4'],
  ['length', 'length', 'int4'],
  ['form', 'form', 'varchar'],
  ['mill_id', 'millId', 'int4'],
  ['origin', 'origin', 'varchar'],
  ['warehouse_id', 'warehouseId', 'int4'],
  ['warehouse_name', 'warehouseName', 'varchar'],
  ['city', 'city', 'varchar'],
  ['pieces', 'pieces', 'int4'],
  ['weight_kg', 'weightKg', 'int4'],
  ['price_fen', 'priceFen', 'int4'],
  ['company_id', 'companyId', 'int4'],
  ['remark', 'remark', 'varchar'],
  ['search_text', 'searchText', 'text'],
  ['status', 'status', 'varchar'],
] as const;
const SURPLUS_COLUMNS = [
  ...LOT_COLUMNS,
  ['grade', 'grade', 'varchar'],
  ['defects', 'defects', 'varchar'],
] as const;

/**
 * Inserts lots in one statement whose only parameter is the batch as JSON
 * (`json_to_recordset`): a thousand rows as twenty thousand bound parameters cost more to build
 * and bind than the insert itself, on both drivers.
 */
export async function insertLots(db: DbOrTx, kind: LotKind, rows: NewLot[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = kind === 'cargo' ? LOT_COLUMNS : SURPLUS_COLUMNS;
  const table = kind === 'cargo' ? 'cargo' : 'surplus';
  const names = columns.map(([c]) => `"${c}"`).join(', ');
  const fields = columns.map(([, f]) => `"${f}"`).join(', ');
  const types = columns.map(([, f, t]) => `"${f}" ${t}`).join(', ');
  const result = await db.execute(
    sql`insert into ${sql.raw(table)} (${sql.raw(names)}) select ${sql.raw(fields)} from json_to_recordset(${JSON.stringify(rows)}::json) as x(${sql.raw(types)}) returning id`,
  );
  // The new ids: subscriptions match them after the commit (modules/subscription).
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

/** The next chunk of the company's live lots, by id after `afterId`. */
export async function ownLotsChunk(
  db: DbOrTx,
  kind: LotKind,
  companyId: number,
  afterId: number,
  limit: number,
): Promise<StoredLot[]> {
  if (kind === 'cargo') {
    const rows = await db
      .select()
      .from(cargo)
      .where(and(eq(cargo.companyId, companyId), ne(cargo.status, 'deleted'), gt(cargo.id, afterId)))
      .orderBy(asc(cargo.id))
      .limit(limit);
    return rows.map((r) => ({ ...r, grade: '正品', defects: '' }));
  }
  return db
    .select()
    .from(surplus)
    .where(and(eq(surplus.companyId, companyId), ne(surplus.status, 'deleted'), gt(surplus.id, afterId)))
    .orderBy(asc(surplus.id))
    .limit(limit);
}

/** The company's latest quote day (live quotes), or null. */
export async function latestQuoteDay(db: DbOrTx, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ day: max(quotations.quoteDate) })
    .from(quotations)
    .where(and(eq(quotations.companyId, companyId), isNull(quotations.deletedAt)));
  return row?.day ?? null;
}

/** The next chunk of the company's live quotes of `day`, by id after `afterId`. */
export async function ownQuotesChunk(
  db: DbOrTx,
  companyId: number,
  day: string,
  afterId: number,
  limit: number,
): Promise<StoredQuote[]> {
  const q = quotations;
  return db
    .select()
    .from(q)
    .where(and(eq(q.companyId, companyId), eq(q.quoteDate, day), isNull(q.deletedAt), gt(q.id, afterId)))
    .orderBy(asc(q.id))
    .limit(limit);
}
