/**
 * 市场日报 figures (issue 15): for one product and trading day, from the stored rows alone — the
 * day's priced quotations (level, change against the previous trading day, ups and downs, the
 * most active cities), the product's indexes and the sample warehouses' stock moves. Pure: the
 * writer (reports.ts) loads the rows and stores the articles, present-daily.ts writes the text,
 * so a rerun over the same rows writes the same report.
 */
import { shiftDay } from '../../dates.ts';

/** The products a daily report is written for: the dictionary name, a short name, a stable code. */
export const REPORT_PRODUCTS = [
  { code: 'hrc', name: '热轧卷板', short: '热卷' },
  { code: 'crc', name: '冷轧卷板', short: '冷轧' },
  { code: 'plate', name: '中厚板', short: '中厚板' },
  { code: 'gi', name: '镀锌卷', short: '镀锌' },
] as const;
export type ReportProduct = (typeof REPORT_PRODUCTS)[number];

/** A day counts as a trading day of a product with at least this many priced quotations. */
export const MIN_REPORT_QUOTES = 3;
/** Cities named as the most active. */
export const ACTIVE_CITIES = 3;

export interface QuoteDay {
  day: string;
  quotes: number;
  avgFen: number;
  ups: number;
  downs: number;
  traders: number;
}
export interface QuoteCity {
  day: string;
  city: string;
  quotes: number;
  avgFen: number;
}
export interface IndexPoint {
  name: string;
  sort: number;
  day: string;
  priceFen: number;
}
export interface StockMarket {
  day: string;
  market: string;
  stockKg: number;
  inKg: number;
  outKg: number;
  dealKg: number;
}

/** One product's rows over the loaded span. */
export interface ProductRows {
  days: QuoteDay[];
  cities: QuoteCity[];
  index: IndexPoint[];
  stock: StockMarket[];
}

/** A report's figures in stored units (fen, kg). */
export interface DailyFigures {
  day: string;
  quotes: number;
  traders: number;
  avgFen: number;
  /** the previous trading day and its average; null on the first day of the data */
  prevDay: string | null;
  changeFen: number | null;
  ups: number;
  downs: number;
  cities: { city: string; quotes: number; avgFen: number }[];
  indexes: { name: string; priceFen: number; changeFen: number | null }[];
  stock: {
    stockKg: number;
    changeKg: number | null;
    inKg: number;
    outKg: number;
    dealKg: number;
    /** the markets whose stock rose and fell most (null when none did) */
    rise: { market: string; changeKg: number } | null;
    fall: { market: string; changeKg: number } | null;
  } | null;
}

/** The trading days of a product in `from`..`to`, oldest first. */
export function tradingDays(rows: ProductRows, from: string, to: string): string[] {
  return rows.days
    .filter((d) => d.day >= from && d.day <= to && d.quotes >= MIN_REPORT_QUOTES)
    .map((d) => d.day)
    .sort();
}

/** The figures of `day` for one product; null when it is not a trading day. */
export function dailyFigures(rows: ProductRows, day: string): DailyFigures | null {
  const today = rows.days.find((d) => d.day === day);
  if (!today || today.quotes < MIN_REPORT_QUOTES) return null;
  const before = rows.days
    .filter((d) => d.day < day && d.quotes >= MIN_REPORT_QUOTES)
    .sort((a, b) => b.day.localeCompare(a.day))[0];
  const cities = rows.cities
    .filter((c) => c.day === day)
    .sort((a, b) => b.quotes - a.quotes || a.city.localeCompare(b.city))
    .slice(0, ACTIVE_CITIES)
    .map(({ city, quotes, avgFen }) => ({ city, quotes, avgFen }));

  const names = [...new Set(rows.index.map((p) => p.name))];
  const indexes = names.flatMap((name) => {
    const points = rows.index
      .filter((p) => p.name === name && p.day <= day)
      .sort((a, b) => a.day.localeCompare(b.day));
    const last = points[points.length - 1];
    if (!last || last.day !== day) return [];
    const prev = points[points.length - 2];
    return [
      {
        name,
        priceFen: last.priceFen,
        changeFen: prev ? last.priceFen - prev.priceFen : null,
        sort: last.sort,
      },
    ];
  });
  indexes.sort((a, b) => a.sort - b.sort);

  return {
    day,
    quotes: today.quotes,
    traders: today.traders,
    avgFen: today.avgFen,
    prevDay: before?.day ?? null,
    changeFen: before ? today.avgFen - before.avgFen : null,
    ups: today.ups,
    downs: today.downs,
    cities,
    indexes: indexes.map(({ sort: _sort, ...i }) => i),
    stock: stockFigures(rows.stock, day),
  };
}

/** The day's stock across the markets and the moves against the day before. */
function stockFigures(rows: StockMarket[], day: string): DailyFigures['stock'] {
  const today = rows.filter((r) => r.day === day);
  if (today.length === 0) return null;
  const yesterday = new Map(rows.filter((r) => r.day === shiftDay(day, -1)).map((r) => [r.market, r]));
  const sum = (list: StockMarket[], key: 'stockKg' | 'inKg' | 'outKg' | 'dealKg') =>
    list.reduce((n, r) => n + r[key], 0);
  const moves = today.flatMap((r) => {
    const prev = yesterday.get(r.market);
    return prev ? [{ market: r.market, changeKg: r.stockKg - prev.stockKg }] : [];
  });
  moves.sort((a, b) => b.changeKg - a.changeKg || a.market.localeCompare(b.market));
  const top = moves[0];
  const bottom = moves[moves.length - 1];
  return {
    stockKg: sum(today, 'stockKg'),
    changeKg: yesterday.size > 0 ? sum(today, 'stockKg') - sum([...yesterday.values()], 'stockKg') : null,
    inKg: sum(today, 'inKg'),
    outKg: sum(today, 'outKg'),
    dealKg: sum(today, 'dealKg'),
    rise: top && top.changeKg > 0 ? top : null,
    fall: bottom && bottom.changeKg < 0 ? bottom : null,
  };
}

/** The stable key of a generated daily report: one per product and day. */
export function reportKey(product: ReportProduct, day: string): string {
  return `market-daily:${product.code}:${day}`;
}
