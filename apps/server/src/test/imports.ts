/**
 * Trader imports in API tests: a commit run to its end through the API as the portal polls it,
 * and a store that lets a test stop or break a commit between its batches (what the service's
 * test hooks did, now outside the production code: the commit writes its progress to the store
 * after each batch, inside its transaction, so a failure there rolls the whole import back).
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { KvStore } from '../store/index.ts';
import { fileBody } from './multipart.ts';

/** A cell of a test sheet. */
export type Cell = string | number | null;

/** The header of the stock template, as a trader's sheet has it. */
export const CARGO_HEADER = [
  '品名',
  '材质',
  '规格',
  '产地/钢厂',
  '仓库',
  '城市',
  '件数',
  '重量(吨)',
  '单价(元/吨)',
  '备注',
];

/** An .xlsx of one sheet 现货 with the given rows (row 1 first); `merge` merges cells such as 'A1:J1'. */
export async function xlsx(rows: Cell[][], merge?: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('现货');
  for (const r of rows) sheet.addRow(r);
  if (merge) sheet.mergeCells(merge);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** One stock row as an ERP sends it (and the form), with `overrides`. */
export const syncRow = (overrides: Record<string, unknown> = {}) => ({
  product: '热卷',
  material: 'Q235B',
  spec: '2.75*1250*C',
  origin: '日照',
  warehouse: '乐从钢铁世界仓',
  pieces: 3,
  weight: 75.5,
  price: 3450,
  ...overrides,
});

/** Uploads `bytes` for a preview of `kind` as `token`'s trader (the answer, unchecked). */
export function previewImport(
  app: FastifyInstance,
  token: string,
  kind: string,
  bytes: Buffer,
  opts: { name?: string; remoteAddress: string },
) {
  const body = fileBody(bytes, opts.name ?? '资源.xlsx');
  return app.inject({
    method: 'POST',
    url: `/api/trader/import/${kind}/preview`,
    headers: { ...body.headers, 'x-token': token },
    payload: body.payload,
    remoteAddress: opts.remoteAddress,
  });
}

/** The store keys of an import's progress (`trader-import/service.ts#progressKey`). */
const PROGRESS_PREFIX = 'trader-import:';

/** What a test does between a commit's batches, by rows written so far. */
export interface BatchHooks {
  /** the commit throws once this many rows are written (nothing may remain) */
  failAfterRows?: number;
  /** awaited after each batch, so a test can look at the import mid-way */
  afterBatch?: (written: number) => Promise<void>;
}

/** `store` as it is, but each batch's progress write runs `hooks` after it is stored. */
export function batchHookStore(store: KvStore, hooks: BatchHooks): KvStore {
  return {
    kind: store.kind,
    get: (key) => store.get(key),
    async set(key, value, ttlMs) {
      await store.set(key, value, ttlMs);
      if (!key.startsWith(PROGRESS_PREFIX)) return;
      const { processed } = JSON.parse(value) as { processed: number };
      // the commit's first write says 0 before any batch ran
      if (processed === 0) return;
      if (hooks.failAfterRows !== undefined && processed >= hooks.failAfterRows)
        throw new Error(`test hook: failing after ${processed} rows`);
      await hooks.afterBatch?.(processed);
    },
    setIfAbsent: (key, value, ttlMs) => store.setIfAbsent(key, value, ttlMs),
    del: (key) => store.del(key),
    incr: (key, ttlMs) => store.incr(key, ttlMs),
    decr: (key) => store.decr(key),
    close: () => store.close(),
  };
}

/**
 * Commits a previewed import as `token`'s trader (expecting code 0) and polls its status, as the
 * portal does, until it no longer runs; returns the final status (`data` of the answer).
 */
export async function commitAndWait(
  app: FastifyInstance,
  token: string,
  importId: string,
  mode: 'append' | 'replace',
) {
  const committed = await app.inject({
    method: 'POST',
    url: `/api/trader/import/${importId}/commit`,
    headers: { 'x-token': token },
    payload: { mode },
  });
  expect(committed.json().code).toBe(0);
  let state = committed.json().data;
  while (state.state === 'running') {
    await new Promise((r) => setTimeout(r, 100));
    state = (
      await app.inject({
        method: 'GET',
        url: `/api/trader/import/${importId}`,
        headers: { 'x-token': token },
      })
    ).json().data;
  }
  return state;
}
