/**
 * Excel/CSV import and export of a trader's own rows (现货、余料、报价).
 *
 * Preview reads the sheet, understands every row with `understandLotRow` (the same rule the
 * form and the ERP sync use) and stages the file in trader_imports; nothing is written to the
 * trade tables. Its rows are shown page by page, all or only those with errors (`rows`).
 * Commit writes ALL rows in ONE transaction (replace mode first removes the company's rows of
 * that kind; for quotations, today's), in multi-row batches, so an import that fails or is
 * killed leaves nothing half-written. A sheet with errors is refused, unless the trader asks to
 * skip them (`skipErrors`): then the rows that passed are written the same way, and the rows
 * left out wait 30 minutes as a sheet of their own to download, fix and upload (`bad-rows.ts`).
 * Its progress lives in the shared store while it runs: the transaction holds the rows, and on
 * PGlite even the connection.
 *
 * `understandRows` and `writeRows` (`rows.ts`) are the two halves the ERP sync (modules/api-key)
 * reuses; the service offers them. The export is `export.ts`.
 */
import { randomUUID } from 'node:crypto';
import type { PassThrough } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type {
  ImportPreview,
  ImportRowsPage,
  ImportRowsQuery,
  ImportStatus,
  Lang,
  TraderKind,
} from '@steelport/contracts';
import { MINUTE_MS } from '../../dates.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError, Forbidden, NotFound } from '../../errors.ts';
import type { KvStore } from '../../store/index.ts';
import { say, textIn } from '../../text.ts';
import type { Dictionary } from '../search/dictionary.ts';
import type { OnRowsWritten } from '../subscription/service.ts';
import { BAD_ROWS_TEXT, badRowsWorkbook } from './bad-rows.ts';
import { exportOwnRows } from './export.ts';
import {
  type ImportProgress,
  presentProgress,
  presentRowsPage,
  presentSample,
  presentStatus,
} from './present.ts';
import { EXPIRED, sheetReads } from './reads.ts';
import {
  claimImport,
  deleteStaleImports,
  dropExpiredBytes,
  findImport,
  finishImport,
  type ImportRow,
  importBytes,
  insertImport,
} from './repo.ts';
import { type UnderstoodSheet, understandSheet, writeRows } from './rows.ts';
import { type ReadSheet, readSheet, SHEET_TITLES, SheetError, templateWorkbook } from './sheet.ts';
import { keepSheetReaderWarm } from './sheet-pool.ts';
import { stagedSheets } from './staged.ts';

export { PREVIEW_MB_PER_HOUR, PREVIEWS_PER_HOUR } from './reads.ts';
// The two halves the ERP sync (modules/api-key) reuses, offered with the service (and the
// sheet's understanding, which bench/import.mjs times).
export { understandRows, understandSheet, writeRows } from './rows.ts';

/** How long a previewed sheet waits for its commit. */
export const IMPORT_TTL_MS = 30 * MINUTE_MS;
/** How long a commit may take before the answer says `running` and the client polls. */
const ANSWER_WAIT_MS = 1500;
/** A running import refreshes its progress at least this often; a key older than this means it died. */
const PROGRESS_TTL_MS = 5 * MINUTE_MS;
/** Rows of the preview's sample. */
const SAMPLE_ROWS = 5;
const hasErrors = (count: number) =>
  say(
    `表格中有 ${count} 行有错误，请修改后重新上传再导入`,
    `${count} rows of the sheet have errors; correct them, upload the sheet again and import it`,
  );

const progressKey = (id: string) => `trader-import:${id}`;

/** Who imports: the caller's user id and company (admin without a company is refused). */
export interface Importer {
  id: number;
  companyId: number | null;
}

export interface TraderImportDeps {
  db: Db;
  /** progress of running imports; a test may watch its writes (src/test/imports.ts) */
  store: KvStore;
  dictionary: Dictionary;
  now?: () => Date;
  /** how long a commit waits before answering `running` (default ANSWER_WAIT_MS) */
  answerWaitMs?: number;
  /** after the commit: the new rows, for saved searches to match (modules/subscription) */
  onRowsWritten?: OnRowsWritten;
}

/** The import and export of a trader's own rows. */
export function traderImportService(deps: TraderImportDeps) {
  const { db, store, dictionary } = deps;
  const now = deps.now ?? (() => new Date());
  /** understood recent previews: a commit or a page of rows in this process needs no second read */
  const staged = stagedSheets();
  const reads = sheetReads(deps);
  /** commits running in this process */
  const running = new Map<string, Promise<void>>();

  const companyOf = (user: Importer): number => {
    if (user.companyId === null)
      throw new Forbidden(say('该功能仅对已认证的商家开放', 'This feature is open to verified traders only'));
    return user.companyId;
  };

  const readProgress = async (id: string): Promise<ImportProgress | null> => {
    const raw = await store.get(progressKey(id));
    return raw ? (JSON.parse(raw) as ImportProgress) : null;
  };
  const writeProgress = (id: string, p: ImportProgress) =>
    store.set(progressKey(id), JSON.stringify(p), PROGRESS_TTL_MS);

  /** An import of the caller's company, or 404 (another trader's id looks like no id at all). */
  const ownImport = async (user: Importer, id: string): Promise<ImportRow> => {
    const companyId = companyOf(user);
    const row = await findImport(db, id);
    if (!row || row.companyId !== companyId) throw new NotFound(say('导入记录不存在', 'Import not found'));
    return row;
  };

  /**
   * Writes the rows that passed; `leftOutLang` (a commit with skipErrors) first makes the sheet of
   * the rows left out, in that language, so that nothing is written unless it can be kept too.
   */
  const run = async (
    row: ImportRow,
    mode: 'append' | 'replace',
    understood: UnderstoodSheet,
    leftOutLang: Lang | null,
  ) => {
    const { values, problems } = understood;
    const progress: ImportProgress = {
      companyId: row.companyId,
      kind: row.kind,
      mode,
      total: values.length,
      processed: 0,
    };
    let result: { inserted: number; removed: number; ids: number[] } = { inserted: 0, removed: 0, ids: [] };
    try {
      const leftOut =
        leftOutLang !== null && problems.length > 0 ? await badRowsWorkbook(understood, leftOutLang) : null;
      const dict = await dictionary.get();
      await db.transaction(async (tx) => {
        result = await writeRows(tx, {
          companyId: row.companyId,
          kind: row.kind,
          mode,
          rows: values,
          dict,
          now: now(),
          onProgress: async (written) => {
            progress.processed = written;
            await writeProgress(row.id, progress);
            // PGlite opened in this thread (tests, scripts) runs each query here and resolves it
            // without a turn of the event loop: without this pause the commit's answer timer, and
            // every other request, waited for the last batch (issue 28 row 8).
            await yieldToEventLoop();
          },
        });
      });
      // Committed: matched before the import reads as done, so its answer includes the inbox.
      await deps.onRowsWritten?.({ kind: row.kind, ids: result.ids });
      await finishImport(
        db,
        row.id,
        {
          state: 'done',
          processed: values.length,
          inserted: result.inserted,
          removed: result.removed,
          message: '',
          errorCount: problems.length,
        },
        leftOut ? { sheet: leftOut, until: new Date(now().getTime() + IMPORT_TTL_MS) } : undefined,
      );
    } catch {
      await finishImport(db, row.id, {
        state: 'failed',
        processed: 0,
        inserted: 0,
        removed: 0,
        message: '导入失败，未写入任何行，请重新上传后再试',
      }).catch(() => {});
    } finally {
      await store.del(progressKey(row.id)).catch(() => {});
      staged.forget(row.id);
      running.delete(row.id);
    }
  };

  /** A preview that can still be committed or paged: not yet imported, not expired. */
  const openPreview = async (user: Importer, id: string): Promise<ImportRow> => {
    const row = await ownImport(user, id);
    if (row.state === 'running')
      throw new BusinessError(say('该表格正在导入，请稍候', 'This sheet is being imported; please wait'));
    if (row.state === 'done')
      throw new BusinessError(
        say(
          '该表格已经导入过了；如需再次导入请重新上传',
          'This sheet has already been imported; upload it again to import it once more',
        ),
      );
    if (row.state === 'failed')
      throw new BusinessError(
        say('该表格导入失败，请重新上传', 'Importing this sheet failed; please upload it again'),
      );
    if (row.expiresAt.getTime() < now().getTime()) throw new NotFound(EXPIRED);
    return row;
  };

  /** How an import stands: its progress while it runs, then its result. */
  const status = async (user: Importer, id: string): Promise<ImportStatus> => {
    const companyId = companyOf(user);
    // While it runs the answer comes from the store: no read waits on its transaction.
    const progress = await readProgress(id);
    if (progress) {
      if (progress.companyId !== companyId) throw new NotFound(say('导入记录不存在', 'Import not found'));
      return presentProgress(id, progress);
    }
    const row = await ownImport(user, id);
    if (row.state === 'running' && !running.has(id)) {
      // Running without progress: the process that ran it died; its transaction rolled back.
      const message = '导入中断，未写入任何行，请重新上传';
      await finishImport(db, id, { state: 'failed', processed: 0, inserted: 0, removed: 0, message });
      return { ...presentStatus(row), state: 'failed', processed: 0, message };
    }
    return presentStatus(row);
  };

  return {
    /** The kind's template (.xlsx bytes). */
    template: (kind: TraderKind, lang: Lang = 'zh-CN'): Promise<Buffer> => templateWorkbook(kind, lang),

    /**
     * Reads and checks an uploaded sheet and stages it for commit; nothing is published. Errors
     * are written in `lang`, on the sheet's own columns.
     */
    async preview(
      user: Importer,
      kind: TraderKind,
      file: { filename: string; bytes: Buffer },
      lang: Lang = 'zh-CN',
    ): Promise<ImportPreview> {
      const companyId = companyOf(user);
      await reads.limit('preview', companyId, file.bytes.length);
      let sheet: ReadSheet;
      try {
        sheet = await readSheet(file.bytes);
      } catch (err) {
        if (err instanceof SheetError) throw new BusinessError(err.text);
        throw err;
      }
      if (sheet.rows.length === 0)
        throw new BusinessError(say('表格中没有数据行', 'The sheet has no data rows'));
      const dict = await dictionary.get();
      const understood = understandSheet(kind, sheet, dict, lang);
      const fileName = (file.filename || '导入.xlsx').slice(0, 200);
      await deleteStaleImports(db);
      await dropExpiredBytes(db);
      // The file is kept while the preview lasts, errors or not: any instance may be asked for a
      // page of its rows, or to import the rows that passed.
      const row = await insertImport(
        db,
        {
          id: randomUUID(),
          companyId,
          userId: user.id,
          kind,
          fileName,
          total: sheet.rows.length,
          errorCount: understood.errorCount,
          expiresAt: new Date(now().getTime() + IMPORT_TTL_MS),
        },
        file.bytes,
      );
      staged.keep(row.id, understood);
      return {
        importId: row.id,
        kind,
        fileName,
        columns: sheet.columns.map((c) => ({ header: c.header, field: c.field })),
        rows: sheet.rows.length,
        valid: understood.values.length,
        errorCount: understood.errorCount,
        errors: understood.errors,
        sample: understood.values
          .slice(0, SAMPLE_ROWS)
          .map((v) => presentSample(kind, v, dict.productNames.get(v.productId) ?? '')),
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /** A page of a previewed sheet's rows, all of them or only those with errors (in `lang`). */
    async rows(
      user: Importer,
      id: string,
      query: ImportRowsQuery,
      lang: Lang = 'zh-CN',
    ): Promise<ImportRowsPage> {
      const row = await openPreview(user, id);
      const understood = await staged.get(id, () => reads.reread(row, true));
      return presentRowsPage(understood, query, lang);
    },

    /**
     * Publishes a previewed sheet. Refused when it had errors (unless `skipErrors`: then the rows
     * that passed are written and the others kept as a sheet, in `lang`), expired or already ran.
     * A small sheet is done before the answer; a large one answers `running` and goes on.
     */
    async commit(
      user: Importer,
      id: string,
      mode: 'append' | 'replace',
      opts: { skipErrors?: boolean; lang?: Lang } = {},
    ): Promise<ImportStatus> {
      const row = await openPreview(user, id);
      const skipErrors = opts.skipErrors === true;
      if (row.errorCount > 0 && !skipErrors) throw new BusinessError(hasErrors(row.errorCount));
      // Previewed in another process (or this one forgot it): the staged file is read again.
      const understood = await staged.get(id, () => reads.reread(row, false));
      if (understood.errorCount > 0 && !skipErrors) throw new BusinessError(hasErrors(understood.errorCount));
      if (understood.values.length === 0)
        throw new BusinessError(
          say(
            '表格中没有无误的行可导入，请修改后重新上传',
            'No row of the sheet is free of errors; correct it and upload it again',
          ),
        );
      if (!(await claimImport(db, id, mode)))
        throw new BusinessError(
          say('该表格正在导入或已导入', 'This sheet is being imported or has been imported'),
        );
      const progress: ImportProgress = {
        companyId: row.companyId,
        kind: row.kind,
        mode,
        total: understood.values.length,
        processed: 0,
      };
      await writeProgress(id, progress);
      const leftOutLang = skipErrors ? (opts.lang ?? 'zh-CN') : null;
      const job = run({ ...row, state: 'running', mode }, mode, understood, leftOutLang);
      running.set(id, job);
      let timer: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        job.then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), deps.answerWaitMs ?? ANSWER_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!waited) return presentProgress(id, (await readProgress(id)) ?? progress);
      return status(user, id);
    },

    /**
     * The sheet of the rows a commit with skipErrors left out (.xlsx: the upload's columns and
     * 错误), for 30 minutes after it ran; its file name in `lang`.
     */
    async leftOutRows(
      user: Importer,
      id: string,
      lang: Lang = 'zh-CN',
    ): Promise<{ fileName: string; bytes: Buffer }> {
      const row = await ownImport(user, id);
      if (row.state !== 'done' || row.errorCount === 0)
        throw new BusinessError(say('这次导入没有留下有误的行', 'This import left no rows out'));
      const bytes = row.expiresAt.getTime() < now().getTime() ? null : await importBytes(db, id);
      if (!bytes || bytes.length === 0)
        throw new NotFound(
          say(
            '有误的行的表格已过期（导入后 30 分钟内可下载），请修改原表格后重新上传',
            'The sheet of the rows left out has expired (it can be downloaded for 30 minutes after the import); correct the original sheet and upload it again',
          ),
        );
      const base = row.fileName.replace(/\.[^.]*$/, '') || textIn(SHEET_TITLES[row.kind], lang);
      const what = textIn(BAD_ROWS_TEXT.file, lang);
      return { fileName: lang === 'en' ? `${base} - ${what}.xlsx` : `${base}-${what}.xlsx`, bytes };
    },

    status,

    /** Starts a sheet reader's worker thread now and keeps one ready (boot, config.warmUp). */
    warmReaders: keepSheetReaderWarm,

    /** Waits for the imports this process runs (tests and shutdown). */
    async settle(): Promise<void> {
      await Promise.all([...running.values()]);
    },

    /** The company's own rows (not deleted) as .xlsx in the template's columns. */
    export: (
      user: Importer,
      kind: TraderKind,
      lang: Lang = 'zh-CN',
    ): Promise<{ fileName: string; stream: PassThrough }> =>
      exportOwnRows({ db, dictionary }, companyOf(user), kind, lang, now()),
  };
}

export type TraderImportService = ReturnType<typeof traderImportService>;
