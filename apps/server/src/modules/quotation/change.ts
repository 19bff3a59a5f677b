/**
 * The change a quote shows: only between two real prices; 电议 on either side, or none before, is
 * 0. Pure, so every writer of quotations (the quotation module's insert, the trader's edits, the
 * seed) computes it alike.
 */
export function changeOf(priceFen: number, prevPriceFen: number | null): number {
  return prevPriceFen && priceFen ? priceFen - prevPriceFen : 0;
}
