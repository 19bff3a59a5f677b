/**
 * Import and export shapes: a staged import as ImportStatus, the first understood rows as the
 * preview's sample, stored rows back as sheet rows (kg -> 吨, fen -> 元, 0 -> 电议).
 */
import type {
  ImportRowsPage,
  ImportRowsQuery,
  ImportSheetRow,
  ImportStatus,
  Lang,
  TraderKind,
} from '@steelport/contracts';
import { toTonnes, toYuan } from '../../present.ts';
import type { FieldError, LotRowValues } from '../search/lot-row.ts';
import type { ImportRow, StoredLot, StoredQuote } from './repo.ts';
import { sheetRowErrors } from './row-errors.ts';
import type { RowProblem, UnderstoodSheet } from './rows.ts';
import type { SheetOutRow } from './sheet.ts';

/** What the shared store keeps of an import while it runs (progress outside its transaction). */
export interface ImportProgress {
  companyId: number;
  kind: TraderKind;
  mode: 'append' | 'replace';
  total: number;
  processed: number;
}

/** A staged import as the API shows it; `progress` overrides the row while it runs. */
export function presentStatus(row: ImportRow, progress?: ImportProgress | null): ImportStatus {
  return {
    importId: row.id,
    kind: row.kind,
    state: row.state,
    mode: row.mode,
    total: row.total,
    processed: progress ? progress.processed : row.processed,
    inserted: row.inserted,
    removed: row.removed,
    message: row.message,
    // Only a commit with skipErrors ends done with errors: those rows were left out.
    skipped: row.state === 'done' ? row.errorCount : 0,
  };
}

/** A running import as the store has it (no database read while its transaction holds the rows). */
export function presentProgress(importId: string, p: ImportProgress): ImportStatus {
  return {
    importId,
    kind: p.kind,
    state: 'running',
    mode: p.mode,
    total: p.total,
    processed: p.processed,
    inserted: 0,
    removed: 0,
    message: '',
    skipped: 0,
  };
}

/** The problems of the row at `index` (problems are in row order: a binary search). */
function problemAt(problems: readonly RowProblem[], index: number): readonly FieldError[] {
  let lo = 0;
  let hi = problems.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = problems[mid]!.index;
    if (at === index) return problems[mid]!.errors;
    if (at < index) lo = mid + 1;
    else hi = mid - 1;
  }
  return [];
}

/**
 * A page of a previewed sheet's rows, every row or only those with errors: each row's number,
 * its recognized cells as text by field, and its errors on the sheet's own columns in `lang`.
 */
export function presentRowsPage(
  understood: UnderstoodSheet,
  query: ImportRowsQuery,
  lang: Lang,
): ImportRowsPage {
  const { sheet, problems } = understood;
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const start = (page - 1) * pageSize;
  const indexes = query.errorsOnly
    ? problems.slice(start, start + pageSize).map((p) => p.index)
    : Array.from({ length: Math.max(0, Math.min(pageSize, sheet.rows.length - start)) }, (_, i) => start + i);
  const list = indexes.map((index): ImportSheetRow => {
    const row = sheet.rows[index]!;
    const cells: Record<string, string> = {};
    for (const { field } of sheet.columns) {
      const value = row.cells[field];
      cells[field] = value === undefined || value === null ? '' : String(value);
    }
    return { row: row.row, cells, errors: sheetRowErrors(sheet, row, problemAt(problems, index), lang) };
  });
  return { list, total: query.errorsOnly ? problems.length : sheet.rows.length, page, pageSize };
}

/** An understood row as it will be published, for the preview's sample. */
export function presentSample(
  kind: TraderKind,
  v: LotRowValues,
  productName: string,
): Record<string, string | number> {
  const row: Record<string, string | number> = {
    product: productName,
    material: v.material,
    spec: v.spec,
    origin: v.origin,
    warehouse: v.warehouseName,
    city: v.city,
    weight: toTonnes(v.weightKg),
    price: toYuan(v.priceFen),
    remark: v.remark,
  };
  if (kind !== 'quotation') row.pieces = v.pieces;
  if (kind === 'surplus') {
    row.grade = v.grade ?? '正品';
    row.defects = v.defects ?? '';
  }
  return row;
}

const priceCell = (fen: number): string | number => (fen === 0 ? '电议' : toYuan(fen));

/** A stored lot as a row of the export (the template's columns). */
export function lotSheetRow(r: StoredLot, productName: string, kind: TraderKind): SheetOutRow {
  const row: SheetOutRow = {
    product: productName,
    material: r.material,
    spec: r.spec,
    origin: r.origin,
    warehouse: r.warehouseName,
    city: r.city,
    pieces: r.pieces,
    weight: toTonnes(r.weightKg),
    price: priceCell(r.priceFen),
    remark: r.remark,
  };
  if (kind === 'surplus') {
    row.grade = r.grade;
    row.defects = r.defects;
  }
  return row;
}

/** A stored quote as a row of the export. */
export function quoteSheetRow(r: StoredQuote, productName: string): SheetOutRow {
  return {
    product: productName,
    material: r.material,
    spec: r.spec,
    origin: r.origin,
    warehouse: r.warehouseName,
    city: r.city,
    weight: r.weightKg === 0 ? '' : toTonnes(r.weightKg),
    price: priceCell(r.priceFen),
    remark: r.remark,
  };
}
