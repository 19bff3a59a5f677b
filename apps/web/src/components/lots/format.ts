/**
 * How lot figures read in the tables: prices are yuan per tonne (0 is 电议, call for price, so
 * it must never print as a price), weights tonnes with three decimals as the trade writes them.
 */
import dayjs from 'dayjs';

const priceFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
const countFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });

/** A price in yuan per tonne (3,856 or 3,856.5); null for 0, which the table shows as 电议. */
export function formatPrice(price: number | null | undefined): string | null {
  if (price === null || price === undefined || price === 0) return null;
  return priceFormat.format(price);
}

/** An amount in yuan, zero included (a change of 0 is flat, not 电议): 20, 9.32, 1,234. */
export function formatYuan(amount: number): string {
  return priceFormat.format(amount);
}

/** A weight in tonnes with three decimals (25.360). */
export function formatWeight(tonnes: number): string {
  return tonnes.toFixed(3);
}

const tonnageFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3 });

/** An offered tonnage as traders quote it, whole tonnes without decimals: 500, 1,250, 25.36. */
export function formatTonnage(tonnes: number): string {
  return tonnageFormat.format(tonnes);
}

/** A count with thousands separators (1,234). */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** Update time as MM-DD HH:mm in the browser's time zone; the year is implied by the market. */
export function formatUpdatedAt(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = dayjs(iso);
  return time.isValid() ? time.format('MM-DD HH:mm') : '';
}
