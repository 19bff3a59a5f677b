/**
 * Number formats of the index screens and the Chinese market colours: a rise is red and a fall
 * green (the opposite of Western screens), flat is grey.
 */
import dayjs from 'dayjs';

const tonnes = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 3,456 (tonnes, whole) */
export const fmtTonnes = (t: number) => tonnes.format(t);
/** 3,456.50 (yuan, always two decimals as the API gives them) */
export const fmtPrice = (y: number) => money.format(y);
/** +1.23% / −0.50% / — for null */
export function fmtRatio(r: number | null | undefined): string {
  if (r === null || r === undefined) return '—';
  const pct = (r * 100).toFixed(2);
  return `${r > 0 ? '+' : ''}${pct}%`;
}
/** A share as a plain percentage, trailing zeros dropped: 0.005 -> 0.5%, 0.03 -> 3% (thresholds, not changes). */
export function fmtPercent(share: number): string {
  return `${Number((share * 100).toFixed(4))}%`;
}
/** +30 / −20 / 0 */
export function fmtSigned(n: number, format: (n: number) => string = fmtPrice): string {
  return `${n > 0 ? '+' : n < 0 ? '−' : ''}${format(Math.abs(n))}`;
}
/** The CSS class of a change: up (red), down (green), flat. */
export function trendClass(n: number | null | undefined): string {
  if (!n) return 'sp-trend sp-trend--flat';
  return n > 0 ? 'sp-trend sp-trend--up' : 'sp-trend sp-trend--down';
}

export const RANGES = ['m1', 'm3', 'm6', 'y1', 'all'] as const;
export type RangeKey = (typeof RANGES)[number];

/** The start day of a range ending on `latest`; `first` for all. */
export function rangeStart(range: RangeKey, latest: string, first: string): string {
  const end = dayjs(latest);
  const start =
    range === 'm1'
      ? // one month as the trade reads it on a chart: the last 30 days (a visitor's whole window)
        end.subtract(30, 'day')
      : range === 'm3'
        ? end.subtract(3, 'month')
        : range === 'm6'
          ? end.subtract(6, 'month')
          : range === 'y1'
            ? end.subtract(1, 'year')
            : dayjs(first);
  const day = start.add(range === 'all' ? 0 : 1, 'day').format('YYYY-MM-DD');
  return day < first ? first : day;
}

/** The day `amount` units before `day`. */
export function dayBefore(day: string, amount: number, unit: 'day' | 'week' | 'month' | 'year'): string {
  return dayjs(day).subtract(amount, unit).format('YYYY-MM-DD');
}
