/**
 * Price tables in contract shapes: fen -> 元 (two decimals), kg -> 吨, times as ISO strings, the
 * quoted item's columns under the contract's names (grade = material, mill = origin). No phone
 * ever: a cell's quotes name the company and its firm page's user id only.
 */
import type {
  PriceCell,
  PriceItem,
  PriceItemState,
  PricePoint,
  PriceQuote,
  PriceRow,
} from '@steelport/contracts';
import { PRICE_TABLE_LIMITS } from '@steelport/contracts';
import { toTonnes, toYuan } from '../../present.ts';
import type { CellQuoteRow, ItemKey } from './repo.ts';
import type { CellFen, RowFen } from './table.ts';

const yuanOrNull = (fen: number | null): number | null => (fen === null ? null : toYuan(fen));

/** An item's columns as the contracts name them. */
export const presentItemKey = (item: ItemKey) => ({
  grade: item.material,
  spec: item.spec,
  mill: item.origin,
});

export function presentCell(cell: CellFen): PriceCell {
  return {
    city: cell.city,
    price: yuanOrNull(cell.medianFen),
    quotes: cell.quotes,
    thin: cell.thin,
    change: yuanOrNull(cell.changeFen),
  };
}

export function presentRow(row: RowFen): PriceRow {
  return { ...presentItemKey(row), pinned: row.pinned, cells: row.cells.map(presentCell) };
}

/** A cell's daily history: each listed day with its change against the previous listed day. */
export function presentPoints(
  days: readonly { day: string; quotes: number; medianFen: number }[],
): PricePoint[] {
  return days.map((d, i) => {
    const before = i > 0 ? days[i - 1]! : null;
    return {
      date: d.day,
      price: toYuan(d.medianFen),
      quotes: d.quotes,
      thin: d.quotes < PRICE_TABLE_LIMITS.thinBelow,
      change: before ? toYuan(d.medianFen - before.medianFen) : null,
    };
  });
}

/** A quote behind a cell; a company without users links to no firm page (0). */
export function presentCellQuote(row: CellQuoteRow): PriceQuote {
  return {
    id: row.id,
    userId: row.userId ?? 0,
    companyName: row.companyName,
    price: toYuan(row.priceFen),
    weight: toTonnes(row.weightKg),
    warehouseName: row.warehouseName,
    updateTime: row.updatedAt.toISOString(),
  };
}

export const presentMedian = yuanOrNull;

/** A candidate row of the console. */
export function presentItem(item: ItemKey, state: PriceItemState, quotes: number, shown: boolean): PriceItem {
  return { ...presentItemKey(item), state, quotes, shown };
}
