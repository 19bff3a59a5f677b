/**
 * Lot queries over spot stock (cargo) and surplus: the WHERE conditions of a search, one page of
 * rows, the count and the totals. Both tables are built from the same lot columns
 * (db/schema/trade.ts), so every function here takes either table; what only surplus has (its
 * quality grade) is in modules/surplus/repo.ts.
 */
import type { SurplusFilter } from '@steelport/contracts';
import { and, asc, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../../db/client.ts';
import { cargo, surplus } from '../../../db/schema/index.ts';
import type { TradeDictionary } from '../dictionary.ts';
import type { ParsedKeyword } from '../query.ts';
import { searchColumns, sharedConditions } from './conditions.ts';
import { callForPriceOnly, type OrderPart, pricedOnly, rowsOfParts } from './order.ts';

export type LotKind = 'cargo' | 'surplus';
/** Either lot table; both have every lot column, so queries on the shared ones type-check on both. */
export type LotTable = typeof cargo | typeof surplus;

/** The table of a kind of lot. */
export function lotTable(kind: LotKind): LotTable {
  return kind === 'cargo' ? cargo : surplus;
}

export type Facet = 'products' | 'materials' | 'origins' | 'cities' | 'warehouses' | 'grades';
export type SortKey = 'updatedAt' | 'price' | 'weight' | 'thickness';
export type SortOrder = 'asc' | 'desc';

/**
 * A search filter in storage units: the API's filter (contracts) with its prices in fen instead
 * of 元, as present.ts#readLotFilter makes it. Names are as the user gave them; the dictionary
 * maps them to ids.
 */
export type LotQuery = Omit<SurplusFilter, 'priceMin' | 'priceMax'> & {
  priceMinFen?: number;
  priceMaxFen?: number;
};

/**
 * The WHERE conditions of a search on the lot columns: explicit filters, then the understood
 * keyword. `skip` leaves one facet's explicit filter out, so its menu still offers the other
 * values. A table's own filters (surplus grades) are added by its module.
 */
export function lotConditions(
  t: LotTable,
  filter: LotQuery,
  parsed: ParsedKeyword,
  dict: TradeDictionary,
  skip?: Facet,
): SQL[] {
  const c: SQL[] = [
    eq(t.status, 'on_sale'),
    ...sharedConditions(searchColumns(t), filter, parsed, dict, skip),
  ];
  if (filter.supplierId !== undefined) c.push(eq(t.companyId, filter.supplierId));
  if (filter.priceMinFen !== undefined || filter.priceMaxFen !== undefined) {
    // A price range asks for priced lots: 电议 rows (0) have no price to compare.
    c.push(pricedOnly(t.priceFen));
    if (filter.priceMinFen !== undefined) c.push(gte(t.priceFen, filter.priceMinFen));
    if (filter.priceMaxFen !== undefined) c.push(lte(t.priceFen, filter.priceMaxFen));
  }
  if (filter.callForPrice) c.push(callForPriceOnly(t.priceFen));
  return c;
}

/** The lot columns a page shows, selected from either table. */
export function lotColumns(t: LotTable) {
  return {
    id: t.id,
    productId: t.productId,
    material: t.material,
    spec: t.spec,
    thickness: t.thickness,
    width: t.width,
    length: t.length,
    origin: t.origin,
    warehouse: t.warehouseName,
    city: t.city,
    pieces: t.pieces,
    weightKg: t.weightKg,
    priceFen: t.priceFen,
    remark: t.remark,
    updatedAt: t.updatedAt,
    companyId: t.companyId,
  };
}

/** One lot as stored: fen per tonne, kg, product and supplier by id. */
export interface LotRow {
  id: number;
  productId: number;
  material: string;
  spec: string;
  thickness: number;
  width: number | null;
  length: number | null;
  origin: string;
  warehouse: string;
  city: string;
  pieces: number;
  weightKg: number;
  priceFen: number;
  remark: string;
  updatedAt: Date;
  companyId: number;
}

/** Which rows of the order a page takes. */
export interface RowWindow {
  sort: SortKey;
  order: SortOrder;
  limit: number;
  offset: number;
}

/** The ORDER BY of a sort; every order ends on the id so pages never overlap. */
export function lotOrder(t: LotTable, sort: SortKey, order: SortOrder): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  switch (sort) {
    case 'price':
      // rowsInOrder splits a price order into current priced lots, 过期 ones and 电议, so each
      // part can walk the price index.
      return [dir(t.priceFen), desc(t.id)];
    case 'weight':
      return [dir(t.weightKg), desc(t.id)];
    case 'thickness':
      return [dir(t.thickness), desc(t.id)];
    default:
      return [dir(t.updatedAt), dir(t.id)];
  }
}

/**
 * The statement of one page of cargo rows, not yet run: findCargoRows awaits it, and
 * bench/baseline-server.ts runs its `toSQL()` on a bare connection, so both run the same SQL. One
 * table, no joins: planning a three-way join cost more than running this query, and product
 * names and suppliers are a handful of rows the service adds by id.
 */
export function cargoRowsQuery(db: DbOrTx, where: SQL[], window: RowWindow) {
  return db
    .select(lotColumns(cargo))
    .from(cargo)
    .where(and(...where))
    .orderBy(...lotOrder(cargo, window.sort, window.order))
    .limit(window.limit)
    .offset(window.offset);
}

/** One page of cargo rows (cargoRowsQuery). */
export async function findCargoRows(db: DbOrTx, where: SQL[], window: RowWindow): Promise<LotRow[]> {
  return cargoRowsQuery(db, where, window);
}

/** The parts of a price order that are counted to find where a deep page starts. */
export type PriceTier = 'current' | 'stale';

/**
 * The rows of one page in display order, each query run by `findRows`. A price order (either
 * direction) lists current priced lots first, then 过期 priced ones (not updated since
 * `staleBefore`), then 电议 (price 0, newest first): a lot left for weeks must not set the price a
 * buyer sees first. Each part is its own index-friendly query (repo/order.ts#rowsOfParts) instead
 * of one sort of every match on an expression.
 */
export async function rowsInOrder<Row>(
  t: LotTable,
  where: SQL[],
  window: RowWindow,
  findRows: (where: SQL[], window: RowWindow) => Promise<Row[]>,
  tierCount: (tier: PriceTier, where: SQL[]) => Promise<number>,
  staleBefore: Date,
): Promise<Row[]> {
  if (window.sort !== 'price') return findRows(where, window);
  const byPrice = { sort: 'price', order: window.order } as const;
  const parts: OrderPart<Pick<RowWindow, 'sort' | 'order'>>[] = [
    {
      name: 'current',
      where: [...where, pricedOnly(t.priceFen), gte(t.updatedAt, staleBefore)],
      order: byPrice,
    },
    {
      name: 'stale',
      where: [...where, pricedOnly(t.priceFen), lt(t.updatedAt, staleBefore)],
      order: byPrice,
    },
    {
      name: null,
      where: [...where, callForPriceOnly(t.priceFen)],
      order: { sort: 'updatedAt', order: 'desc' },
    },
  ];
  return rowsOfParts(parts, window, findRows, (name, part) => tierCount(name as PriceTier, part));
}

/** Number of lots matching. */
export async function countLots(db: DbOrTx, t: LotTable, where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(and(...where));
  return row?.n ?? 0;
}

/** One product's share of a search in storage units. */
export interface ProductSums {
  productId: number;
  rows: number;
  weightKg: number;
  /** tonnage-weighted average fen per tonne of the product's priced lots; null when all are 电议 */
  avgFen: number | null;
}

/** Sums of a search in storage units; present.ts#presentTotals turns them into LotTotals. */
export interface LotSums {
  rows: number;
  pieces: number;
  weightKg: number;
  suppliers: number;
  /**
   * Per product: an average price only means something within one product (issue 35: hot-rolled
   * and galvanized averaged together said nothing about either).
   */
  products: ProductSums[];
}

/**
 * Rows, pieces, tonnage and suppliers of the whole filtered result, and per product its rows,
 * tonnage and the tonnage-weighted average price of its priced lots (never of one page).
 */
export async function sumLots(db: DbOrTx, t: LotTable, where: SQL[]): Promise<LotSums> {
  const priced = pricedOnly(t.priceFen);
  const [[row], products] = await inSequence([
    db
      .select({
        rows: sql<number>`count(*)::int`,
        pieces: sql<number>`coalesce(sum(${t.pieces}), 0)::float8`,
        weightKg: sql<number>`coalesce(sum(${t.weightKg}), 0)::float8`,
        suppliers: sql<number>`count(distinct ${t.companyId})::int`,
      })
      .from(t)
      .where(and(...where)),
    db
      .select({
        productId: t.productId,
        rows: sql<number>`count(*)::int`,
        weightKg: sql<number>`coalesce(sum(${t.weightKg}), 0)::float8`,
        avgFen: sql<number | null>`(sum(${t.priceFen}::numeric * ${t.weightKg}) filter (where ${priced})
          / nullif(sum(${t.weightKg}) filter (where ${priced}), 0))::float8`,
      })
      .from(t)
      .where(and(...where))
      .groupBy(t.productId),
  ]);
  return {
    rows: row?.rows ?? 0,
    pieces: row?.pieces ?? 0,
    weightKg: row?.weightKg ?? 0,
    suppliers: row?.suppliers ?? 0,
    products,
  };
}
