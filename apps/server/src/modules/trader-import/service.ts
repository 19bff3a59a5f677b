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
 * `understandRows` and `writeRows` are the two halves the ERP sync (modules/api-key) reuses.
 */
import { randomUUID } from 'node:crypto';
import type { PassThrough } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  type ImportPreview,
  type ImportStatus,
  type Lang,
  type RowError,
  TRADER_LIMITS,
  type TraderKind,
} from '@steelport/contracts';
import { dayString, HOUR_MS, MINUTE_MS } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { BusinessError, Forbidden, NotFound } from '../../errors.ts';
import { limitRate } from '../../plugins/rate-limit.ts';
import type { KvStore } from '../../store/index.ts';
import { say, textIn } from '../../text.ts';
import { publishQuotes } from '../quotation/service.ts';
import type { Dictionary, TradeDictionary } from '../search/dictionary.ts';
import {
  type FieldError,
  type LotRowInput,
  type LotRowValues,
  lotSearchText,
  quoteItemKey,
  storedColumns,
  understandLotRow,
} from '../search/lot-row.ts';
import type { OnRowsWritten } from '../subscription/service.ts';
import {
  type ImportProgress,
  lotSheetRow,
  presentProgress,
  presentSample,
  presentStatus,
  quoteSheetRow,
} from './present.ts';
import {
  claimImport,
  companyShortName,
  deleteOwnLots,
  deleteOwnQuotes,
  deleteOwnQuotesOfItems,
  deleteStaleImports,
  dropExpiredBytes,
  findImport,
  finishImport,
  type ImportRow,
  importBytes,
  insertImport,
  insertLots,
  latestQuoteDay,
  type NewLot,
  ownLotsChunk,
  ownQuotesChunk,
} from './repo.ts';
import {
  cellText,
  type ReadSheet,
  readSheet,
  rowInput,
  SHEET_TITLES,
  SheetError,
  type SheetOutRow,
  sheetColumnOf,
  streamWorkbook,
  templateWorkbook,
} from './sheet.ts';
import { keepSheetReaderWarm } from './sheet-pool.ts';

/** How long a previewed sheet waits for its commit. */
export const IMPORT_TTL_MS = 30 * MINUTE_MS;
/** Rows per INSERT statement. */
export const INSERT_BATCH = 1000;
/** How long a commit may take before the answer says `running` and the client polls. */
const ANSWER_WAIT_MS = 1500;
/** A running import refreshes its progress at least this often; a key older than this means it died. */
const PROGRESS_TTL_MS = 5 * MINUTE_MS;
/** Understood sheets kept in this process between preview and commit (a commit elsewhere rereads the file). */
const PARSED_KEPT = 4;
/** Rows of the preview's sample. */
const SAMPLE_ROWS = 5;
/** Rows an export reads per query. */
const EXPORT_CHUNK = 1000;
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
  store: KvStore;
  dictionary: Dictionary;
  now?: () => Date;
  /** tests only: the commit throws once this many rows are written (nothing may remain) */
  failAfterRows?: number;
  /** tests only: awaited after each batch of a commit, so a test can look at it mid-way */
  afterBatch?: (written: number) => Promise<void>;
  /** how long a commit waits before answering `running` (default ANSWER_WAIT_MS) */
  answerWaitMs?: number;
  /** after the commit: the new rows, for saved searches to match (modules/subscription) */
  onRowsWritten?: OnRowsWritten;
}

/** One input row that did not pass, with where it was (index in the list, 0-based) and why. */
export interface RowProblem {
  index: number;
  errors: FieldError[];
}

/** The row error of a quotation sheet that names an item twice. */
export const DUPLICATE_QUOTE =
  '同一品种（品名、材质、规格、产地、城市、仓库相同）在表中出现了两次，每天只能报一个价';

/**
 * Understands every row (pure): the values of the rows that passed, in order, and the problems
 * of the others. The ERP sync and the sheet import both start here.
 */
export function understandRows(
  kind: TraderKind,
  inputs: readonly LotRowInput[],
  dict: TradeDictionary,
): { values: LotRowValues[]; errors: RowProblem[] } {
  const values: LotRowValues[] = [];
  const errors: RowProblem[] = [];
  // A quotation sheet quotes each item once: a second row of the same item is a mistake.
  const seen = new Set<string>();
  inputs.forEach((input, index) => {
    const r = understandLotRow(kind, input, dict);
    if (!r.ok) {
      errors.push({ index, errors: r.errors });
      return;
    }
    if (kind === 'quotation') {
      const key = quoteItemKey(r.values);
      if (seen.has(key)) {
        errors.push({ index, errors: [{ field: '', column: '', message: DUPLICATE_QUOTE }] });
        return;
      }
      seen.add(key);
    }
    values.push(r.values);
  });
  return { values, errors };
}

/**
 * Writes understood rows for a company, on `tx` (the caller's transaction): in `replace` mode
 * its rows of that kind are removed first (lots marked deleted; quotations: today's), then the
 * rows go in by INSERT_BATCH per statement, each with the search text seeded rows have.
 * Quotations are today's quotes with the previous price and change of the same item.
 * `onProgress(written)` runs after each batch (it may throw to abort: the caller's
 * transaction then rolls back). Returns what was inserted and removed.
 */
export async function writeRows(
  tx: DbOrTx,
  opts: {
    companyId: number;
    kind: TraderKind;
    mode: 'append' | 'replace';
    rows: readonly LotRowValues[];
    dict: TradeDictionary;
    now?: Date;
    onProgress?: (written: number) => Promise<void> | void;
  },
): Promise<{ inserted: number; removed: number; ids: number[] }> {
  const { companyId, kind, rows, dict } = opts;
  const day = dayString(opts.now ?? new Date());
  const supplier = await companyShortName(tx, companyId);
  let removed = 0;
  if (opts.mode === 'replace') {
    removed =
      kind === 'quotation'
        ? await deleteOwnQuotes(tx, companyId, day)
        : await deleteOwnLots(tx, kind, companyId);
  } else if (kind === 'quotation') {
    // Appended quotes of items already quoted today take their place (one quote an item a day).
    removed = await deleteOwnQuotesOfItems(tx, companyId, day, rows);
  }
  let written = 0;
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    if (kind === 'quotation') {
      const added = await publishQuotes(
        tx,
        batch.map((v) => ({
          ...storedColumns(v),
          companyId,
          quoteDate: day,
          searchText: lotSearchText(v, dict.productNames.get(v.productId) ?? '', supplier),
        })),
      );
      ids.push(...added);
    } else {
      const added = await insertLots(
        tx,
        kind,
        batch.map((v) =>
          lotRow(v, companyId, lotSearchText(v, dict.productNames.get(v.productId) ?? '', supplier)),
        ),
      );
      ids.push(...added);
    }
    written += batch.length;
    await opts.onProgress?.(written);
  }
  return { inserted: written, removed, ids };
}

function lotRow(v: LotRowValues, companyId: number, searchText: string): NewLot {
  return {
    ...storedColumns(v),
    pieces: v.pieces,
    companyId,
    searchText,
    status: 'on_sale',
    grade: v.grade ?? '正品',
    defects: v.defects ?? '',
  };
}

/** What reading and understanding a sheet found. */
export interface UnderstoodSheet {
  sheet: ReadSheet;
  values: LotRowValues[];
  errors: RowError[];
  errorCount: number;
}

/** Understands every row of a read sheet, errors named by the sheet's row numbers and headers. */
export function understandSheet(kind: TraderKind, sheet: ReadSheet, dict: TradeDictionary): UnderstoodSheet {
  const inputs = sheet.rows.map(rowInput);
  const { values, errors } = understandRows(kind, inputs, dict);
  const shown: RowError[] = [];
  let errorCount = 0;
  for (const problem of errors) {
    errorCount++;
    const row = sheet.rows[problem.index]!;
    for (const e of problem.errors) {
      if (shown.length >= TRADER_LIMITS.importErrorsShown) break;
      // A problem of the whole row (an item quoted twice) names no column.
      const field = e.field as Parameters<typeof cellText>[1] | '';
      shown.push({
        row: row.row,
        column: field === '' ? '' : sheetColumnOf(sheet, field),
        value: field === '' ? '' : cellText(row, field),
        message: e.message,
      });
    }
  }
  return { sheet, values, errors: shown, errorCount };
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
            if (deps.failAfterRows !== undefined && written >= deps.failAfterRows) {
              throw new Error(`test hook: failing after ${written} rows`);
            }
            await deps.afterBatch?.(written);
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
    async export(
      user: Importer,
      kind: TraderKind,
      lang: Lang = 'zh-CN',
    ): Promise<{ fileName: string; stream: PassThrough }> {
      const companyId = companyOf(user);
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
        say(
          `我的${label.zh}-${dayString(now())}.xlsx`,
          `My ${label.en.toLowerCase()}-${dayString(now())}.xlsx`,
        ),
        lang,
      );
      return { fileName, stream: streamWorkbook(kind, next, lang) };
    },
  };
}

export type TraderImportService = ReturnType<typeof traderImportService>;
