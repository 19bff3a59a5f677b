/**
 * What reading an uploaded sheet costs a company (issue 28 row 7, issue 35): previews, and second
 * reads of a staged file, count per company and hour, by number and megabytes, in the shared
 * store so every instance counts the same. A second read happens when an instance is asked for a
 * preview it does not hold (a page of its rows, its commit); the commit's own read is not
 * counted, since a preview commits once.
 */
import { HOUR_MS } from '../../dates.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError, NotFound } from '../../errors.ts';
import { limitRate } from '../../plugins/rate-limit.ts';
import type { KvStore } from '../../store/index.ts';
import { say } from '../../text.ts';
import type { Dictionary } from '../search/dictionary.ts';
import { type ImportRow, importBytes } from './repo.ts';
import { type UnderstoodSheet, understandSheet } from './rows.ts';
import { type ReadSheet, readSheet, SheetError } from './sheet.ts';

/** Previews a company may start in an hour: each reads a file of up to 20 MB in a worker. */
export const PREVIEWS_PER_HOUR = 20;
/** Megabytes of files a company may preview in an hour (a file counts per started MB). */
export const PREVIEW_MB_PER_HOUR = 100;
const MB = 1024 * 1024;

/** A preview past its 30 minutes, or whose file is gone. */
export const EXPIRED = say(
  '导入已过期（30 分钟内有效），请重新上传',
  'The import has expired (valid for 30 minutes); please upload the sheet again',
);

/** The counted reads of uploaded and staged sheets. */
export function sheetReads(deps: { db: Db; store: KvStore; dictionary: Dictionary }) {
  const { db, store, dictionary } = deps;

  /**
   * Counts a read and its megabytes against the company's hourly allowance; throws code 7 past
   * either. Previews and second reads count apart, with the same figures: neither can make the
   * other cost more, nor use up the other's allowance.
   */
  const limit = async (what: 'preview' | 'reread', companyId: number, bytes: number) => {
    const message = say(
      `导入预览过于频繁：每小时最多 ${PREVIEWS_PER_HOUR} 次、共 ${PREVIEW_MB_PER_HOUR} MB，请稍后再试`,
      `Too many import previews: at most ${PREVIEWS_PER_HOUR} an hour and ${PREVIEW_MB_PER_HOUR} MB in all; please try again later`,
    );
    await limitRate(store, `import:${what}:${companyId}`, PREVIEWS_PER_HOUR, HOUR_MS, message);
    for (let mb = Math.max(1, Math.ceil(bytes / MB)); mb > 0; mb--) {
      await limitRate(store, `import:${what}-mb:${companyId}`, PREVIEW_MB_PER_HOUR, HOUR_MS, message);
    }
  };

  /** Reads a staged preview's file again and understands it; `limited` counts the read. */
  const reread = async (row: ImportRow, limited: boolean): Promise<UnderstoodSheet> => {
    const bytes = await importBytes(db, row.id);
    if (!bytes || bytes.length === 0) throw new NotFound(EXPIRED);
    if (limited) await limit('reread', row.companyId, bytes.length);
    let sheet: ReadSheet;
    try {
      sheet = await readSheet(bytes);
    } catch (err) {
      if (err instanceof SheetError) throw new BusinessError(err.text);
      throw err;
    }
    return understandSheet(row.kind, sheet, await dictionary.get());
  };

  return { limit, reread };
}
