/**
 * The pure rules of the import wizard: where each kind is listed, which kind the URL asks for,
 * whether a picked file may be sent at all, how the preview's sample rows become labelled
 * columns, and which cells of a previewed row an error points at.
 */
import '../../../i18n/workspace.ts';
import { TRADER_KINDS, TRADER_LIMITS, type TraderKind } from '@steelport/contracts';

/** Where each kind is listed: the trader's own list and the public market. */
export const KIND_LISTS = {
  cargo: { own: '/account/stock', market: '/wareHouse', marketLabel: 'workspace.import.toMarket' },
  surplus: { own: '/account/surplus', market: '/surplus', marketLabel: 'workspace.import.toSurplusMarket' },
  quotation: {
    own: '/account/quotations',
    market: '/beginMain',
    marketLabel: 'workspace.import.toQuotesMarket',
  },
} as const satisfies Record<TraderKind, { own: string; market: string; marketLabel: string }>;

/** The kind of `?kind=`; anything else is stock (cargo), the most common sheet. */
export function kindFromQuery(value: string | null): TraderKind {
  return (TRADER_KINDS as readonly string[]).includes(value ?? '') ? (value as TraderKind) : 'cargo';
}

/** Why a picked file is refused before sending, or null when it may go. */
export type FileProblem = { reason: 'type' } | { reason: 'size'; size: number } | null;

/** Checks the name's extension and the size; the server reads the bytes and checks again. */
export function checkSheetFile(file: { name: string; size: number }): FileProblem {
  if (!/\.(xlsx|csv)$/i.test(file.name.trim())) return { reason: 'type' };
  if (file.size > TRADER_LIMITS.importFileBytes) return { reason: 'size', size: file.size };
  return null;
}

/** Chinese labels of the fields a sample row may carry, for fields the sheet did not name. */
const FIELD_LABELS: Record<string, string> = {
  product: '品名',
  material: '材质',
  spec: '规格',
  origin: '产地',
  warehouse: '仓库',
  city: '城市',
  pieces: '件数',
  weight: '重量(吨)',
  price: '单价(元/吨)',
  remark: '备注',
  grade: '品级',
  defects: '缺陷',
};

/** The columns of the sample table: every key of the sample rows, labelled by the sheet's header. */
export function sampleColumns(
  sample: readonly Record<string, string | number>[],
  columns: readonly { header: string; field: string }[],
): { key: string; label: string }[] {
  const keys: string[] = [];
  for (const row of sample) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  // The template's order first (品名 … 备注, 品级, 缺陷), then whatever else the sample carries.
  const order = Object.keys(FIELD_LABELS);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  keys.sort((a, b) => rank(a) - rank(b));
  return keys.map((key) => ({
    key,
    label: FIELD_LABELS[key] ?? columns.find((column) => column.field === key)?.header ?? key,
  }));
}

/** The share of an import done, 0-100, whole. */
export function progressPercent(processed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((processed / total) * 100));
}

/**
 * Whether a row's errors point at the sheet column headed `header`: an error names the sheet's
 * own column, or the parts of a split spec joined with + (厚度+宽度+长度).
 */
export function badCell(errors: readonly { column: string }[], header: string): boolean {
  return errors.some((error) => error.column === header || error.column.split('+').includes(header));
}
