/**
 * Import and export shapes: a staged import as ImportStatus, the first understood rows as the
 * preview's sample, stored rows back as sheet rows (kg -> 吨, fen -> 元, 0 -> 电议).
 */
import type { ImportStatus, TraderKind } from '@steelport/contracts';
import { toTonnes, toYuan } from '../../present.ts';
import type { LotRowValues } from '../search/lot-row.ts';
import type { ImportRow, StoredLot, StoredQuote } from './repo.ts';
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
  };
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
