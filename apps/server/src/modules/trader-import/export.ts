/**
 * A trader's own rows (not deleted) as .xlsx in the template's columns, read a chunk at a time
 * while the workbook streams out: stock and surplus whole, quotations of the latest quote day.
 */
import type { PassThrough } from 'node:stream';
import type { Lang, TraderKind } from '@steelport/contracts';
import { dayString } from '../../dates.ts';
import type { DbOrTx } from '../../db/client.ts';
import { say, textIn } from '../../text.ts';
import type { Dictionary } from '../search/dictionary.ts';
import { lotSheetRow, quoteSheetRow } from './present.ts';
import { latestQuoteDay, ownLotsChunk, ownQuotesChunk } from './repo.ts';
import { SHEET_TITLES, type SheetOutRow, streamWorkbook } from './sheet.ts';

/** Rows an export reads per query. */
const EXPORT_CHUNK = 1000;

/** The file name (dated `today`) and the streaming workbook of `companyId`'s rows of `kind`. */
export async function exportOwnRows(
  deps: { db: DbOrTx; dictionary: Dictionary },
  companyId: number,
  kind: TraderKind,
  lang: Lang,
  today: Date,
): Promise<{ fileName: string; stream: PassThrough }> {
  const { db, dictionary } = deps;
  const dict = await dictionary.get();
  const name = (productId: number) => dict.productNames.get(productId) ?? '';
  let afterId = 0;
  let done = false;
  let next: () => Promise<SheetOutRow[]>;
  if (kind === 'quotation') {
    const day = await latestQuoteDay(db, companyId);
    next = async () => {
      if (done || !day) return [];
      const rows = await ownQuotesChunk(db, companyId, day, afterId, EXPORT_CHUNK);
      if (rows.length < EXPORT_CHUNK) done = true;
      afterId = rows.at(-1)?.id ?? afterId;
      return rows.map((r) => quoteSheetRow(r, name(r.productId)));
    };
  } else {
    next = async () => {
      if (done) return [];
      const rows = await ownLotsChunk(db, kind, companyId, afterId, EXPORT_CHUNK);
      if (rows.length < EXPORT_CHUNK) done = true;
      afterId = rows.at(-1)?.id ?? afterId;
      return rows.map((r) => lotSheetRow(r, name(r.productId), kind));
    };
  }
  const label = SHEET_TITLES[kind];
  const fileName = textIn(
    say(`我的${label.zh}-${dayString(today)}.xlsx`, `My ${label.en.toLowerCase()}-${dayString(today)}.xlsx`),
    lang,
  );
  return { fileName, stream: streamWorkbook(kind, next, lang) };
}
