/**
 * A worker thread of the sheet reader (`sheet-pool.ts`): it reads one uploaded sheet at a time
 * (`sheet-parse.ts`) and answers each job once: the raw rows, or the refusal's message and
 * whether it is one of size (code 2) or of the file (code 1). The pool terminates it when a job
 * takes too long; its heap is bounded by the pool's resourceLimits.
 */
import { parentPort } from 'node:worker_threads';
import type { LocalText } from '../../text.ts';
import { parseRows, type RawRow, SheetError, SheetTooLarge } from './sheet-parse.ts';

/** A job: the file's bytes and how many rows with content to keep. */
export interface SheetJob {
  id: number;
  bytes: Uint8Array;
  rowsMax: number;
}

/** What the worker answers to a job. */
export type SheetAnswer = { id: number } & (
  | { ok: true; rows: RawRow[]; more: boolean }
  | { ok: false; tooLarge: boolean; message: LocalText | null }
);

parentPort!.on('message', async (job: SheetJob) => {
  let answer: SheetAnswer;
  try {
    answer = { id: job.id, ok: true, ...(await parseRows(job.bytes, job.rowsMax)) };
  } catch (err) {
    answer = {
      id: job.id,
      ok: false,
      tooLarge: err instanceof SheetTooLarge,
      message: err instanceof SheetError ? err.text : null,
    };
  }
  parentPort!.postMessage(answer);
});
