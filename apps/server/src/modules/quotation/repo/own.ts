/**
 * The writes of a trader's own quotes besides the insert (publish.ts): an edit of today's quote,
 * soft deletes (`deleted_at`, never a DELETE), a bulk reprice, and what an import or ERP sync
 * replaces (a day's quotes, or the quotes of the items it quotes again). This module owns the
 * quotations table: the trader's workspace (modules/trader) and the import (modules/trader-import)
 * call these through quotation/service.ts, inside their own transaction when they have one. Every
 * statement is bounded to the company's live quotes, so another trader's id changes nothing.
 */
import { and, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { quotations } from '../../../db/schema/index.ts';
import { changeOf } from '../change.ts';

const q = quotations;

/** A quote's stored columns as a writer gives them. */
export type QuoteWrite = Omit<typeof quotations.$inferInsert, 'id' | 'companyId' | 'quoteDate'>;

/** What names a quoted item (search/lot-row.ts#quoteItemKey). */
export type QuoteItem = Pick<
  typeof quotations.$inferInsert,
  'productId' | 'material' | 'spec' | 'origin' | 'city' | 'warehouseName'
>;

/** The company's quotes not deleted. */
const ownQuotes = (companyId: number): SQL[] => [eq(q.companyId, companyId), isNull(q.deletedAt)];

/**
 * Rewrites one of the company's quotes of `day` (updated now) with its previous price, which the
 * caller read (the newest quote of the item before `day`, as publish.ts does on insert), and the
 * change against it; false if none.
 */
export async function updateOwnQuote(
  db: DbOrTx,
  companyId: number,
  id: number,
  day: string,
  v: QuoteWrite,
  prevPriceFen: number | null,
): Promise<boolean> {
  const priceFen = v.priceFen ?? 0;
  const rows = await db
    .update(q)
    .set({ ...v, prevPriceFen, changeFen: changeOf(priceFen, prevPriceFen), updatedAt: sql`now()` })
    .where(and(eq(q.id, id), eq(q.quoteDate, day), ...ownQuotes(companyId)))
    .returning({ id: q.id });
  return rows.length > 0;
}

/** Soft-deletes the company's quotes among `ids`; returns how many. */
export async function deleteOwnQuotesByIds(db: DbOrTx, companyId: number, ids: number[]): Promise<number> {
  const rows = await db
    .update(q)
    .set({ deletedAt: sql`now()` })
    .where(and(inArray(q.id, ids), ...ownQuotes(companyId)))
    .returning({ id: q.id });
  return rows.length;
}

/**
 * Moves the price of the company's priced quotes of `day` among `ids` by `deltaFen` (never below
 * `floorFen`; 电议 unchanged), the change against the stored previous price, updated now.
 */
export async function repriceOwnQuotes(
  db: DbOrTx,
  companyId: number,
  day: string,
  ids: number[],
  deltaFen: number,
  floorFen: number,
): Promise<number> {
  const price = sql`greatest(${q.priceFen} + ${deltaFen}::int, ${floorFen}::int)`;
  const rows = await db
    .update(q)
    .set({
      priceFen: price,
      // changeOf in SQL: only between two real prices
      changeFen: sql`case when coalesce(${q.prevPriceFen}, 0) > 0 then ${price} - ${q.prevPriceFen} else 0 end`,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(q.id, ids), eq(q.quoteDate, day), ...ownQuotes(companyId), gt(q.priceFen, 0)))
    .returning({ id: q.id });
  return rows.length;
}

/** Marks the company's quotes of `day` deleted (replace mode of a quotation import); returns how many. */
export async function deleteOwnQuotesOfDay(db: DbOrTx, companyId: number, day: string): Promise<number> {
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
