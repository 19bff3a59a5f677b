/**
 * Writing quotes. The change (涨跌) a quote shows is against the same trader's previous quote of
 * the same item, so it is looked up once, on write, and stored beside the price
 * (prev_price_fen, change_fen): the list then needs no self-join over a million rows. The demo
 * seed (seed/quotations.ts) applies the same rule in memory.
 */
import { and, asc, desc, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { quotations } from '../../../db/schema/index.ts';
import { changeOf } from '../change.ts';

/** A new quote as stored, without what this module derives (previous price and change). */
export type NewQuote = Omit<typeof quotations.$inferInsert, 'id' | 'prevPriceFen' | 'changeFen'>;

/** What makes two quotes of one trader "the same item". */
function itemKey(r: {
  productId: number;
  material?: string;
  spec: string;
  origin?: string;
  city: string;
  warehouseName?: string;
}): string {
  return JSON.stringify([
    r.productId,
    r.material ?? '',
    r.spec,
    r.origin ?? '',
    r.city,
    r.warehouseName ?? '',
  ]);
}

/**
 * Inserts quotes, each with the trader's previous quote of the same item (the newest one on an
 * earlier day; null for a first quote) and the change against it. One read per trader and day,
 * then one insert, one after another (a transaction may be passed). Returns the new ids in order.
 */
export async function insertQuotations(db: DbOrTx, rows: NewQuote[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const groups = new Map<string, { companyId: number; day: string }>();
  for (const r of rows)
    groups.set(`${r.companyId}|${r.quoteDate}`, { companyId: r.companyId, day: r.quoteDate });
  const previous = new Map<string, number>();
  for (const [group, { companyId, day }] of groups) {
    const q = quotations;
    const before = await db
      .selectDistinctOn([q.productId, q.material, q.spec, q.origin, q.city, q.warehouseName], {
        productId: q.productId,
        material: q.material,
        spec: q.spec,
        origin: q.origin,
        city: q.city,
        warehouseName: q.warehouseName,
        priceFen: q.priceFen,
      })
      .from(q)
      .where(and(eq(q.companyId, companyId), lt(q.quoteDate, day), isNull(q.deletedAt)))
      .orderBy(
        asc(q.productId),
        asc(q.material),
        asc(q.spec),
        asc(q.origin),
        asc(q.city),
        asc(q.warehouseName),
        desc(q.quoteDate),
        desc(q.id),
      );
    for (const b of before) previous.set(`${group}|${itemKey(b)}`, b.priceFen);
  }
  const values = rows.map((r) => {
    const prev = previous.get(`${r.companyId}|${r.quoteDate}|${itemKey(r)}`) ?? null;
    const priceFen = r.priceFen ?? 0;
    return { ...r, priceFen, prevPriceFen: prev, changeFen: changeOf(priceFen, prev) };
  });
  const inserted = await db.insert(quotations).values(values).returning({ id: quotations.id });
  return inserted.map((r) => r.id);
}
