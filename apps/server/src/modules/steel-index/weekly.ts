/**
 * Weekly index reviews (指数周评, issue 13): which weeks get one and the week's figures, from the
 * computed index days alone, so a rerun over the same stored days writes the same review. A week
 * runs Monday to Sunday (Shanghai days) and is compared with the Sunday before it. Pure: the
 * service loads the days and stores the articles, the presenter writes the text.
 */
import { shiftDay } from '../../dates.ts';

/** Weeks of reviews the job keeps up to date (seed and daily run alike). */
export const REVIEW_WEEKS = 8;
/** A review older than the visitor window (30 days) quotes history only members see. */
export const REVIEW_PUBLIC_DAYS = 30;

/** The stored fields of an index day a review quotes (fen, kg). */
export interface ReviewDay {
  day: string;
  priceFen: number;
  points: number;
  stockKg: number;
  dealKg: number;
  tradingKg: number;
  sampleCount: number;
  removedOutliers: number;
  provisional: boolean;
}

/** A week's figures in stored units: the close against the Sunday before, range, tonnage. */
export interface WeekFigures {
  start: string;
  end: string;
  closeFen: number;
  closePoints: number;
  changeFen: number;
  /** change ÷ the previous close; null when that close is 0 */
  changeRatio: number | null;
  highFen: number;
  lowFen: number;
  dealKg: number;
  days: number;
  stockKg: number;
  stockChangeKg: number;
  tradingKg: number;
  samples: number;
  outliers: number;
  provisionalDays: number;
}

/** Weekday of a YYYY-MM-DD day, 0 = Sunday (the day is a calendar day, no time zone involved). */
function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The Sundays ending the `weeks` newest complete weeks up to `latest`, newest first. */
export function reviewWeekEnds(latest: string, weeks: number = REVIEW_WEEKS): string[] {
  const lastSunday = shiftDay(latest, -weekday(latest));
  return Array.from({ length: weeks }, (_, i) => shiftDay(lastSunday, -7 * i));
}

/**
 * The figures of the week ending `end` from one index's days (any order, any span): null when
 * the week has no day or the Sunday before it is missing (nothing to compare with).
 */
export function weekFigures(days: readonly ReviewDay[], end: string): WeekFigures | null {
  const start = shiftDay(end, -6);
  const before = days.find((d) => d.day === shiftDay(start, -1));
  const week = days.filter((d) => d.day >= start && d.day <= end).sort((a, b) => a.day.localeCompare(b.day));
  const last = week[week.length - 1];
  if (!before || !last) return null;
  const changeFen = last.priceFen - before.priceFen;
  return {
    start,
    end,
    closeFen: last.priceFen,
    closePoints: last.points,
    changeFen,
    changeRatio: before.priceFen ? changeFen / before.priceFen : null,
    highFen: Math.max(...week.map((d) => d.priceFen)),
    lowFen: Math.min(...week.map((d) => d.priceFen)),
    dealKg: week.reduce((n, d) => n + d.dealKg, 0),
    days: week.length,
    stockKg: last.stockKg,
    stockChangeKg: last.stockKg - before.stockKg,
    tradingKg: last.tradingKg,
    samples: week.reduce((n, d) => n + d.sampleCount, 0),
    outliers: week.reduce((n, d) => n + d.removedOutliers, 0),
    provisionalDays: week.filter((d) => d.provisional).length,
  };
}

/**
 * Whether a review of the week ending `end` is for members: it quotes a day (the week's days and
 * the Sunday before) older than a visitor may see on the charts (the last 30 days).
 */
export function reviewMembersOnly(end: string, latest: string): boolean {
  return shiftDay(end, -7) < shiftDay(latest, -(REVIEW_PUBLIC_DAYS - 1));
}

/** The stable key of a generated review: one article per index and week. */
export function reviewKey(indexCode: string, end: string): string {
  return `index-weekly:${indexCode}:${end}`;
}
