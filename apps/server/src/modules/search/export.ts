/**
 * Excel export of a search (VIP): up to EXPORT_LIMIT rows with Chinese headers, written by
 * exceljs's streaming writer while the rows are read page by page, so a large export never
 * sits whole in memory.
 */
import { PassThrough } from 'node:stream';
import { type CargoFilter, type CargoItem, LOT_SORTS, type SurplusFilter } from '@steelport/contracts';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { inertCells, sendXlsx } from '../../files.ts';

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
  header: string;
  /** the field of the presented row */
  key: string;
  width: number;
}

const COLUMNS: SheetColumn[] = [
  { header: '品名', key: 'product', width: 12 },
  { header: '材质', key: 'material', width: 12 },
  { header: '规格', key: 'spec', width: 16 },
  { header: '产地', key: 'origin', width: 8 },
  { header: '仓库', key: 'warehouse', width: 20 },
  { header: '城市', key: 'city', width: 8 },
  { header: '件数', key: 'pieces', width: 6 },
  { header: '重量(吨)', key: 'weight', width: 10 },
  { header: '单价(元/吨)', key: 'price', width: 12 },
  { header: '供应商', key: 'supplier', width: 24 },
  { header: '联系人', key: 'contactName', width: 8 },
  { header: '备注', key: 'remark', width: 24 },
  { header: '更新时间', key: 'updatedAt', width: 18 },
];

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
}): Workbook {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(opts.title);
  sheet.columns = [...COLUMNS, ...opts.ownColumns];
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
              price: r.callForPrice ? '电议' : r.price,
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
