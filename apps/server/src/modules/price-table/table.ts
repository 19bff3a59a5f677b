/**
 * The price table's pure computations, in fen and without the database: which items are the
 * rows, in which order, the columns, each cell with its change, the median of a list of prices
 * and the rising/falling/unchanged counts of a table. service.ts feeds them the grouped rows of
 * repo.ts; present.ts turns the result into yuan.
 */
import { PRICE_TABLE_LIMITS, parseSpec } from '@steelport/contracts';
import { shiftDay } from '../../dates.ts';
import type { CellRow, ItemCount, ItemKey } from './repo.ts';

/** A cell in fen: null median = blank (no priced quote that day). */
export interface CellFen {
  city: string;
  medianFen: number | null;
  quotes: number;
  thin: boolean;
  /** against the previous trading day's median of the same cell; null when either is blank */
  changeFen: number | null;
}

export interface RowFen extends ItemKey {
  pinned: boolean;
  cells: CellFen[];
}

export interface TableFen {
  cities: string[];
  rows: RowFen[];
}

/** The identity of an item as a map key. */
export const itemKeyOf = (item: ItemKey): string => JSON.stringify([item.material, item.spec, item.origin]);

/** The first day PostgreSQL reads as YYYY-MM-DD (year 0 and earlier are not ISO days there). */
const FIRST_DAY = '0001-01-01';

/** `day`, or the first day when a shift went before it. */
export const notBefore = (day: string): string => (day < FIRST_DAY ? FIRST_DAY : day);

/** The days whose quotes decide the rows of `day`'s table: frequencyDays up to it. */
export const frequencyWindow = (day: string): { from: string; to: string } => ({
  from: notBefore(shiftDay(day, -(PRICE_TABLE_LIMITS.frequencyDays - 1))),
  to: day,
});

/** A cell's key: item and city. */
const cellKeyOf = (item: ItemKey, city: string): string => `${itemKeyOf(item)}|${city}`;

/** Plain code-point order, the same on every engine and locale. */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The numbers of a spec for ordering: thickness, width, length; a spec that is no spec last. */
const sizeOf = (spec: string): [number, number, number] => {
  const parsed = parseSpec(spec);
  if (!parsed) return [Number.POSITIVE_INFINITY, 0, 0];
  return [parsed.thickness, parsed.width ?? 0, parsed.length ?? 0];
};

/**
 * The order of the rows: by grade (Q235B before Q355B), then the spec's thickness, width and
 * length as numbers (1.8 before 2.75 before 10), then the spec text, then the mill.
 */
export function compareItems(a: ItemKey, b: ItemKey): number {
  const grade = byText(a.material, b.material);
  if (grade !== 0) return grade;
  const [sa, sb] = [sizeOf(a.spec), sizeOf(b.spec)];
  for (let i = 0; i < 3; i += 1) {
    if (sa[i] !== sb[i]) return sa[i]! < sb[i]! ? -1 : 1;
  }
  return byText(a.spec, b.spec) || byText(a.origin, b.origin);
}

/**
 * The rows: the most quoted items (`frequent`, hidden ones already left out, at most
 * PRICE_TABLE_LIMITS.rowsMax) and every pinned item, each once, in `compareItems` order.
 */
export function chooseRows(
  frequent: readonly ItemKey[],
  pinned: readonly ItemKey[],
): (ItemKey & { pinned: boolean })[] {
  const rows = new Map<string, ItemKey & { pinned: boolean }>();
  for (const item of frequent.slice(0, PRICE_TABLE_LIMITS.rowsMax))
    rows.set(itemKeyOf(item), {
      material: item.material,
      spec: item.spec,
      origin: item.origin,
      pinned: false,
    });
  for (const item of pinned)
    rows.set(itemKeyOf(item), {
      material: item.material,
      spec: item.spec,
      origin: item.origin,
      pinned: true,
    });
  return [...rows.values()].sort(compareItems);
}

/** Whether `item` passes the table's grade and spec filters (as repo.ts#filterConditions reads them). */
export function itemMatches(
  item: ItemKey,
  filter: { grade?: string | undefined; spec?: string | undefined },
): boolean {
  if (filter.grade !== undefined && item.material !== filter.grade) return false;
  return filter.spec === undefined || item.spec.toUpperCase().includes(filter.spec.toUpperCase());
}

/**
 * The table of `day`: columns are the cities with priced quotes of the product that day (under
 * the filter), most quotes first, then by name; each row has one cell per column.
 */
export function buildTable(
  rows: readonly (ItemKey & { pinned: boolean })[],
  groups: readonly CellRow[],
  day: string,
  previousDay: string | null,
): TableFen {
  const today = new Map<string, CellRow>();
  const before = new Map<string, CellRow>();
  const cityQuotes = new Map<string, number>();
  for (const g of groups) {
    if (g.day === day) {
      today.set(cellKeyOf(g, g.city), g);
      cityQuotes.set(g.city, (cityQuotes.get(g.city) ?? 0) + g.quotes);
    } else if (g.day === previousDay) before.set(cellKeyOf(g, g.city), g);
  }
  const cities = [...cityQuotes.entries()]
    .sort(([a, na], [b, nb]) => nb - na || byText(a, b))
    .map(([city]) => city);
  return {
    cities,
    rows: rows.map((row) => ({
      material: row.material,
      spec: row.spec,
      origin: row.origin,
      pinned: row.pinned,
      cells: cities.map((city) => {
        const now = today.get(cellKeyOf(row, city));
        const then = before.get(cellKeyOf(row, city));
        const quotes = now?.quotes ?? 0;
        return {
          city,
          medianFen: now ? now.medianFen : null,
          quotes,
          thin: quotes < PRICE_TABLE_LIMITS.thinBelow,
          changeFen: now && then ? now.medianFen - then.medianFen : null,
        };
      }),
    })),
  };
}

/**
 * The median of prices in fen: the middle one, or for an even count the mean of the two middle
 * ones rounded to whole fen half up (the same rule as repo.ts's SQL). Null for none.
 */
export function medianOf(pricesFen: readonly number[]): number | null {
  if (pricesFen.length === 0) return null;
  const sorted = [...pricesFen].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid]!;
  // Both are positive integers, so the mean is whole or .5 and Math.round takes .5 up.
  return Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** Rising, falling and unchanged cells (those with a change). */
export interface Moves {
  rising: number;
  falling: number;
  unchanged: number;
}

/** Counts the moves of a table's cells, in total and per city (in the table's column order). */
export function movesOf(table: TableFen): Moves & { cities: (Moves & { city: string })[] } {
  const total: Moves = { rising: 0, falling: 0, unchanged: 0 };
  const byCity = new Map<string, Moves>(
    table.cities.map((c) => [c, { rising: 0, falling: 0, unchanged: 0 }]),
  );
  for (const row of table.rows) {
    for (const cell of row.cells) {
      if (cell.changeFen === null) continue;
      const move = cell.changeFen > 0 ? 'rising' : cell.changeFen < 0 ? 'falling' : 'unchanged';
      total[move] += 1;
      const city = byCity.get(cell.city);
      if (city) city[move] += 1;
    }
  }
  return { ...total, cities: [...byCity.entries()].map(([city, m]) => ({ city, ...m })) };
}

/** The item counts of `frequent` as a map by item key. */
export function countsByItem(counts: readonly ItemCount[]): Map<string, number> {
  return new Map(counts.map((c) => [itemKeyOf(c), c.quotes]));
}
