/**
 * The price tables as .xlsx (数据会员, VIP): a product's table of a day (per city the median,
 * its change and its number of quotes) and a cell's history. Headers in the user's language
 * (`plugins/lang.ts#userLang`); data (products, grades, mills, cities) as stored. Text cells go
 * through `files.ts#inertCells`, so a spec that starts like a formula stays text. Small sheets
 * (at most a few dozen rows, or one row a day): written whole, not streamed.
 */
import type { Lang, PriceHistory, PriceHistoryQuery, PriceTable } from '@steelport/contracts';
import ExcelJS from 'exceljs';
import { inertCells } from '../../files.ts';
import { speak } from '../../text.ts';

/** An export ready to send: its file name and bytes. */
export interface Xlsx {
  fileName: string;
  body: Buffer;
}

/** A file name of a title: what a file system refuses (and spaces) become dashes. */
const fileNameOf = (title: string) => `${title.replace(/[\\/:*?"<>|\s]+/g, '-')}.xlsx`;

/** A sheet of `columns` (header, width) and rows of values, bold header. */
async function sheetOf(
  title: string,
  columns: { header: string; width: number }[],
  rows: (string | number | null)[][],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  // Sheet names: at most 31 characters, none of \ / ? * [ ] :
  const sheet = book.addWorksheet(title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows)
    sheet.addRow(inertCells(Object.fromEntries(row.map((v, i) => [String(i), v ?? '']))));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The table of one product and day: grade, spec, mill, then per city price, change, quotes. */
export async function tableWorkbook(table: PriceTable, lang: Lang): Promise<Xlsx> {
  const t = speak(lang);
  const columns = [
    { header: t('材质', 'Grade'), width: 12 },
    { header: t('规格', 'Size'), width: 16 },
    { header: t('产地', 'Mill'), width: 10 },
    { header: t('固定显示', 'Pinned'), width: 8 },
    ...table.cities.flatMap((city) => [
      { header: t(`${city} 中位价(元/吨)`, `${city} median (CNY/t)`), width: 14 },
      { header: t(`${city} 涨跌`, `${city} change`), width: 10 },
      { header: t(`${city} 报价数`, `${city} quotes`), width: 8 },
    ]),
  ];
  const yes = t('是', 'yes');
  const rows = table.rows.map((row) => [
    row.grade,
    row.spec,
    row.mill,
    row.pinned ? yes : '',
    ...row.cells.flatMap((cell) => [cell.price, cell.change, cell.quotes]),
  ]);
  const title = t(
    `价格行情 ${table.product} ${table.date ?? ''}`,
    `Prices ${table.product} ${table.date ?? ''}`,
  ).trim();
  return { fileName: fileNameOf(title), body: await sheetOf(title, columns, rows) };
}

/** A cell's daily medians: day, median, quotes, thin, change. */
export async function historyWorkbook(
  query: PriceHistoryQuery,
  history: PriceHistory,
  lang: Lang,
): Promise<Xlsx> {
  const t = speak(lang);
  const columns = [
    { header: t('日期', 'Date'), width: 12 },
    { header: t('中位价(元/吨)', 'Median (CNY/t)'), width: 14 },
    { header: t('报价数', 'Quotes'), width: 8 },
    { header: t('报价少', 'Few quotes'), width: 8 },
    { header: t('涨跌', 'Change'), width: 10 },
  ];
  const yes = t('是', 'yes');
  const rows = history.points.map((p) => [p.date, p.price, p.quotes, p.thin ? yes : '', p.change]);
  const cell = `${query.product} ${query.grade} ${query.spec} ${query.mill} ${query.city}`;
  const title = t(`价格走势 ${cell}`, `Price history ${cell}`);
  return { fileName: fileNameOf(title), body: await sheetOf(title, columns, rows) };
}
