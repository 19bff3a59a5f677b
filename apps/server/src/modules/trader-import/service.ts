/**
 * Excel/CSV import and export of a trader's own rows (现货、余料、报价).
 *
 * Preview reads the sheet, understands every row with `understandLotRow` (the same rule the
 * form and the ERP sync use) and stages the file in trader_imports; nothing is written to the
 * trade tables. Commit writes ALL rows in ONE transaction (replace mode first removes the
 * company's rows of that kind; for quotations, today's), in multi-row batches, so an import
 * that fails or is killed leaves nothing half-written. Its progress lives in the shared store
 * while it runs: the transaction holds the rows, and on PGlite even the connection.
 *
 * `understandRows` and `writeRows` (`rows.ts`) are the two halves the ERP sync (modules/api-key)
 * reuses; the service offers them. The export is `export.ts`.
 */
import { randomUUID } from 'node:crypto';
import type { PassThrough } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ImportPreview, ImportStatus, Lang, TraderKind } from '@steelport/contracts';
import { HOUR_MS, MINUTE_MS } from '../../dates.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError, Forbidden, NotFound } from '../../errors.ts';
import { limitRate } from '../../plugins/rate-limit.ts';
import type { KvStore } from '../../store/index.ts';
import { say } from '../../text.ts';
import type { Dictionary } from '../search/dictionary.ts';
import type { LotRowValues } from '../search/lot-row.ts';
import type { OnRowsWritten } from '../subscription/service.ts';
import { exportOwnRows } from './export.ts';
import { type ImportProgress, presentProgress, presentSample, presentStatus } from './present.ts';
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
import { understandSheet, writeRows } from './rows.ts';
import { type ReadSheet, readSheet, SheetError, templateWorkbook } from './sheet.ts';
import { keepSheetReaderWarm } from './sheet-pool.ts';

// The two halves the ERP sync (modules/api-key) reuses, offered with the service.
export { understandRows, writeRows } from './rows.ts';

/** How long a previewed sheet waits for its commit. */
export const IMPORT_TTL_MS = 30 * MINUTE_MS;
/** How long a commit may take before the answer says `running` and the client polls. */
const ANSWER_WAIT_MS = 1500;
/** A running import refreshes its progress at least this often; a key older than this means it died. */
const PROGRESS_TTL_MS = 5 * MINUTE_MS;
/** Understood sheets kept in this process between preview and commit (a commit elsewhere rereads the file). */
const PARSED_KEPT = 4;
/** Rows of the preview's sample. */
const SAMPLE_ROWS = 5;
/** Previews a company may start in an hour: each reads a file of up to 20 MB in a worker. */
export const PREVIEWS_PER_HOUR = 20;
/** Megabytes of files a company may preview in an hour (a file counts per started MB). */
export const PREVIEW_MB_PER_HOUR = 100;
const MB = 1024 * 1024;

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
  /** understood rows of recent previews, so a commit in this process needs no second read */
  const parsed = new Map<string, LotRowValues[]>();
  /** commits running in this process */
  const running = new Map<string, Promise<void>>();

  const companyOf = (user: Importer): number => {
    if (user.companyId === null)
      throw new Forbidden(say('该功能仅对已认证的商家开放', 'This feature is open to verified traders only'));
    return user.companyId;
  };

  const keep = (id: string, values: LotRowValues[]) => {
    parsed.set(id, values);
    while (parsed.size > PARSED_KEPT) parsed.delete(parsed.keys().next().value as string);
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

  const run = async (row: ImportRow, mode: 'append' | 'replace', values: LotRowValues[]) => {
    const progress: ImportProgress = {
      companyId: row.companyId,
      kind: row.kind,
      mode,
      total: values.length,
      processed: 0,
    };
    let result: { inserted: number; removed: number; ids: number[] } = { inserted: 0, removed: 0, ids: [] };
    try {
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
      await finishImport(db, row.id, {
        state: 'done',
        processed: values.length,
        inserted: result.inserted,
        removed: result.removed,
        message: '',
      });
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
      parsed.delete(row.id);
      running.delete(row.id);
    }
  };

  /**
   * Counts a preview and its megabytes against the company's hourly allowance (shared store,
   * so every instance counts the same); throws code 7 past either.
   */
  const limitPreviews = async (companyId: number, bytes: number) => {
    const message = say(
      `导入预览过于频繁：每小时最多 ${PREVIEWS_PER_HOUR} 次、共 ${PREVIEW_MB_PER_HOUR} MB，请稍后再试`,
      `Too many import previews: at most ${PREVIEWS_PER_HOUR} an hour and ${PREVIEW_MB_PER_HOUR} MB in all; please try again later`,
    );
    await limitRate(store, `import:preview:${companyId}`, PREVIEWS_PER_HOUR, HOUR_MS, message);
    for (let mb = Math.max(1, Math.ceil(bytes / MB)); mb > 0; mb--) {
      await limitRate(store, `import:preview-mb:${companyId}`, PREVIEW_MB_PER_HOUR, HOUR_MS, message);
    }
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

    /** Reads and checks an uploaded sheet and stages it for commit; nothing is published. */
    async preview(
      user: Importer,
      kind: TraderKind,
      file: { filename: string; bytes: Buffer },
    ): Promise<ImportPreview> {
      const companyId = companyOf(user);
      await limitPreviews(companyId, file.bytes.length);
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
      const understood = understandSheet(kind, sheet, dict);
      const fileName = (file.filename || '导入.xlsx').slice(0, 200);
      await deleteStaleImports(db);
      await dropExpiredBytes(db);
      // A sheet with errors cannot be committed: only its counts are kept, not its file.
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
        understood.errorCount === 0 ? file.bytes : Buffer.alloc(0),
      );
      if (understood.errorCount === 0) keep(row.id, understood.values);
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

    /**
     * Publishes a previewed sheet. Refused when it had errors, expired or already ran. A small
     * sheet is done before the answer; a large one answers `running` and goes on.
     */
    async commit(user: Importer, id: string, mode: 'append' | 'replace'): Promise<ImportStatus> {
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
      if (row.expiresAt.getTime() < now().getTime())
        throw new NotFound(
          say(
            '导入已过期（30 分钟内有效），请重新上传',
            'The import has expired (valid for 30 minutes); please upload the sheet again',
          ),
        );
      if (row.errorCount > 0) {
        throw new BusinessError(
          say(
            `表格中有 ${row.errorCount} 行有错误，请修改后重新上传再导入`,
            `${row.errorCount} rows of the sheet have errors; correct them, upload the sheet again and import it`,
          ),
        );
      }
      let values = parsed.get(id);
      if (!values) {
        // Previewed in another process (or this one forgot it): read the staged file again.
        const bytes = await importBytes(db, id);
        let sheet: ReadSheet;
        try {
          sheet = await readSheet(bytes ?? Buffer.alloc(0));
        } catch (err) {
          if (err instanceof SheetError) throw new BusinessError(err.text);
          throw err;
        }
        const again = understandSheet(row.kind, sheet, await dictionary.get());
        if (again.errorCount > 0) {
          throw new BusinessError(
            say(
              `表格中有 ${again.errorCount} 行有错误，请修改后重新上传再导入`,
              `${again.errorCount} rows of the sheet have errors; correct them, upload the sheet again and import it`,
            ),
          );
        }
        values = again.values;
      }
      if (!(await claimImport(db, id, mode)))
        throw new BusinessError(
          say('该表格正在导入或已导入', 'This sheet is being imported or has been imported'),
        );
      const progress: ImportProgress = {
        companyId: row.companyId,
        kind: row.kind,
        mode,
        total: values.length,
        processed: 0,
      };
      await writeProgress(id, progress);
      const job = run({ ...row, state: 'running', mode }, mode, values);
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
