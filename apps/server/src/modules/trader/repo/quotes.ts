/**
 * The trader's own quotations, read: its page of one day, the days it quoted, one quote by id,
 * the same item on a day, an item's previous price and the rows a copy or reprice needs. The
 * quotation module owns the table and writes it (quotation/service.ts: `publishQuotes`,
 * `updateOwnQuote`, `deleteOwnQuotesByIds`, `repriceOwnQuotes`); an edit passes it the previous
 * price read here (the same trader's newest quote of the same item on an earlier day, the way
 * modules/quotation/repo/publish.ts does on insert), so /beginMain's 涨跌 follows every write.
 */
import { and, asc, desc, eq, gt, ilike, inArray, isNull, lt, lte, max, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { quotations } from '../../../db/schema/index.ts';
import { containsPattern } from '../../search/query.ts';

const q = quotations;

/** One own quote as stored. */
export interface OwnQuoteRow {
  id: number;
  productId: number;
  material: string;
  spec: string;
  origin: string;
  warehouseName: string;
  city: string;
  priceFen: number;
  prevPriceFen: number | null;
  weightKg: number;
  remark: string;
  quoteDate: string;
  updatedAt: Date;
}

const ownColumns = {
  id: q.id,
  productId: q.productId,
  material: q.material,
  spec: q.spec,
  origin: q.origin,
  warehouseName: q.warehouseName,
  city: q.city,
  priceFen: q.priceFen,
  prevPriceFen: q.prevPriceFen,
  weightKg: q.weightKg,
  remark: q.remark,
  quoteDate: q.quoteDate,
  updatedAt: q.updatedAt,
};

/** The company's quotes not deleted. */
const ownQuotes = (companyId: number): SQL[] => [eq(q.companyId, companyId), isNull(q.deletedAt)];

/** The company's newest quote day on or before `day` (before it, when `before`), or null. */
export async function ownQuoteDay(
  db: DbOrTx,
  companyId: number,
  day: string,
  before = false,
): Promise<string | null> {
  const [row] = await db
    .select({ day: max(q.quoteDate) })
    .from(q)
    .where(and(...ownQuotes(companyId), before ? lt(q.quoteDate, day) : lte(q.quoteDate, day)));
  return row?.day ?? null;
}

function dayConditions(companyId: number, day: string, words: string[]): SQL[] {
  const c = [...ownQuotes(companyId), eq(q.quoteDate, day)];
  for (const word of words) c.push(ilike(q.searchText, containsPattern(word)));
  return c;
}

/** One page of the company's quotes of `day`, the latest written first. */
export async function ownQuotePage(
  db: DbOrTx,
  companyId: number,
  day: string,
  words: string[],
  window: { limit: number; offset: number },
): Promise<OwnQuoteRow[]> {
  return db
    .select(ownColumns)
    .from(q)
    .where(and(...dayConditions(companyId, day, words)))
    .orderBy(desc(q.updatedAt), desc(q.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** How many of the company's quotes of `day` match. */
export async function countOwnQuotes(db: DbOrTx, companyId: number, day: string, words: string[]) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(q)
    .where(and(...dayConditions(companyId, day, words)));
  return row?.n ?? 0;
}

/** One of the company's quotes by id, or null (another company's id is null too). */
export async function findOwnQuote(db: DbOrTx, companyId: number, id: number): Promise<OwnQuoteRow | null> {
  const [row] = await db
    .select(ownColumns)
    .from(q)
    .where(and(eq(q.id, id), ...ownQuotes(companyId)));
  return row ?? null;
}

/** What makes two quotes of one trader "the same item" (publish.ts). */
export interface QuoteItem {
  productId: number;
  material: string;
  spec: string;
  origin: string;
  city: string;
  warehouseName: string;
}

const sameItem = (item: QuoteItem): SQL[] => [
  eq(q.productId, item.productId),
  eq(q.material, item.material),
  eq(q.spec, item.spec),
  eq(q.origin, item.origin),
  eq(q.city, item.city),
  eq(q.warehouseName, item.warehouseName),
];

/** The company's quote of the same item on `day` other than `exceptId`, or null. */
export async function sameItemOn(
  db: DbOrTx,
  companyId: number,
  day: string,
  item: QuoteItem,
  exceptId?: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: q.id })
    .from(q)
    .where(
      and(
        ...ownQuotes(companyId),
        eq(q.quoteDate, day),
        ...sameItem(item),
        exceptId === undefined ? undefined : sql`${q.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The price of the company's newest quote of the item before `day`, or null for a first quote. */
export async function previousPriceOf(
  db: DbOrTx,
  companyId: number,
  day: string,
  item: QuoteItem,
): Promise<number | null> {
  const [row] = await db
    .select({ priceFen: q.priceFen })
    .from(q)
    .where(and(...ownQuotes(companyId), lt(q.quoteDate, day), ...sameItem(item)))
    .orderBy(desc(q.quoteDate), desc(q.id))
    .limit(1);
  return row?.priceFen ?? null;
}

/** How many of the company's priced quotes of `day` among `ids` a move of `deltaFen` brings to 0 or below. */
export async function countQuotePricesAtOrBelow(
  db: DbOrTx,
  companyId: number,
  day: string,
  ids: number[],
  deltaFen: number,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(q)
    .where(
      and(
        inArray(q.id, ids),
        eq(q.quoteDate, day),
        ...ownQuotes(companyId),
        gt(q.priceFen, 0),
        lte(q.priceFen, -deltaFen),
      ),
    );
  return row?.n ?? 0;
}

/** The company's quotes of `day` with every stored column, for copying them to another day. */
export async function quotesOfDay(db: DbOrTx, companyId: number, day: string) {
  return db
    .select()
    .from(q)
    .where(and(...ownQuotes(companyId), eq(q.quoteDate, day)))
    .orderBy(asc(q.id));
}
