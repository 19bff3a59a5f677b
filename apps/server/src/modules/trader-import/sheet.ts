/**
 * Reading and writing a trader's sheet (pure: bytes in, rows out; no database). Sheets come the
 * way traders keep them: a merged title row above the header, headers named 品种 or 牌号 instead
 * of 品名 or 材质, the spec split into 厚度/宽度/长度, full-width characters, numbers stored as
 * text. The reader finds the header among the first rows, maps each column to a field by its
 * aliases and hands every data row on as text or numbers; `understandLotRow` does the rest.
 *
 * The bytes are read in a worker thread (`sheet-pool.ts`, `sheet-parse.ts`: the zip's sizes
 * checked first, exceljs's streaming reader stopped at the row cap, CSV as UTF-8 or GBK) with a
 * time and a memory limit, a few at a time per process, so a hostile file never stops the event
 * loop; this thread only finds the header and maps the columns.
 */
import { PassThrough } from 'node:stream';
import { type Lang, TRADER_LIMITS, type TraderKind } from '@steelport/contracts';
import ExcelJS from 'exceljs';
import { BusinessError } from '../../errors.ts';
import { inertCells } from '../../files.ts';
import { type LocalText, type Message, say, textIn } from '../../text.ts';
import { cleanText, type LotField, type LotRowInput } from '../search/lot-row.ts';
import { type Cell, HEADER_SEARCH_ROWS, SheetError } from './sheet-parse.ts';
import { parseInWorker, SHEET_LIMITS, type SheetLimits } from './sheet-pool.ts';

export { type Cell, SheetError } from './sheet-parse.ts';

/** What a column may hold: a field of a row, or one part of a split spec. */
export type SheetField = LotField | 'thickness' | 'width' | 'length';

/** Header words traders use, per field (compared after NFKC, without blanks, lower-case). */
const ALIASES: Record<SheetField, string[]> = {
  product: ['品名', '品种', '名称', '产品', '产品名称', '品名名称', '物料名称', 'Product'],
  material: ['材质', '牌号', '钢种', '钢号', '材料', 'Grade'],
  spec: ['规格', '规格型号', '型号规格', '型号', '尺寸', 'Size'],
  thickness: ['厚度', '厚', 'Thickness'],
  width: ['宽度', '宽', 'Width'],
  length: ['长度', '长', 'Length'],
  origin: ['产地', '钢厂', '厂家', '产地/钢厂', '钢厂/产地', '生产厂家', '厂商', '产地钢厂', 'Mill'],
  warehouse: ['仓库', '存放仓库', '仓储', '存放地', '存放地点', '库房', '仓库名称', 'Warehouse'],
  city: ['城市', '地区', '所在地', '所在城市', 'City'],
  pieces: ['件数', '数量', '件', '卷数', '张数', '支数', 'Pieces'],
  weight: ['重量', '吨位', '净重', '可供量', '数量(吨)', '重量吨', 'Weight'],
  price: ['单价', '价格', '含税价', '含税单价', '报价', '售价', '单价(元/吨)', '价格(元/吨)', 'Price'],
  remark: ['备注', '说明', '备注说明', 'Remark'],
  grade: ['品级', '等级', '质量等级', 'Quality'],
  defects: ['缺陷', '缺陷说明', '质量问题', '缺陷描述', 'Defects'],
};

const normalizeHeader = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/^\*+|\*+$/g, '')
    .toLowerCase();

/**
 * The header matcher of a table's aliases: a header names the field of an alias as written
 * (after NFKC, without blanks, lower-case), without its unit in brackets, or by either half of
 * a split header (产地/钢厂). Other sheets (the console's warehouse figures) use it with their
 * own aliases.
 */
export function headerMatcher<F extends string>(aliases: Record<F, string[]>): (header: string) => F | null {
  const byAlias = new Map<string, F>();
  for (const [field, words] of Object.entries(aliases) as [F, string[]][]) {
    for (const w of words) byAlias.set(normalizeHeader(w), field);
  }
  return (header) => {
    const h = normalizeHeader(header);
    if (h === '') return null;
    const direct = byAlias.get(h);
    if (direct) return direct;
    const bare = h.replace(/[(（【[].*?[)）】\]]/g, '');
    const byBare = byAlias.get(bare);
    if (byBare) return byBare;
    for (const part of bare.split(/[/、]/)) {
      const f = byAlias.get(part);
      if (f) return f;
    }
    return null;
  };
}

/** The field a header of a trader's sheet names. */
export const fieldOfHeader: (header: string) => SheetField | null = headerMatcher(ALIASES);

/**
 * The columns of a kind's template and export, in order, headed in `lang`: the English headers
 * are aliases too (ALIASES), so an export in either language imports back unchanged.
 */
export function templateColumns(
  kind: TraderKind,
  lang: Lang = 'zh-CN',
): { header: string; field: LotField; width: number }[] {
  const cols: { header: LocalText; field: LotField; width: number }[] = [
    { header: say('品名', 'Product'), field: 'product', width: 12 },
    { header: say('材质', 'Grade'), field: 'material', width: 12 },
    { header: say('规格', 'Size'), field: 'spec', width: 16 },
    { header: say('产地/钢厂', 'Mill'), field: 'origin', width: 10 },
    { header: say('仓库', 'Warehouse'), field: 'warehouse', width: 20 },
    { header: say('城市', 'City'), field: 'city', width: 8 },
    { header: say('件数', 'Pieces'), field: 'pieces', width: 6 },
    { header: say('重量(吨)', 'Weight (t)'), field: 'weight', width: 10 },
    { header: say('单价(元/吨)', 'Price (CNY/t)'), field: 'price', width: 12 },
    { header: say('备注', 'Remark'), field: 'remark', width: 24 },
  ];
  if (kind === 'surplus') {
    cols.push(
      { header: say('品级', 'Quality'), field: 'grade', width: 8 },
      { header: say('缺陷', 'Defects'), field: 'defects', width: 24 },
    );
  }
  return cols
    .filter((c) => kind !== 'quotation' || c.field !== 'pieces')
    .map((c) => ({ ...c, header: textIn(c.header, lang) }));
}

/** A data row of a table: its row number as the sheet shows it and its cells by field. */
export interface TableRow<F extends string> {
  row: number;
  cells: Partial<Record<F, Cell>>;
  /**
   * Every cell of the row as read, by column index (0-based), recognized or not: what a sheet of
   * the rows that were not imported writes back (`bad-rows.ts`). A reader may drop it (undefined)
   * for rows it will not write back.
   */
  raw?: Cell[];
}

/** A read table: its recognized columns, the header of each field, and its data rows. */
export interface ReadTable<F extends string> {
  /** the recognized columns: header as written -> field */
  columns: { header: string; field: F }[];
  /** the header text of each field, for the column of an error */
  headerOf: Partial<Record<F, string>>;
  /** every headed column of the header row as written (recognized or not), with its index */
  sheetColumns: { index: number; header: string }[];
  rows: TableRow<F>[];
}

/** How a kind of table is recognized: its header words and which fields make a header row. */
export interface TableLayout<F extends string> {
  fieldOf(header: string): F | null;
  /** true when a row naming these fields is the header */
  isHeader(fields: ReadonlySet<F>): boolean;
  /** the message when no header is found in the first rows */
  noHeader: Message;
}

/** A data row of a trader's sheet. */
export type SheetRow = TableRow<SheetField>;
export type ReadSheet = ReadTable<SheetField>;

/** A trader's sheet: 品名 and a spec (规格, or 厚度 of a split spec) make the header. */
const LOT_LAYOUT: TableLayout<SheetField> = {
  fieldOf: fieldOfHeader,
  isHeader: (fields) => fields.has('product') && (fields.has('spec') || fields.has('thickness')),
  noHeader: say(
    `未找到表头：前 ${HEADER_SEARCH_ROWS} 行中应有「品名」与「规格」（或 厚度、宽度）列，请使用导入模板`,
    `No header found: one of the first ${HEADER_SEARCH_ROWS} rows should name the columns 品名 (product) and 规格 (size), or 厚度 and 宽度; please use the import template`,
  ),
};

/** Reads an uploaded sheet (.xlsx or .csv, told apart by its bytes). Throws SheetError. */
export function readSheet(bytes: Buffer, maxRows: number = TRADER_LIMITS.importRowsMax): Promise<ReadSheet> {
  return readTable(bytes, LOT_LAYOUT, maxRows);
}

/**
 * Reads an uploaded table of any layout (.xlsx or .csv, told apart by its bytes): the header
 * among the first rows, then the data rows by field. The bytes are parsed in a worker thread
 * (`sheet-pool.ts#parseInWorker`); throws SheetError (code 1 by the caller) or Invalid (code 2:
 * a file too large to read within the limits).
 */
export async function readTable<F extends string>(
  bytes: Buffer,
  layout: TableLayout<F>,
  maxRows: number,
  limits: SheetLimits = SHEET_LIMITS,
): Promise<ReadTable<F>> {
  if (bytes.length === 0) throw new SheetError(say('文件是空的', 'The file is empty'));
  if (bytes.length > TRADER_LIMITS.importFileBytes) throw new SheetError(tooBigMessage());
  const raw = await parseInWorker(bytes, maxRows + HEADER_SEARCH_ROWS, limits);
  const collector = new RowCollector(layout, maxRows);
  for (const [row, values] of raw.rows) collector.add(row, values);
  // The worker stopped at the cap with rows to come: more data rows than allowed.
  if (raw.more) collector.tooMany();
  return collector.result();
}

/** The message for a file over TRADER_LIMITS.importFileBytes. */
export function tooBigMessage(): LocalText {
  const mb = TRADER_LIMITS.importFileBytes / 1024 / 1024;
  return say(`文件不能超过 ${mb} MB`, `The file may be at most ${mb} MB`);
}

/**
 * How a sheet arrives (files.ts#readOneFile): one file in the field `file`; a file over the
 * route's multipart limit (TRADER_LIMITS.importFileBytes) is a code 1 with the limit in MB.
 */
export const SHEET_UPLOAD = { field: 'file', tooLarge: () => new BusinessError(tooBigMessage()) };

/** Finds the header, then keeps the data rows below it (empty rows skipped). */
class RowCollector<F extends string> {
  private header: { index: number; field: F; header: string }[] | null = null;
  private sheetColumns: { index: number; header: string }[] = [];
  private seen = 0;
  private readonly rows: TableRow<F>[] = [];
  constructor(
    private readonly layout: TableLayout<F>,
    private readonly maxRows: number,
  ) {}

  /** `values[i]` is column i (0-based); `row` the row number the sheet shows. */
  add(row: number, values: Cell[]) {
    if (!this.header) {
      this.seen++;
      const found = headerOf(values, this.layout);
      if (found) {
        this.header = found;
        this.sheetColumns = headedColumns(values);
      } else if (this.seen >= HEADER_SEARCH_ROWS) throw new SheetError(this.layout.noHeader);
      return;
    }
    const cells: Partial<Record<F, Cell>> = {};
    let empty = true;
    for (const h of this.header) {
      const v = values[h.index] ?? null;
      if (v === null || (typeof v === 'string' && v.trim() === '')) continue;
      cells[h.field] = v;
      empty = false;
    }
    if (empty) return;
    if (this.rows.length >= this.maxRows) this.tooMany();
    this.rows.push({ row, cells, raw: values });
  }

  /** Refuses a table of more than `maxRows` data rows. */
  tooMany(): never {
    throw new SheetError(
      say(
        `表格最多 ${this.maxRows} 行数据，请分成几个文件导入`,
        `A sheet has at most ${this.maxRows} data rows; please split it into several files`,
      ),
    );
  }

  result(): ReadTable<F> {
    if (!this.header) throw new SheetError(this.layout.noHeader);
    const headerOf: Partial<Record<F, string>> = {};
    for (const h of this.header) headerOf[h.field] = h.header;
    return {
      columns: this.header.map((h) => ({ header: h.header, field: h.field })),
      headerOf,
      sheetColumns: this.sheetColumns,
      rows: this.rows,
    };
  }
}

/** The columns of a header row, or null when the row is not one (the layout says which fields it needs). */
function headerOf<F extends string>(
  values: Cell[],
  layout: TableLayout<F>,
): { index: number; field: F; header: string }[] | null {
  const cols: { index: number; field: F; header: string }[] = [];
  const taken = new Set<F>();
  values.forEach((v, index) => {
    if (typeof v !== 'string') return;
    const field = layout.fieldOf(v);
    if (!field || taken.has(field)) return;
    taken.add(field);
    cols.push({ index, field, header: cleanText(v) });
  });
  if (!layout.isHeader(taken)) return null;
  return cols;
}

/** The headed columns of a header row as written: every cell with text, recognized or not. */
function headedColumns(values: Cell[]): { index: number; header: string }[] {
  const out: { index: number; header: string }[] = [];
  values.forEach((v, index) => {
    const header = v === null ? '' : cleanText(v);
    if (header !== '') out.push({ index, header });
  });
  return out;
}

/** A sheet row as the input of `understandLotRow`; split spec columns joined as 厚*宽*长. */
export function rowInput(row: SheetRow): LotRowInput {
  const c = row.cells;
  const text = (v: Cell | undefined) => (v === null || v === undefined ? '' : cleanText(v));
  let spec = text(c.spec);
  if (spec === '' && c.thickness !== undefined) {
    spec = [c.thickness, c.width, c.length]
      .map(text)
      .filter((p) => p !== '')
      .join('*');
  }
  return {
    product: text(c.product),
    material: text(c.material),
    spec,
    origin: text(c.origin),
    warehouse: text(c.warehouse),
    city: text(c.city),
    pieces: c.pieces ?? null,
    weight: c.weight ?? null,
    price: c.price ?? null,
    remark: text(c.remark),
    grade: text(c.grade),
    defects: text(c.defects),
  };
}

/**
 * The header of `field` as the sheet writes it (split spec: 厚度+宽度+长度), or null when the sheet
 * has no such column: an error never names a column the trader cannot find (`row-errors.ts`).
 */
export function sheetColumnOf(sheet: ReadSheet, field: LotField): string | null {
  if (field === 'spec' && !sheet.headerOf.spec && sheet.headerOf.thickness) {
    return [sheet.headerOf.thickness, sheet.headerOf.width, sheet.headerOf.length].filter(Boolean).join('+');
  }
  return sheet.headerOf[field] ?? null;
}

/** What a cell held, as text, for an error. */
export function cellText(row: SheetRow, field: LotField): string {
  if (field === 'spec' && row.cells.spec === undefined) {
    return [row.cells.thickness, row.cells.width, row.cells.length]
      .filter((v) => v !== undefined && v !== null)
      .join('*');
  }
  const v = row.cells[field];
  return v === undefined || v === null ? '' : String(v);
}

/** A row of a template or an export, by field. */
export type SheetOutRow = Partial<Record<LotField, string | number>>;

/** The kind's template: the header and one example row, as .xlsx bytes. */
export async function templateWorkbook(kind: TraderKind, lang: Lang = 'zh-CN'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(textIn(SHEET_TITLES[kind], lang));
  const cols = templateColumns(kind, lang);
  sheet.columns = cols.map((c) => ({ header: c.header, key: c.field, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow({
    product: '热轧卷板',
    material: 'Q235B',
    spec: '2.75*1250*C',
    origin: '日照',
    warehouse: '乐从钢铁世界仓',
    city: '乐从',
    pieces: 3,
    weight: 75.5,
    price: 4120,
    remark: '可开平',
    grade: '正品',
    defects: '',
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A kind's sheet name, and its name in file names. */
export const SHEET_TITLES: Record<TraderKind, LocalText> = {
  cargo: say('现货', 'Stock'),
  surplus: say('余料', 'Surplus'),
  quotation: say('报价', 'Quotes'),
};

/**
 * Streams rows into an .xlsx in the template's columns: `next()` gives the next chunk of rows,
 * an empty one at the end. The sheet is written while rows are read.
 */
export function streamWorkbook(
  kind: TraderKind,
  next: () => Promise<SheetOutRow[]>,
  lang: Lang = 'zh-CN',
): PassThrough {
  const stream = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = book.addWorksheet(textIn(SHEET_TITLES[kind], lang));
  sheet.columns = templateColumns(kind, lang).map((c) => ({
    header: c.header,
    key: c.field,
    width: c.width,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    for (;;) {
      const rows = await next();
      if (rows.length === 0) break;
      for (const r of rows) sheet.addRow(inertCells(r)).commit();
    }
    sheet.commit();
    await book.commit();
  })().catch((err: unknown) => stream.destroy(err as Error));
  return stream;
}
