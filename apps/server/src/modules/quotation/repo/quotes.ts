/**
 * Queries over the quotation table (今日报价): the WHERE conditions of a filter on one day, a
 * page of rows, counts, totals, per-product averages, and the three-per-trader view. Every
 * filter is on one quote day first: a day holds a few thousand quotes even when the table holds
 * a million, and every index of the table leads with the day (or the company).
 */
import { and, asc, desc, eq, inArray, isNull, lt, lte, max, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { quotations } from '../../../db/schema/index.ts';
import type { TradeDictionary } from '../../search/dictionary.ts';
import type { ParsedKeyword } from '../../search/query.ts';
import {
  callForPriceOnly,
  type Facet,
  type FacetCount,
  facetCounts,
  type LotFacet,
  type OrderPart,
  pricedOnly,
  searchColumns,
  sharedConditions,
} from '../../search/sql.ts';

const q = quotations;

/** The facets of the quotation menu (the lot facets without surplus grades). */
export type QuoteFacet = Exclude<Facet, 'grades'>;
export type QuoteSortKey = 'time' | 'price' | 'change';
export type SortOrder = 'asc' | 'desc';

/**
 * A filter in storage terms: names as the user gave them (the dictionary maps them to ids), the
 * spec already parsed, the trader already resolved from its user id to its company.
 */
export interface QuoteQuery {
  products?: string[];
  materials?: string[];
  origins?: string[];
  cities?: string[];
  warehouses?: string[];
  spec?: { thickness: number; width: number | null; length: number | null };
  thicknessMin?: number;
  thicknessMax?: number;
  widthMin?: number;
  widthMax?: number;
  /** the trader's company; null when the trader asked for is unknown (nothing matches) */
  companyId?: number | null;
}

/**
 * Quotes their trader has not deleted. Every public read includes it: a plain filter on the
 * day-led indexes' rows (a deleted quote is rare), never a change of the walked order.
 */
export const notDeleted = (): SQL => isNull(q.deletedAt);

/** Quotes of these days (one day, or the day and the previous trading day for the totals). */
export const onDays = (days: string[]): SQL =>
  days.length === 1 ? eq(q.quoteDate, days[0]!) : inArray(q.quoteDate, days);

/**
 * The WHERE conditions of a filter, without the day: explicit filters, then the understood
 * keyword (search/query.ts). `skip` leaves one facet's explicit filter out, so its menu still
 * offers the other values.
 */
export function quoteConditions(
  filter: QuoteQuery,
  parsed: ParsedKeyword,
  dict: TradeDictionary,
  skip?: QuoteFacet,
): SQL[] {
  const c: SQL[] = [notDeleted(), ...sharedConditions(searchColumns(q), filter, parsed, dict, skip)];
  if (filter.spec) {
    c.push(eq(q.thickness, filter.spec.thickness));
    if (filter.spec.width !== null) c.push(eq(q.width, filter.spec.width));
    if (filter.spec.length !== null) c.push(eq(q.length, filter.spec.length));
  }
  if (filter.companyId !== undefined) {
    c.push(filter.companyId === null ? sql`false` : eq(q.companyId, filter.companyId));
  }
  return c;
}

/** One firm's priced quotes (list-user) or its 电议 ones (list-user-zero). */
export function firmConditions(companyId: number, price: 'priced' | 'callForPrice'): SQL[] {
  return [
    eq(q.companyId, companyId),
    notDeleted(),
    price === 'priced' ? pricedOnly(q.priceFen) : callForPriceOnly(q.priceFen),
  ];
}

/** The columns a quote row shows. */
const quoteColumns = {
  id: q.id,
  companyId: q.companyId,
  productId: q.productId,
  material: q.material,
  spec: q.spec,
  thickness: q.thickness,
  width: q.width,
  length: q.length,
  origin: q.origin,
  city: q.city,
  warehouse: q.warehouseName,
  priceFen: q.priceFen,
  prevPriceFen: q.prevPriceFen,
  weightKg: q.weightKg,
  remark: q.remark,
  quoteDate: q.quoteDate,
  updatedAt: q.updatedAt,
};

/** One quote as stored: fen per tonne, kg, product and trader by id. */
export interface QuoteRow {
  id: number;
  companyId: number;
  productId: number;
  material: string;
  spec: string;
  thickness: number;
  width: number | null;
  length: number | null;
  origin: string;
  city: string;
  warehouse: string;
  priceFen: number;
  /** the trader's previous quote of the same item; null for a first quote */
  prevPriceFen: number | null;
  weightKg: number;
  remark: string;
  quoteDate: string;
  updatedAt: Date;
}

/** Which rows of the order a page takes. */
export interface QuoteWindow {
  sort: QuoteSortKey;
  order: SortOrder;
  limit: number;
  offset: number;
}

/**
 * The ORDER BY of a sort; every order ends on the id so pages never overlap. Each walks an
 * index that leads with the day: (day, updated_at), (day, price), (day, change).
 */
function quoteOrder(sort: QuoteSortKey, order: SortOrder): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  switch (sort) {
    case 'price':
      // The service splits a price order into priced quotes, then 电议 ones (quotePriceParts),
      // so both walk the price index.
      return [dir(q.priceFen), desc(q.id)];
    case 'change':
      return [dir(q.changeFen), desc(q.id)];
    default:
      return [dir(q.updatedAt), dir(q.id)];
  }
}

/** A price order's parts (search/sql.ts, from search/repo/order.ts): priced quotes in `order`, then 电议 newest first. */
export function quotePriceParts(
  where: SQL[],
  order: SortOrder,
): OrderPart<Pick<QuoteWindow, 'sort' | 'order'>>[] {
  return [
    { name: 'priced', where: [...where, pricedOnly(q.priceFen)], order: { sort: 'price', order } },
    { name: null, where: [...where, callForPriceOnly(q.priceFen)], order: { sort: 'time', order: 'desc' } },
  ];
}

/**
 * The statement of one page of quotes, not yet run: findQuoteRows awaits it and
 * bench/baseline-server.ts runs its `toSQL()` on a bare connection. One table, no joins: traders
 * and product names come from caches by id.
 */
export function quoteRowsQuery(db: DbOrTx, where: SQL[], window: QuoteWindow) {
  return db
    .select(quoteColumns)
    .from(q)
    .where(and(...where))
    .orderBy(...quoteOrder(window.sort, window.order))
    .limit(window.limit)
    .offset(window.offset);
}

/** One page of quotes (quoteRowsQuery). */
export async function findQuoteRows(db: DbOrTx, where: SQL[], window: QuoteWindow): Promise<QuoteRow[]> {
  return quoteRowsQuery(db, where, window);
}

/** Number of quotes matching. */
export async function countQuotes(db: DbOrTx, where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(q)
    .where(and(...where));
  return row?.n ?? 0;
}

/** The newest quote day on or before `day`, or null when there is none. */
export async function latestQuoteDay(db: DbOrTx, day: string, companyId?: number): Promise<string | null> {
  const [row] = await db
    .select({ day: max(q.quoteDate) })
    .from(q)
    .where(
      and(
        lte(q.quoteDate, day),
        notDeleted(),
        companyId === undefined ? undefined : eq(q.companyId, companyId),
      ),
    );
  return row?.day ?? null;
}

/** The newest quote day before `day` (the previous trading day), or null. */
export async function previousQuoteDay(db: DbOrTx, day: string): Promise<string | null> {
  const [row] = await db
    .select({ day: max(q.quoteDate) })
    .from(q)
    .where(and(lt(q.quoteDate, day), notDeleted()));
  return row?.day ?? null;
}

/** Sums of one day's quotes in storage units. */
export interface QuoteSums {
  rows: number;
  priced: number;
  traders: number;
  weightKg: number;
}

/** Rows, priced rows, traders and stated tonnage of a filter on one day. */
export async function sumQuotes(db: DbOrTx, where: SQL[]): Promise<QuoteSums> {
  const [row] = await db
    .select({
      rows: sql<number>`count(*)::int`,
      priced: sql<number>`(count(*) filter (where ${pricedOnly(q.priceFen)}))::int`,
      traders: sql<number>`count(distinct ${q.companyId})::int`,
      weightKg: sql<number>`coalesce(sum(${q.weightKg}), 0)::float8`,
    })
    .from(q)
    .where(and(...where));
  return {
    rows: row?.rows ?? 0,
    priced: row?.priced ?? 0,
    traders: row?.traders ?? 0,
    weightKg: row?.weightKg ?? 0,
  };
}

/** One product on one day: its quotes and the mean fen per tonne of the priced ones. */
export interface ProductDayAverage {
  productId: number;
  day: string;
  rows: number;
  /** null when every quote was 电议 */
  avgFen: number | null;
}

/** Per product and day (of the days in `where`): quotes and the mean price of priced quotes. */
export async function productAverages(db: DbOrTx, where: SQL[]): Promise<ProductDayAverage[]> {
  return db
    .select({
      productId: q.productId,
      day: q.quoteDate,
      rows: sql<number>`count(*)::int`,
      avgFen: sql<number | null>`(avg(${q.priceFen}) filter (where ${pricedOnly(q.priceFen)}))::float8`,
    })
    .from(q)
    .where(and(...where))
    .groupBy(q.productId, q.quoteDate);
}

/** A trader of the three-per-trader view: how many quotes match and when it last quoted. */
export interface TraderQuoteCount {
  companyId: number;
  count: number;
  /** a raw max(): a Date or the driver's text, depending on the engine */
  latest: Date | string;
}

/** One page of the traders with matching quotes, the most recently quoting first. */
export async function traderPage(
  db: DbOrTx,
  where: SQL[],
  window: { limit: number; offset: number },
): Promise<TraderQuoteCount[]> {
  const latest = sql<Date | string>`max(${q.updatedAt})`;
  return db
    .select({ companyId: q.companyId, count: sql<number>`count(*)::int`, latest })
    .from(q)
    .where(and(...where))
    .groupBy(q.companyId)
    .orderBy(desc(latest), asc(q.companyId))
    .limit(window.limit)
    .offset(window.offset);
}

/** The `perTrader` newest matching quotes of each of these traders, newest first per trader. */
export async function newestQuotesOf(
  db: DbOrTx,
  where: SQL[],
  companyIds: number[],
  perTrader: number,
): Promise<QuoteRow[]> {
  if (companyIds.length === 0) return [];
  const ranked = db
    .select({
      ...quoteColumns,
      rn: sql<number>`row_number() over (partition by ${q.companyId} order by ${q.updatedAt} desc, ${q.id} desc)`.as(
        'rn',
      ),
    })
    .from(q)
    .where(and(...where, inArray(q.companyId, companyIds)))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rn, perTrader))
    .orderBy(asc(ranked.companyId), asc(ranked.rn));
  return rows.map(({ rn: _rn, ...row }) => row);
}

/**
 * Counts per value of each facet over the quotes (the lot search's GROUPING SETS scan, see
 * search/repo/facets.ts): a facet with an explicit filter is counted without it.
 */
export function quoteFacetCounts(
  db: DbOrTx,
  active: ReadonlySet<QuoteFacet>,
  conditionsWithout: (facet: QuoteFacet) => SQL[],
): Promise<Record<LotFacet, FacetCount[]>> {
  return facetCounts(db, q, active, (facet) => conditionsWithout(facet as QuoteFacet));
}
