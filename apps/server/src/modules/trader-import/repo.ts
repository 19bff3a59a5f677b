/**
 * The import's own SQL: the staged sheets (trader_imports), the supplier name search text
 * carries, and the chunks an export reads. The trader's rows themselves are written by their
 * owners, called from rows.ts: lots by the trader module (trader/service.ts), quotations by the
 * quotation module (quotation/service.ts). Functions take `DbOrTx` and run their queries one
 * after another.
 */
import { and, asc, eq, gt, isNull, lt, max, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cargo, companies, quotations, surplus, traderImports } from '../../db/schema/index.ts';

export type ImportRow = Omit<typeof traderImports.$inferSelect, 'fileBytes'>;
export type NewImport = typeof traderImports.$inferInsert;
export type LotKind = 'cargo' | 'surplus';
export type StoredLot = typeof surplus.$inferSelect;
export type StoredQuote = typeof quotations.$inferSelect;

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
 * Drops the staged file of imports past their expiry (the row stays for its status until
 * deleteStaleImports forgets it): an expired preview can no longer be committed, and the sheet
 * of the rows a finished import left out can no longer be downloaded.
 */
export async function dropExpiredBytes(db: DbOrTx): Promise<void> {
  await db
    .update(traderImports)
    .set({ fileBytes: Buffer.alloc(0) })
    .where(
      and(
        lt(traderImports.expiresAt, sql`now()`),
        ne(traderImports.state, 'running'),
        sql`octet_length(${traderImports.fileBytes}) > 0`,
      ),
    );
}

/**
 * Records how an import ended (done or failed) and its counts; the staged file is dropped. An
 * import that left rows out (`errorCount` of them) keeps, in its place, the sheet of those rows
 * (`leftOut`) until `until` (sent as base64, see insertImport).
 */
export async function finishImport(
  db: DbOrTx,
  id: string,
  end: {
    state: 'done' | 'failed';
    processed: number;
    inserted: number;
    removed: number;
    message: string;
    errorCount?: number;
  },
  leftOut?: { sheet: Buffer; until: Date },
): Promise<void> {
  await db
    .update(traderImports)
    .set({
      ...end,
      ...(leftOut
        ? { fileBytes: sql`decode(${leftOut.sheet.toString('base64')}, 'base64')`, expiresAt: leftOut.until }
        : { fileBytes: Buffer.alloc(0) }),
      updatedAt: sql`now()`,
    })
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
