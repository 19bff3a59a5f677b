/**
 * The raw half of reading a sheet: bytes in, rows of cells out, with no idea of headers or
 * fields. It runs in a worker thread (`sheet-worker.ts`, started by `sheet.ts#readTable`) so a
 * hostile file costs that thread, never the event loop; everything here is pure and
 * synchronous-safe to run there.
 *
 * .xlsx: the zip's central directory is checked first (entry count, uncompressed sizes, ratio),
 * then the first worksheet is read with exceljs's streaming reader, which stops at the row cap.
 * A file that reader cannot read (cells without references, a broken stream) is loaded whole
 * only while its worksheet is small enough to afford it (FALLBACK_SHEET_BYTES); a large
 * worksheet whose first cell has no reference is refused from its first 64 KB, before the
 * streaming reader spools it. CSV is UTF-8
 * (with or without a BOM) or, failing that, GBK, the encoding Excel on a Chinese Windows saves
 * "CSV" in.
 */
import { Readable } from 'node:stream';
import { inflateRawSync, constants as zlibConstants } from 'node:zlib';
import ExcelJS from 'exceljs';
import { fromSheetText } from '../../files.ts';
import { bothOf, type LocalText, type Message, say } from '../../text.ts';

/** A problem with the whole file (not one row): the message is shown as it is (code 1). */
export class SheetError extends Error {
  /** the message in both languages (`message` is the Chinese) */
  readonly text: LocalText;
  constructor(message: Message) {
    const text = bothOf(message);
    super(text.zh);
    this.text = text;
  }
}
/** A file refused for what reading it would cost (zip sizes, time, memory): code 2. */
export class SheetTooLarge extends SheetError {}

export type Cell = string | number | null;
/** A raw row: its number as the sheet shows it and its cells from column 1 on. */
export type RawRow = [row: number, values: Cell[]];

/** How many rows from the top the header may be in (title rows above it are skipped). */
export const HEADER_SEARCH_ROWS = 10;

/** Zip entries an .xlsx may hold (a sheet has about ten; pictures and notes add a few). */
export const ZIP_ENTRIES_MAX = 1000;
/**
 * The uncompressed size one entry may declare: a trader's export of 100,000 rows has a
 * worksheet of about 45 MB (450 bytes a row); this leaves room for wide rows and long remarks.
 */
export const ZIP_ENTRY_BYTES_MAX = 192 * 1024 * 1024;
/** The uncompressed size of all entries together. */
export const ZIP_TOTAL_BYTES_MAX = 256 * 1024 * 1024;
/**
 * How much an entry of more than ZIP_RATIO_FROM bytes may grow when inflated: worksheets and
 * shared strings compress about 10 times, a zip bomb hundreds of times.
 */
export const ZIP_RATIO_MAX = 100;
const ZIP_RATIO_FROM = 1024 * 1024;
/**
 * The largest worksheet (uncompressed) the whole-workbook fallback may load. Loading costs about
 * 1.3 s and 70 MB of memory per MB of sheet XML, so it only serves small odd files; our own
 * exports and every file Excel or WPS saves go through the streaming reader.
 */
export const FALLBACK_SHEET_BYTES = 4 * 1024 * 1024;

/** What the reader found: the rows it kept and whether it stopped at the cap with more to come. */
export interface RawTable {
  rows: RawRow[];
  more: boolean;
}

/**
 * Keeps raw rows up to a cap: the first HEADER_SEARCH_ROWS rows as they are (the header is
 * among them), later only rows with some content. `add` answers false once the cap is passed.
 */
class RawSink {
  readonly rows: RawRow[] = [];
  more = false;
  private kept = 0;
  constructor(private readonly max: number) {}

  add(row: number, values: Cell[]): boolean {
    const top = this.rows.length < HEADER_SEARCH_ROWS;
    if (!top && values.every((v) => v === null || (typeof v === 'string' && v.trim() === ''))) return true;
    if (!top && this.kept >= this.max) {
      this.more = true;
      return false;
    }
    if (!top) this.kept++;
    this.rows.push([row, values]);
    return true;
  }
}

/**
 * Reads the rows of an uploaded table (.xlsx or .csv, told apart by its bytes): every row among
 * the first HEADER_SEARCH_ROWS, then at most `rowsMax` rows with content. Throws SheetError.
 */
export async function parseRows(bytes: Uint8Array, rowsMax: number): Promise<RawTable> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sink = new RawSink(rowsMax);
  if (buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04) {
    const { entries, sheetBytes } = zipSheets(buf);
    // Cells without references: exceljs's streaming reader throws on them, and the fallback
    // would load the whole workbook. Refused at once when that worksheet is too large for it.
    if (sheetBytes > FALLBACK_SHEET_BYTES && cellsWithoutReferences(buf, entries))
      throw new SheetTooLarge(ODD);
    return readXlsx(buf, rowsMax, sheetBytes);
  }
  if (buf[0] === 0xd0 && buf[1] === 0xcf && buf[2] === 0x11 && buf[3] === 0xe0) {
    throw new SheetError(
      say(
        '不支持旧版 Excel（.xls）文件，请在 Excel 中另存为 .xlsx 或 CSV 后再导入',
        'Old Excel files (.xls) are not supported: save the file as .xlsx or CSV in Excel and import that',
      ),
    );
  }
  const text = decodeText(buf);
  if (text === null)
    throw new SheetError(
      say(
        '文件不是表格：请上传 Excel（.xlsx）或 CSV 文件',
        'The file is not a sheet: upload an Excel (.xlsx) or CSV file',
      ),
    );
  readCsv(text, sink);
  return { rows: sink.rows, more: sink.more };
}

const ODD = say(
  '表格过大或格式特殊，无法逐行读取：请在 Excel 或 WPS 中打开后另存为 .xlsx，或分成几个文件导入',
  'The sheet is too large or in an unusual format to read row by row: open it in Excel or WPS and save it as .xlsx, or split it into several files',
);
const TOO_LARGE = say(
  '表格过大：解压后的内容超出限制，请删去无关的工作表、图片和空行，或分成几个文件导入',
  'The sheet is too large: its unpacked content is over the limit. Delete unrelated worksheets, pictures and empty rows, or split it into several files',
);

/** One entry of a zip's central directory. */
interface ZipEntry {
  name: string;
  compressed: number;
  uncompressed: number;
  /** 0 stored, 8 deflated */
  method: number;
  /** where its local header starts */
  offset: number;
}

/**
 * Checks the zip's central directory before anything is inflated: the number of entries, each
 * entry's uncompressed size and ratio, and their total. Returns the declared size of the
 * largest worksheet. Throws SheetTooLarge, or SheetError for bytes that are no zip.
 */
export function checkZip(buf: Buffer): number {
  return zipSheets(buf).sheetBytes;
}

/** The entries of a checked zip and the declared size of its largest worksheet (see checkZip). */
function zipSheets(buf: Buffer): { entries: ZipEntry[]; sheetBytes: number } {
  const entries = zipEntries(buf);
  if (entries.length > ZIP_ENTRIES_MAX) throw new SheetTooLarge(TOO_LARGE);
  let total = 0;
  let sheet = 0;
  for (const e of entries) {
    total += e.uncompressed;
    if (e.uncompressed > ZIP_ENTRY_BYTES_MAX || total > ZIP_TOTAL_BYTES_MAX)
      throw new SheetTooLarge(TOO_LARGE);
    if (e.uncompressed > ZIP_RATIO_FROM && e.uncompressed > ZIP_RATIO_MAX * Math.max(1, e.compressed)) {
      throw new SheetTooLarge(TOO_LARGE);
    }
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(e.name)) sheet = Math.max(sheet, e.uncompressed);
  }
  return { entries, sheetBytes: sheet };
}

/** How much of a worksheet's start `cellsWithoutReferences` inflates. */
const SNIFF_BYTES = 64 * 1024;

/**
 * True when the first cell of a worksheet has no reference (`<c>` without `r=`), which
 * exceljs's streaming reader cannot read: looked up in the first SNIFF_BYTES of each worksheet,
 * without inflating the rest.
 */
function cellsWithoutReferences(buf: Buffer, entries: ZipEntry[]): boolean {
  for (const e of entries) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(e.name) || e.offset + 30 > buf.length) continue;
    const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
    const data = buf.subarray(start, Math.min(buf.length, start + Math.min(e.compressed, SNIFF_BYTES)));
    let head: Buffer;
    try {
      head =
        e.method === 0
          ? data
          : inflateRawSync(data, {
              finishFlush: zlibConstants.Z_SYNC_FLUSH,
              maxOutputLength: 100 * SNIFF_BYTES,
            });
    } catch {
      continue;
    }
    const cell = /<c[\s>/][^>]*>?/.exec(head.toString('latin1'));
    if (cell && !/\sr\s*=/.test(cell[0])) return true;
  }
  return false;
}

const BROKEN = say(
  '无法读取这个 Excel 文件：文件可能已损坏，请在 Excel 中另存为 .xlsx 后再试',
  'This Excel file cannot be read and may be damaged: save it as .xlsx in Excel and try again',
);
const EOCD = 0x06054b50;
const ZIP64_EOCD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const U32 = 0xffffffff;

/** The entries of a zip's central directory (ZIP64 included), from the end of the file. */
function zipEntries(buf: Buffer): ZipEntry[] {
  // The end record is in the last 22 bytes plus a comment of at most 65,535.
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new SheetError(BROKEN);
  let count = buf.readUInt16LE(end + 10);
  let offset = buf.readUInt32LE(end + 16);
  if (offset === U32 || count === 0xffff) {
    const locator = end - 20;
    if (locator < 0 || buf.readUInt32LE(locator) !== ZIP64_LOCATOR) throw new SheetError(BROKEN);
    const at = Number(buf.readBigUInt64LE(locator + 8));
    if (at + 56 > buf.length || buf.readUInt32LE(at) !== ZIP64_EOCD) throw new SheetError(BROKEN);
    count = Number(buf.readBigUInt64LE(at + 32));
    offset = Number(buf.readBigUInt64LE(at + 48));
  }
  if (count > ZIP_ENTRIES_MAX) throw new SheetTooLarge(TOO_LARGE);
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw new SheetError(BROKEN);
    const method = buf.readUInt16LE(p + 10);
    let compressed = buf.readUInt32LE(p + 20);
    let uncompressed = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    if (uncompressed === U32 || compressed === U32) {
      // ZIP64 extra field (0x0001): the 8-byte sizes that are 0xffffffff above, in this order.
      let x = p + 46 + nameLen;
      const xEnd = x + extraLen;
      while (x + 4 <= xEnd) {
        const id = buf.readUInt16LE(x);
        const size = buf.readUInt16LE(x + 2);
        if (id === 0x0001) {
          let q = x + 4;
          if (uncompressed === U32 && q + 8 <= x + 4 + size) {
            uncompressed = Number(buf.readBigUInt64LE(q));
            q += 8;
          }
          if (compressed === U32 && q + 8 <= x + 4 + size) compressed = Number(buf.readBigUInt64LE(q));
          break;
        }
        x += 4 + size;
      }
      if (uncompressed === U32) throw new SheetTooLarge(TOO_LARGE);
    }
    entries.push({ name, compressed, uncompressed, method, offset: buf.readUInt32LE(p + 42) });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** One exceljs cell value as text or a number (rich text, formulas and links by what they show). */
function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return fromSheetText(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const o = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if ('result' in o) return cellOf(o.result);
    if (typeof o.text === 'string') return o.text;
    if (o.error) return String(o.error);
  }
  return String(value);
}

/** The row's cells from column 1 on (exceljs keeps column n at index n). */
function rowValues(row: ExcelJS.Row): Cell[] {
  const raw = row.values as unknown[];
  const values: Cell[] = [];
  for (let i = 1; i < raw.length; i++) values.push(cellOf(raw[i]));
  return values;
}

/**
 * Reads the first worksheet with exceljs's streaming reader (a worksheet stored before
 * workbook.xml, as exceljs writes our exports, is spooled by it and read after), stopping at
 * the cap. When that reader stumbles, a worksheet of at most FALLBACK_SHEET_BYTES is loaded
 * whole; a larger one is refused rather than loaded.
 */
async function readXlsx(buf: Buffer, rowsMax: number, sheetBytes: number): Promise<RawTable> {
  const sink = new RawSink(rowsMax);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    let first = true;
    for await (const sheet of reader) {
      // The first worksheet is the sheet; others (notes, lists) are not read. The loop still
      // runs to its end: exceljs deletes a spooled worksheet's temporary file only then.
      if (!first) continue;
      first = false;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (!sink.add(row.number, rowValues(row))) break;
      }
    }
    return { rows: sink.rows, more: sink.more };
  } catch (err) {
    if (err instanceof SheetError) throw err;
  }
  if (sheetBytes > FALLBACK_SHEET_BYTES) throw new SheetTooLarge(ODD);
  const whole = new RawSink(rowsMax);
  try {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buf as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    let going = true;
    sheet?.eachRow((row) => {
      if (going) going = whole.add(row.number, rowValues(row));
    });
    return { rows: whole.rows, more: whole.more };
  } catch (err) {
    if (err instanceof SheetError) throw err;
    throw new SheetError(BROKEN);
  }
}

/** UTF-8 (BOM or not), else GBK; null for bytes that are no text (a picture, a PDF). */
function decodeText(bytes: Buffer): string | null {
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  const body = bytes.subarray(start);
  if (body.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    try {
      return new TextDecoder('gbk', { fatal: true }).decode(body);
    } catch {
      return null;
    }
  }
}

/** RFC 4180 CSV (quotes, doubled quotes, line breaks in quotes); tab-separated when the first line has tabs and no commas. */
function readCsv(text: string, sink: RawSink) {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  let row: Cell[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endField = () => {
    row.push(fromSheetText(field));
    field = '';
  };
  const endRow = (): boolean => {
    endField();
    const going = sink.add(rowLine, row);
    row = [];
    return going;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === sep) endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      if (!endRow()) return;
      line++;
      rowLine = line;
    } else field += c;
  }
  if (field !== '' || row.length > 0) endRow();
}
