/**
 * The two halves every writer of a trader's rows shares (CONTRIBUTING: one way to understand,
 * one way to write): `understandRows` reads inputs with `understandLotRow` (the same rule the
 * form and the ERP sync use), `writeRows` writes understood rows in the caller's transaction, in
 * multi-row batches, with the search text seeded rows have. It decides what is written; the
 * tables' owners write it, on the same transaction: lots the trader module
 * (trader/service.ts: `deleteAllOwnLots`, `prepareOwnLots`), quotations the quotation module
 * (quotation/service.ts: `deleteOwnQuotesOfDay`, `deleteOwnQuotesOfItems`, `publishQuotes`).
 * `understandSheet` names a sheet's problems by its row numbers and headers.
 */
import { type Lang, type RowError, TRADER_LIMITS, type TraderKind } from '@steelport/contracts';
import { dayString } from '../../dates.ts';
import type { DbOrTx } from '../../db/client.ts';
import { deleteOwnQuotesOfDay, deleteOwnQuotesOfItems, publishQuotes } from '../quotation/service.ts';
import type { TradeDictionary } from '../search/dictionary.ts';
import {
  type FieldError,
  type LotRowInput,
  type LotRowValues,
  lotSearchText,
  quoteItemKey,
  storedColumns,
  understandLotRow,
} from '../search/lot-row.ts';
import { deleteAllOwnLots, prepareOwnLots } from '../trader/service.ts';
import { companyShortName } from './repo.ts';
import { sheetRowErrors } from './row-errors.ts';
import { type ReadSheet, rowInput } from './sheet.ts';

/** Rows per INSERT statement. */
export const INSERT_BATCH = 1000;

/** One input row that did not pass, with where it was (index in the list, 0-based) and why. */
export interface RowProblem {
  index: number;
  errors: FieldError[];
}

/** The row error of a quotation sheet that names an item twice. */
export const DUPLICATE_QUOTE =
  '同一品种（品名、材质、规格、产地、城市、仓库相同）在表中出现了两次，每天只能报一个价';
const DUPLICATE_QUOTE_EN =
  'The same item (product, grade, size, mill, city and warehouse) is in the sheet twice; an item is quoted once a day';

/**
 * Understands every row (pure): the values of the rows that passed, in order, and the problems
 * of the others. The ERP sync and the sheet import both start here.
 */
export function understandRows(
  kind: TraderKind,
  inputs: readonly LotRowInput[],
  dict: TradeDictionary,
): { values: LotRowValues[]; errors: RowProblem[] } {
  const values: LotRowValues[] = [];
  const errors: RowProblem[] = [];
  // A quotation sheet quotes each item once: a second row of the same item is a mistake.
  const seen = new Set<string>();
  inputs.forEach((input, index) => {
    const r = understandLotRow(kind, input, dict);
    if (!r.ok) {
      errors.push({ index, errors: r.errors });
      return;
    }
    if (kind === 'quotation') {
      const key = quoteItemKey(r.values);
      if (seen.has(key)) {
        errors.push({
          index,
          errors: [{ field: '', column: '', message: DUPLICATE_QUOTE, en: DUPLICATE_QUOTE_EN }],
        });
        return;
      }
      seen.add(key);
    }
    values.push(r.values);
  });
  return { values, errors };
}

/**
 * Writes understood rows for a company, on `tx` (the caller's transaction): in `replace` mode
 * its rows of that kind are removed first (lots marked deleted; quotations: today's), then the
 * rows go in by INSERT_BATCH per statement, each with the search text seeded rows have.
 * Quotations are today's quotes with the previous price and change of the same item.
 * `onProgress(written)` runs after each batch (it may throw to abort: the caller's
 * transaction then rolls back). Returns what was inserted and removed.
 */
export async function writeRows(
  tx: DbOrTx,
  opts: {
    companyId: number;
    kind: TraderKind;
    mode: 'append' | 'replace';
    rows: readonly LotRowValues[];
    dict: TradeDictionary;
    now?: Date;
    onProgress?: (written: number) => Promise<void> | void;
  },
): Promise<{ inserted: number; removed: number; ids: number[] }> {
  const { companyId, kind, rows, dict } = opts;
  const day = dayString(opts.now ?? new Date());
  const supplier = await companyShortName(tx, companyId);
  let removed = 0;
  if (opts.mode === 'replace') {
    removed =
      kind === 'quotation'
        ? await deleteOwnQuotesOfDay(tx, companyId, day)
        : await deleteAllOwnLots(tx, kind, companyId);
  } else if (kind === 'quotation') {
    // Appended quotes of items already quoted today take their place (one quote an item a day).
    removed = await deleteOwnQuotesOfItems(tx, companyId, day, rows);
  }
  // Each batch's statement is built (search text, JSON) while the database writes the one
  // before: on PostgreSQL that hides node's half of the work behind the database's. One
  // statement runs at a time, as a transaction's connection requires.
  const prepare = (batch: readonly LotRowValues[]): ((db: DbOrTx) => Promise<number[]>) => {
    const searchText = (v: LotRowValues) =>
      lotSearchText(v, dict.productNames.get(v.productId) ?? '', supplier);
    if (kind === 'quotation') {
      const quotes = batch.map((v) => ({
        ...storedColumns(v),
        companyId,
        quoteDate: day,
        searchText: searchText(v),
      }));
      return (db) => publishQuotes(db, quotes);
    }
    return prepareOwnLots(
      kind,
      companyId,
      batch.map((v) => ({ ...v, searchText: searchText(v) })),
    );
  };
  let written = 0;
  const ids: number[] = [];
  const batches: (readonly LotRowValues[])[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH)
    batches.push(rows.slice(start, start + INSERT_BATCH));
  let next = batches.length > 0 ? prepare(batches[0] ?? []) : null;
  for (let i = 0; next; i++) {
    const running = next(tx);
    const following = batches[i + 1];
    next = following ? prepare(following) : null;
    ids.push(...(await running));
    written += batches[i]?.length ?? 0;
    await opts.onProgress?.(written);
  }
  return { inserted: written, removed, ids };
}

/** What reading and understanding a sheet found. */
export interface UnderstoodSheet {
  sheet: ReadSheet;
  /** the rows that passed, in order: what a commit writes */
  values: LotRowValues[];
  /** the rows that did not, by their index in `sheet.rows`, in order */
  problems: RowProblem[];
  /** the first TRADER_LIMITS.importErrorsShown errors, on the sheet's own columns */
  errors: RowError[];
  errorCount: number;
}

/**
 * Understands every row of a read sheet; its errors are named by the sheet's row numbers and
 * own headers (`row-errors.ts`), in `lang`.
 */
export function understandSheet(
  kind: TraderKind,
  sheet: ReadSheet,
  dict: TradeDictionary,
  lang: Lang = 'zh-CN',
): UnderstoodSheet {
  const inputs = sheet.rows.map(rowInput);
  const { values, errors: problems } = understandRows(kind, inputs, dict);
  return { sheet, values, problems, errors: shownErrors(sheet, problems, lang), errorCount: problems.length };
}

/** The first TRADER_LIMITS.importErrorsShown errors of a sheet's problems, in `lang`. */
export function shownErrors(sheet: ReadSheet, problems: readonly RowProblem[], lang: Lang): RowError[] {
  const shown: RowError[] = [];
  for (const problem of problems) {
    if (shown.length >= TRADER_LIMITS.importErrorsShown) break;
    const placed = sheetRowErrors(sheet, sheet.rows[problem.index]!, problem.errors, lang);
    shown.push(...placed.slice(0, TRADER_LIMITS.importErrorsShown - shown.length));
  }
  return shown;
}
