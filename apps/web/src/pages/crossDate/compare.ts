/**
 * Cross-date comparison rows: every Index day field of one index on two dates, the change and
 * the ratio (null when the earlier value is 0 or the day is missing), and the CSV export.
 */
import type { IndexDay } from '@steelport/contracts';

export const FIELDS = [
  'price',
  'points',
  'stock_weight',
  'deal_weight',
  'trading_weight',
  'pack_weight',
  'in_weight',
  'out_weight',
] as const;
export type Field = (typeof FIELDS)[number];

export interface CompareRow {
  field: Field;
  a: number | null;
  b: number | null;
  /** a − b: the later date against the earlier one */
  change: number | null;
  ratio: number | null;
}

/** Compares day `a` with day `b` field by field. */
export function compareDays(a: IndexDay | undefined, b: IndexDay | undefined): CompareRow[] {
  return FIELDS.map((field) => {
    const va = a ? a[field] : null;
    const vb = b ? b[field] : null;
    const change = va !== null && vb !== null ? Math.round((va - vb) * 1000) / 1000 : null;
    const ratio = change !== null && vb ? change / vb : null;
    return { field, a: va, b: vb, change, ratio };
  });
}

/** A CSV cell, quoted when it holds a separator or a quote. */
function cell(v: string | number | null): string {
  const s = v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** CSV text (with a BOM so Excel opens the Chinese headers correctly). */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return `\ufeff${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Starts a download of `text` as `name`. */
export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
