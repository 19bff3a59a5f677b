/**
 * Non-number helpers of the index screens: the Chinese market colours (a rise is red and a fall
 * green, the opposite of Western screens; flat is grey), the chart ranges and day arithmetic.
 * Figures are written by the portal's one formatter, `lib/numbers.ts`.
 */
import dayjs from 'dayjs';

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
            ? // a year as the member window counts it (365 days), so a leap day never cuts it short
              end.subtract(365, 'day')
            : dayjs(first);
  const day = start.add(range === 'all' ? 0 : 1, 'day').format('YYYY-MM-DD');
  return day < first ? first : day;
}

/** The day `amount` units before `day`. */
export function dayBefore(day: string, amount: number, unit: 'day' | 'week' | 'month' | 'year'): string {
  return dayjs(day).subtract(amount, unit).format('YYYY-MM-DD');
}
