/**
 * The trader's own spot stock and surplus: its page of rows, one row by id, insert, edit, soft
 * delete and the bulk actions, and the writes of a sheet import or ERP sync (every live lot
 * marked deleted, multi-row inserts), which trader-import/rows.ts#writeRows reaches through
 * trader/service.ts. This module owns cargo and surplus: no other module writes them. Every
 * statement is bounded to the caller's company, so an id of another trader's row behaves exactly
 * like a missing one; deleted rows are never read back.
 */
import { and, desc, eq, gt, ilike, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cargo, surplus } from '../../../db/schema/index.ts';
import type { CargoStatus } from '../../../db/schema/trade.ts';
import { type LotRowValues, storedColumns } from '../../search/lot-row.ts';
import { containsPattern } from '../../search/query.ts';
import { type LotKind, type LotTable, lotTable } from '../../search/sql.ts';

/** One own lot as stored (surplus adds grade and defects). */
export interface OwnLotRow {
  id: number;
  productId: number;
  material: string;
  spec: string;
  origin: string;
  warehouseName: string;
  city: string;
  pieces: number;
  weightKg: number;
  priceFen: number;
  remark: string;
  status: CargoStatus;
  updatedAt: Date;
  grade?: string;
  defects?: string;
}

/** A filter of the trader's list, in storage terms. */
export interface OwnLotFilter {
  companyId: number;
  /** words each of which the row's search text contains */
  words: string[];
  status?: 'on_sale' | 'sold_out';
}

const columnsOf = (t: LotTable) => ({
  id: t.id,
  productId: t.productId,
  material: t.material,
  spec: t.spec,
  origin: t.origin,
  warehouseName: t.warehouseName,
  city: t.city,
  pieces: t.pieces,
  weightKg: t.weightKg,
  priceFen: t.priceFen,
  remark: t.remark,
  status: t.status,
  updatedAt: t.updatedAt,
});

/** Rows of the company not deleted: the base of every own read and write. */
const ownRows = (t: LotTable, companyId: number): SQL[] => [
  eq(t.companyId, companyId),
  ne(t.status, 'deleted'),
];

function filterConditions(t: LotTable, f: OwnLotFilter): SQL[] {
  const c = ownRows(t, f.companyId);
  if (f.status) c.push(eq(t.status, f.status));
  // The company's own rows are a few hundred or thousand: ILIKE needs no dictionary here.
  for (const word of f.words) c.push(ilike(t.searchText, containsPattern(word)));
  return c;
}

/** One page of the company's lots, newest first (walks cargo_company_idx backwards). */
export async function ownLotPage(
  db: DbOrTx,
  kind: LotKind,
  f: OwnLotFilter,
  window: { limit: number; offset: number },
): Promise<OwnLotRow[]> {
  if (kind === 'surplus') {
    return db
      .select({ ...columnsOf(surplus), grade: surplus.grade, defects: surplus.defects })
      .from(surplus)
      .where(and(...filterConditions(surplus, f)))
      .orderBy(desc(surplus.updatedAt), desc(surplus.id))
      .limit(window.limit)
      .offset(window.offset);
  }
  return db
    .select(columnsOf(cargo))
    .from(cargo)
    .where(and(...filterConditions(cargo, f)))
    .orderBy(desc(cargo.updatedAt), desc(cargo.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** How many of the company's lots match. */
export async function countOwnLots(db: DbOrTx, kind: LotKind, f: OwnLotFilter): Promise<number> {
  const t = lotTable(kind);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(and(...filterConditions(t, f)));
  return row?.n ?? 0;
}

/** One of the company's lots by id, or null (another company's id is null too). */
export async function findOwnLot(
  db: DbOrTx,
  kind: LotKind,
  companyId: number,
  id: number,
): Promise<OwnLotRow | null> {
  const rows =
    kind === 'surplus'
      ? await db
          .select({ ...columnsOf(surplus), grade: surplus.grade, defects: surplus.defects })
          .from(surplus)
          .where(and(eq(surplus.id, id), ...ownRows(surplus, companyId)))
      : await db
          .select(columnsOf(cargo))
          .from(cargo)
          .where(and(eq(cargo.id, id), ...ownRows(cargo, companyId)));
  return rows[0] ?? null;
}

/** The stored columns of a written row (form, import, sync), its search text and company. */
export type LotWrite = LotRowValues & { searchText: string };

function storedOf(v: LotWrite) {
  return { ...storedColumns(v), pieces: v.pieces, searchText: v.searchText };
}

/** Inserts one lot of the company, on sale; returns its id. */
export async function insertLot(db: DbOrTx, kind: LotKind, companyId: number, v: LotWrite): Promise<number> {
  if (kind === 'surplus') {
    const [row] = await db
      .insert(surplus)
      .values({
        ...storedOf(v),
        companyId,
        grade: (v.grade ?? '正品') as typeof surplus.$inferInsert.grade,
        defects: v.defects ?? '',
      })
      .returning({ id: surplus.id });
    return row!.id;
  }
  const [row] = await db
    .insert(cargo)
    .values({ ...storedOf(v), companyId })
    .returning({ id: cargo.id });
  return row!.id;
}

/** Rewrites one of the company's lots (updated now); false when it is not the company's. */
export async function updateLot(
  db: DbOrTx,
  kind: LotKind,
  companyId: number,
  id: number,
  v: LotWrite,
): Promise<boolean> {
  const now = sql`now()`;
  const rows =
    kind === 'surplus'
      ? await db
          .update(surplus)
          .set({
            ...storedOf(v),
            grade: (v.grade ?? '正品') as typeof surplus.$inferInsert.grade,
            defects: v.defects ?? '',
            updatedAt: now,
          })
          .where(and(eq(surplus.id, id), ...ownRows(surplus, companyId)))
          .returning({ id: surplus.id })
      : await db
          .update(cargo)
          .set({ ...storedOf(v), updatedAt: now })
          .where(and(eq(cargo.id, id), ...ownRows(cargo, companyId)))
          .returning({ id: cargo.id });
  return rows.length > 0;
}

/** Sets the status of the company's lots among `ids` (updated now); returns how many changed. */
export async function setLotStatus(
  db: DbOrTx,
  kind: LotKind,
  companyId: number,
  ids: number[],
  status: CargoStatus,
): Promise<number> {
  const set = { status, updatedAt: sql`now()` };
  const rows =
    kind === 'surplus'
      ? await db
          .update(surplus)
          .set(set)
          .where(and(inArray(surplus.id, ids), ...ownRows(surplus, companyId)))
          .returning({ id: surplus.id })
      : await db
          .update(cargo)
          .set(set)
          .where(and(inArray(cargo.id, ids), ...ownRows(cargo, companyId)))
          .returning({ id: cargo.id });
  return rows.length;
}

/** How many of the company's priced lots among `ids` a change of `deltaFen` would bring to 0 or below. */
export async function countPricesAtOrBelow(
  db: DbOrTx,
  kind: LotKind,
  companyId: number,
  ids: number[],
  deltaFen: number,
): Promise<number> {
  const t = lotTable(kind);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(and(inArray(t.id, ids), ...ownRows(t, companyId), gt(t.priceFen, 0), lte(t.priceFen, -deltaFen)));
  return row?.n ?? 0;
}

/**
 * Moves the price of the company's priced lots among `ids` by `deltaFen` (never below
 * `floorFen`; 电议 rows unchanged), updated now; returns how many changed.
 */
export async function repriceLots(
  db: DbOrTx,
  kind: LotKind,
  companyId: number,
  ids: number[],
  deltaFen: number,
  floorFen: number,
): Promise<number> {
  const t = lotTable(kind);
  const set = {
    priceFen: sql`greatest(${t.priceFen} + ${deltaFen}::int, ${floorFen}::int)`,
    updatedAt: sql`now()`,
  };
  const where = and(inArray(t.id, ids), ...ownRows(t, companyId), gt(t.priceFen, 0));
  const rows =
    kind === 'surplus'
      ? await db.update(surplus).set(set).where(where).returning({ id: surplus.id })
      : await db.update(cargo).set(set).where(where).returning({ id: cargo.id });
  return rows.length;
}

/** Marks every live lot of the company deleted (replace mode of an import or sync); returns how many. */
export async function deleteAllOwnLots(db: DbOrTx, kind: LotKind, companyId: number): Promise<number> {
  const t = lotTable(kind);
  const rows = await db
    .update(t)
    .set({ status: 'deleted', updatedAt: sql`now()` })
    .where(and(eq(t.companyId, companyId), ne(t.status, 'deleted')))
    .returning({ id: t.id });
  return rows.length;
}

/** A lot as a multi-row insert writes it (cargo ignores grade and defects). */
export type NewLot = typeof surplus.$inferInsert;

/** The columns a lot insert writes, with their SQL types (see prepareLotInsert). */
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

/** A lot insert whose statement is built: running it sends it and resolves the new ids in order. */
export type PreparedInsert = (db: DbOrTx) => Promise<number[]>;

/**
 * Builds the insert of a batch of lots: one statement whose only parameter is the batch as JSON
 * (`json_to_recordset`); a thousand rows as twenty thousand bound parameters cost more to build
 * and bind than the insert itself, on both drivers. Building (the JSON) is the CPU half of an
 * insert, done here at once, so that a caller can build the next batch while the database
 * writes this one (trader-import/rows.ts#writeRows).
 */
export function prepareLotInsert(kind: LotKind, rows: readonly NewLot[]): PreparedInsert {
  if (rows.length === 0) return async () => [];
  const columns = kind === 'cargo' ? LOT_COLUMNS : SURPLUS_COLUMNS;
  const table = kind === 'cargo' ? 'cargo' : 'surplus';
  const names = columns.map(([c]) => `"${c}"`).join(', ');
  const fields = columns.map(([, f]) => `"${f}"`).join(', ');
  const types = columns.map(([, f, t]) => `"${f}" ${t}`).join(', ');
  const statement = sql`insert into ${sql.raw(table)} (${sql.raw(names)}) select ${sql.raw(fields)} from json_to_recordset(${JSON.stringify(rows)}::json) as x(${sql.raw(types)}) returning id`;
  // `.then` at once, not `await`: a Drizzle query starts when asked for its result, and an
  // `await` would ask a turn later, after the caller's next batch is built instead of during it.
  // The new ids: subscriptions match them after the commit (modules/subscription).
  return (db) =>
    db
      .execute(statement)
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)));
}
