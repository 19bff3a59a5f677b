/**
 * Excel export of a search (VIP): up to EXPORT_LIMIT rows with headers in the user's language
 * (their stored choice, else the request's: `plugins/lang.ts#userLang`), written by exceljs's
 * streaming writer while the rows are read page by page, so a large export never sits whole in
 * memory.
 */
import { PassThrough } from 'node:stream';
import {
  type CargoFilter,
  type CargoItem,
  type Lang,
  LOT_SORTS,
  type SurplusFilter,
} from '@steelport/contracts';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { inertCells, sendXlsx } from '../../files.ts';
import { type LocalText, say, textIn } from '../../text.ts';

export const EXPORT_LIMIT = 10_000;
/** Rows read per query while the sheet is written. */
const CHUNK = 1000;

/** The query of an export route: the search's filter and its order (no paging). */
export const exportQuery = (filter: typeof CargoFilter | typeof SurplusFilter) =>
  Type.Object({
    ...filter.properties,
    sort: Type.Optional(Type.Enum(LOT_SORTS)),
    order: Type.Optional(Type.Enum(['asc', 'desc'] as const)),
  });

export interface SheetColumn {
  header: LocalText;
  /** the field of the presented row */
  key: string;
  width: number;
}

const COLUMNS: SheetColumn[] = [
  { header: say('品名', 'Product'), key: 'product', width: 12 },
  { header: say('材质', 'Grade'), key: 'material', width: 12 },
  { header: say('规格', 'Size'), key: 'spec', width: 16 },
  { header: say('产地', 'Mill'), key: 'origin', width: 8 },
  { header: say('仓库', 'Warehouse'), key: 'warehouse', width: 20 },
  { header: say('城市', 'City'), key: 'city', width: 8 },
  { header: say('件数', 'Pieces'), key: 'pieces', width: 6 },
  { header: say('重量(吨)', 'Weight (t)'), key: 'weight', width: 10 },
  { header: say('单价(元/吨)', 'Price (CNY/t)'), key: 'price', width: 12 },
  { header: say('供应商', 'Supplier'), key: 'supplier', width: 24 },
  { header: say('联系人', 'Contact'), key: 'contactName', width: 8 },
  { header: say('备注', 'Remark'), key: 'remark', width: 24 },
  { header: say('更新时间', 'Updated'), key: 'updatedAt', width: 18 },
];

/** A lot without a price. */
const CALL_FOR_PRICE = say('电议', 'Call for price');

/** An export on its way: the file name to offer and the stream the sheet is written to. */
export interface Workbook {
  fileName: string;
  stream: PassThrough;
}

/**
 * Streams presented lot rows into an .xlsx. `rows(offset, limit)` reads the next chunk in the
 * search's order; a kind's own fields (surplus grade, defects) are in its `ownColumns`.
 */
export function exportWorkbook(opts: {
  fileName: string;
  title: string;
  ownColumns: SheetColumn[];
  rows: (offset: number, limit: number) => Promise<CargoItem[]>;
  limit: number;
  /** the language of the headers and words the sheet writes itself */
  lang: Lang;
}): Workbook {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(opts.title);
  sheet.columns = [...COLUMNS, ...opts.ownColumns].map((c) => ({
    ...c,
    header: textIn(c.header, opts.lang),
  }));
  const callForPrice = textIn(CALL_FOR_PRICE, opts.lang);
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  (async () => {
    for (let offset = 0; offset < opts.limit; offset += CHUNK) {
      const rows = await opts.rows(offset, Math.min(CHUNK, opts.limit - offset));
      for (const r of rows) {
        sheet
          .addRow(
            inertCells({
              ...r,
              price: r.callForPrice ? callForPrice : r.price,
              supplier: r.supplier.name,
              contactName: r.supplier.contactName ?? '',
              updatedAt: r.updatedAt.slice(0, 16).replace('T', ' '),
            }),
          )
          .commit();
      }
      if (rows.length < CHUNK) break;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => stream.destroy(err as Error));
  return { fileName: opts.fileName, stream };
}

/** Sends an export as a download that no cache keeps. */
export function sendWorkbook(reply: FastifyReply, book: Workbook) {
  return sendXlsx(reply, book.fileName, book.stream);
}
