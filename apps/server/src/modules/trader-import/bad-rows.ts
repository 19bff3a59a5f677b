/**
 * The sheet of the rows an import left out (issue 35): a commit with `skipErrors` writes the
 * rows that passed and keeps this .xlsx for the trader to download, fix and upload again. It has
 * the uploaded sheet's own columns, every headed one as written (recognized or not, in order),
 * then 错误 (Error) with each problem of the row on the sheet's own columns. Rows are copied as
 * read; text a spreadsheet would run as a formula keeps its apostrophe (`files.ts#inertCells`),
 * which the import drops again, and the 错误 column is no alias of any field, so the fixed sheet
 * imports as it is.
 */
import { PassThrough } from 'node:stream';
import type { Lang } from '@steelport/contracts';
import ExcelJS from 'exceljs';
import { inertCells } from '../../files.ts';
import { say, textIn } from '../../text.ts';
import { sheetRowErrors } from './row-errors.ts';
import type { UnderstoodSheet } from './rows.ts';

/** The header of the errors column, and the sheet's name. */
export const BAD_ROWS_TEXT = {
  error: say('错误', 'Error'),
  sheet: say('有误的行', 'Rows with errors'),
  file: say('有误的行', 'rows with errors'),
};

/** The errors of one row as one cell: 「列名：原因」 joined. */
function errorCell(errors: { column: string; message: string }[], lang: Lang): string {
  const colon = lang === 'en' ? ': ' : '：';
  return errors
    .map((e) => (e.column ? `${e.column}${colon}${e.message}` : e.message))
    .join(lang === 'en' ? '; ' : '；');
}

/**
 * The .xlsx of an understood sheet's rows with errors: the uploaded columns plus 错误. Written
 * by the streaming writer, so a sheet of many bad rows holds no whole workbook in memory.
 */
export async function badRowsWorkbook(understood: UnderstoodSheet, lang: Lang): Promise<Buffer> {
  const { sheet, problems } = understood;
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const out = book.addWorksheet(textIn(BAD_ROWS_TEXT.sheet, lang));
  const keys = sheet.sheetColumns.map((_, i) => `c${i}`);
  out.columns = [
    ...sheet.sheetColumns.map((c, i) => ({
      key: keys[i]!,
      width: Math.min(30, Math.max(8, c.header.length * 2 + 4)),
    })),
    { key: 'error', width: 60 },
  ];
  const header: Record<string, string> = { error: textIn(BAD_ROWS_TEXT.error, lang) };
  sheet.sheetColumns.forEach((c, i) => {
    header[keys[i]!] = c.header;
  });
  const first = out.addRow(inertCells(header));
  first.font = { bold: true };
  first.commit();
  for (const problem of problems) {
    const row = sheet.rows[problem.index]!;
    const cells: Record<string, string | number | null> = {
      error: errorCell(sheetRowErrors(sheet, row, problem.errors, lang), lang),
    };
    sheet.sheetColumns.forEach((c, i) => {
      cells[keys[i]!] = row.raw?.[c.index] ?? null;
    });
    out.addRow(inertCells(cells)).commit();
  }
  out.commit();
  await book.commit();
  await ended;
  return Buffer.concat(chunks);
}
