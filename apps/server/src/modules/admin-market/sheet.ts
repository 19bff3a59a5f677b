/**
 * The warehouse daily figures sheet (仓库日报): its columns and header words, the template, and
 * the check of one row. Reading the file is trader-import's reader (`readTable`, .xlsx or CSV,
 * header among the first rows, aliases); only the layout is ours. Pure: names are matched
 * against the warehouses and products the service hands in.
 */
import { ADMIN_MARKET_LIMITS as L, type RowError, type WarehouseDailyUpdateBody } from '@steelport/contracts';
import ExcelJS from 'exceljs';
import { isRealDay, shiftDay } from '../../dates.ts';
import { say } from '../../text.ts';
import { cleanText } from '../search/lot-row.ts';
import {
  type Cell,
  headerMatcher,
  type ReadTable,
  type TableLayout,
  type TableRow,
} from '../trader-import/sheet.ts';

export type DailyField =
  | 'warehouse'
  | 'product'
  | 'day'
  | 'inWeight'
  | 'outWeight'
  | 'stockWeight'
  | 'packWeight'
  | 'tradingWeight'
  | 'dealWeight'
  | 'deals'
  | 'price';

/** The template's columns in order: header, field, width. */
export const DAILY_COLUMNS: { header: string; field: DailyField; width: number }[] = [
  { header: '仓库', field: 'warehouse', width: 22 },
  { header: '品名', field: 'product', width: 12 },
  { header: '日期', field: 'day', width: 12 },
  { header: '入库(吨)', field: 'inWeight', width: 11 },
  { header: '出库(吨)', field: 'outWeight', width: 11 },
  { header: '库存(吨)', field: 'stockWeight', width: 12 },
  { header: '打包(吨)', field: 'packWeight', width: 11 },
  { header: '挂牌(吨)', field: 'tradingWeight', width: 11 },
  { header: '成交(吨)', field: 'dealWeight', width: 11 },
  { header: '成交笔数', field: 'deals', width: 9 },
  { header: '挂牌均价(元/吨)', field: 'price', width: 15 },
];
const COLUMN_NAME = Object.fromEntries(DAILY_COLUMNS.map((c) => [c.field, c.header])) as Record<
  DailyField,
  string
>;

/** Header words warehouse clerks use, per field. */
const ALIASES: Record<DailyField, string[]> = {
  warehouse: ['仓库', '仓库名称', '存放仓库', '库房'],
  product: ['品名', '品种', '产品', '品名名称'],
  day: ['日期', '统计日期', '数据日期', '业务日期', '日报日期'],
  inWeight: ['入库', '入库量', '入库重量', '进库'],
  outWeight: ['出库', '出库量', '出库重量'],
  stockWeight: ['库存', '库存量', '期末库存', '结存'],
  packWeight: ['打包', '打包量'],
  tradingWeight: ['挂牌', '挂牌量', '挂牌重量'],
  dealWeight: ['成交', '成交量', '成交重量'],
  deals: ['成交笔数', '笔数'],
  price: ['挂牌均价', '均价', '挂牌价', '挂牌价格'],
};

/** 仓库, 品名 and 日期 make the header row. */
export const DAILY_LAYOUT: TableLayout<DailyField> = {
  fieldOf: headerMatcher(ALIASES),
  isHeader: (fields) => fields.has('warehouse') && fields.has('product') && fields.has('day'),
  noHeader: say(
    '未找到表头：前 10 行中应有「仓库」「品名」「日期」列，请使用导入模板',
    'No header found: one of the first 10 rows should name the columns 仓库 (warehouse), 品名 (product) and 日期 (date); please use the import template',
  ),
};

/** The template: header and one example row, as .xlsx bytes. */
export async function dailyTemplate(example: { warehouse: string; product: string; day: string }) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('仓库日报');
  sheet.columns = DAILY_COLUMNS.map((c) => ({ header: c.header, key: c.field, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow({
    ...example,
    inWeight: 1250.5,
    outWeight: 980.25,
    stockWeight: 35600,
    packWeight: 420,
    tradingWeight: 8600,
    dealWeight: 760.5,
    deals: 38,
    price: 3680,
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A checked row: where it goes and its figures in API units. */
export interface DailySheetValues extends WarehouseDailyUpdateBody {
  row: number;
  warehouseId: number;
  warehouse: string;
  productId: number;
  product: string;
  day: string;
}

/** Excel's day 0 (its serial dates count from 1899-12-30). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** A day as a clerk writes it: 2026-03-02, 2026/3/2, 2026.3.2, 2026年3月2日, or an Excel serial. */
function dayOf(cell: Cell): string | null {
  if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 1 || cell > 2_958_465) return null;
    return new Date(EXCEL_EPOCH + cell * DAY_MS).toISOString().slice(0, 10);
  }
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(cleanText(cell ?? ''));
  if (!m) return null;
  const day = `${m[1]}-${(m[2] as string).padStart(2, '0')}-${(m[3] as string).padStart(2, '0')}`;
  return isRealDay(day) ? day : null;
}

/** A number as typed: 1,250.5 and full-width digits too; null when it is no number. */
function numberOf(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  const text = cleanText(cell ?? '').replace(/[,，\s]/g, '');
  if (!/^[-+]?\d+(\.\d+)?$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

const FIGURES: { field: Exclude<DailyField, 'warehouse' | 'product' | 'day'>; max: number; unit: string }[] =
  [
    { field: 'inWeight', max: L.tonnesMax, unit: '吨' },
    { field: 'outWeight', max: L.tonnesMax, unit: '吨' },
    { field: 'stockWeight', max: L.tonnesMax, unit: '吨' },
    { field: 'packWeight', max: L.tonnesMax, unit: '吨' },
    { field: 'tradingWeight', max: L.tonnesMax, unit: '吨' },
    { field: 'dealWeight', max: L.tonnesMax, unit: '吨' },
    { field: 'deals', max: L.dealsMax, unit: '笔' },
    { field: 'price', max: L.priceMax, unit: '元/吨' },
  ];

/** What the check needs: warehouses and products by name, and today (Shanghai). */
export interface SheetContext {
  warehouses: Map<string, number>;
  products: Map<string, number>;
  today: string;
}

/**
 * Checks every row: a known warehouse and product, a real day not in the future, each figure a
 * number from 0 to its bound (empty = 0), 成交笔数 whole; a warehouse, product and day twice in
 * the sheet is an error of the later row. Errors name the row and the column as the sheet does.
 */
export function checkDailyRows(
  sheet: ReadTable<DailyField>,
  ctx: SheetContext,
): { values: DailySheetValues[]; errors: RowError[] } {
  const values: DailySheetValues[] = [];
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  const columnOf = (field: DailyField) => sheet.headerOf[field] ?? COLUMN_NAME[field];
  for (const r of sheet.rows) {
    const rowErrors: RowError[] = [];
    const fail = (field: DailyField, message: string) =>
      rowErrors.push({ row: r.row, column: columnOf(field), value: textOf(r, field), message });
    const warehouse = cleanText(r.cells.warehouse ?? '');
    const warehouseId = ctx.warehouses.get(warehouse);
    if (warehouse === '') fail('warehouse', '仓库不能为空');
    else if (warehouseId === undefined)
      fail('warehouse', `仓库「${warehouse}」不存在，请填写系统中的仓库名称`);
    const product = cleanText(r.cells.product ?? '');
    const productId = ctx.products.get(product);
    if (product === '') fail('product', '品名不能为空');
    else if (productId === undefined) fail('product', `品名「${product}」不存在`);
    const day = r.cells.day === undefined ? null : dayOf(r.cells.day);
    if (r.cells.day === undefined) fail('day', '日期不能为空');
    else if (!day) fail('day', '日期无法识别，请写成 2026-03-02');
    else if (day > ctx.today) fail('day', `日期 ${day} 晚于今天，不能填报未来的数据`);
    else if (day < shiftDay(ctx.today, -3660)) fail('day', '日期早于十年前');
    const figures: Partial<Record<(typeof FIGURES)[number]['field'], number>> = {};
    for (const { field, max, unit } of FIGURES) {
      const cell = r.cells[field];
      if (cell === undefined) {
        figures[field] = 0;
        continue;
      }
      const n = numberOf(cell);
      if (n === null) fail(field, '不是数字');
      else if (n < 0) fail(field, '不能为负数');
      else if (n > max) fail(field, `不能超过 ${max.toLocaleString('en-US')} ${unit}`);
      else if (field === 'deals' && !Number.isInteger(n)) fail(field, '成交笔数应为整数');
      else figures[field] = n;
    }
    if (warehouseId !== undefined && productId !== undefined && day) {
      const key = `${warehouseId}|${productId}|${day}`;
      const first = seen.get(key);
      if (first !== undefined) {
        rowErrors.push({
          row: r.row,
          column: '',
          value: `${warehouse} ${product} ${day}`,
          message: `与第 ${first} 行重复（同一仓库、品名、日期）`,
        });
      } else seen.set(key, r.row);
    }
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    values.push({
      row: r.row,
      warehouseId: warehouseId as number,
      warehouse,
      productId: productId as number,
      product,
      day: day as string,
      inWeight: figures.inWeight ?? 0,
      outWeight: figures.outWeight ?? 0,
      stockWeight: figures.stockWeight ?? 0,
      packWeight: figures.packWeight ?? 0,
      tradingWeight: figures.tradingWeight ?? 0,
      dealWeight: figures.dealWeight ?? 0,
      deals: figures.deals ?? 0,
      price: figures.price ?? 0,
    });
  }
  return { values, errors };
}

/** A cell as text, for an error. */
function textOf(r: TableRow<DailyField>, field: DailyField): string {
  const v = r.cells[field];
  return v === undefined || v === null ? '' : String(v).slice(0, 100);
}

/** "第3行「库存(吨)」：不能为负数": one error as a sentence. */
export function rowErrorText(e: RowError): string {
  return e.column ? `第${e.row}行「${e.column}」：${e.message}` : `第${e.row}行：${e.message}`;
}
