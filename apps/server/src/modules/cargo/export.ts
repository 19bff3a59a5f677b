/**
 * Excel export of a search (VIP): up to EXPORT_LIMIT rows with Chinese headers, written by
 * exceljs's streaming writer while the rows are read page by page, so a large export never
 * sits whole in memory.
 */
import { PassThrough } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import type { KvStore } from '../../store/index.ts';
import type { LotKind, SortKey } from './lots.ts';
import { lotsPage } from './service.ts';

export const EXPORT_LIMIT = 10_000;
const CHUNK = 1000;

const COLUMNS = [
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

/** Streams the search as an .xlsx; the caller sends the returned stream. */
export function exportLots(
  db: Db,
  kind: LotKind,
  where: SQL[],
  opts: { sort: SortKey; order: 'asc' | 'desc'; userId: number },
  cache: { store: KvStore; key: string },
): PassThrough {
  const { store, key } = cache;
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(kind === 'cargo' ? '仓库现货' : '余料');
  sheet.columns =
    kind === 'surplus'
      ? [
          ...COLUMNS,
          { header: '等级', key: 'grade', width: 8 },
          { header: '缺陷', key: 'defects', width: 16 },
        ]
      : COLUMNS;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  (async () => {
    for (let offset = 0; offset < EXPORT_LIMIT; offset += CHUNK) {
      const rows = await lotsPage(db, store, kind, where, key, {
        ...opts,
        limit: Math.min(CHUNK, EXPORT_LIMIT - offset),
        offset,
      });
      for (const r of rows) {
        const extra = r as { grade?: string; defects?: string };
        sheet
          .addRow({
            ...r,
            price: r.callForPrice ? '电议' : r.price,
            supplier: r.supplier.name,
            contactName: r.supplier.contactName ?? '',
            updatedAt: r.updatedAt.slice(0, 16).replace('T', ' '),
            grade: extra.grade,
            defects: extra.defects,
          })
          .commit();
      }
      if (rows.length < CHUNK) break;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => stream.destroy(err as Error));
  return stream;
}
