/**
 * The display order every search shares: priced rows before 电议 (price 0, call for price) in
 * either price direction, each part its own index-friendly query. Lots add a part between them
 * (过期 priced lots after current ones, repo/lots.ts#rowsInOrder); quotations have two parts.
 */
import { eq, gt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Priced rows only (price above 0). */
export const pricedOnly = (price: AnyPgColumn): SQL => gt(price, 0);
/** 电议 rows only (price 0). */
export const callForPriceOnly = (price: AnyPgColumn): SQL => eq(price, 0);

/** One part of an order: its rows and how they are sorted. */
export interface OrderPart<Order> {
  /** the name its size is counted (and cached) under; null for the last part, never counted */
  name: string | null;
  where: SQL[];
  order: Order;
}

/**
 * The rows of one page of an order made of parts, each query run by `findRows`: a part is read
 * only once the parts before it run out. Where a part ends is asked (`partSize`) only past the
 * first page; on the first, a part running short says it. The services run this on the pool;
 * bench/baseline-server.ts on a bare connection, so both run the same statements.
 */
export async function rowsOfParts<Row, Order>(
  parts: OrderPart<Order>[],
  window: { limit: number; offset: number },
  findRows: (where: SQL[], window: Order & { limit: number; offset: number }) => Promise<Row[]>,
  partSize: (name: string, where: SQL[]) => Promise<number>,
): Promise<Row[]> {
  const rows: Row[] = [];
  // Rows of the order before this page that are still to be passed over.
  let skip = window.offset;
  for (const part of parts) {
    const need = window.limit - rows.length;
    if (need <= 0) break;
    const size = skip > 0 && part.name ? await partSize(part.name, part.where) : Number.POSITIVE_INFINITY;
    if (skip >= size) {
      skip -= size;
      continue;
    }
    rows.push(...(await findRows(part.where, { ...part.order, limit: need, offset: skip })));
    skip = 0;
  }
  return rows;
}
