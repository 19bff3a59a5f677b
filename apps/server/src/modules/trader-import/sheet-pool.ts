/**
 * The worker threads that read uploaded sheets (`sheet-worker.ts`), so that parsing a file,
 * however hostile, never holds this thread's event loop: /healthz and every other request keep
 * being answered. At most SHEET_READERS_MAX read at once per process (the others wait their
 * turn); each job has a time limit after which its worker is terminated, and each worker a heap
 * limit. Workers start on the first upload (or at boot, `keepSheetReaderWarm`, when
 * config.warmUp: starting one costs a second or two), are reused, and end after
 * SHEET_WORKER_IDLE_MS without work, except the one kept warm; they never keep the process alive.
 */
import { Worker } from 'node:worker_threads';
import { Invalid } from '../../errors.ts';
import { say } from '../../text.ts';
import { type RawTable, SheetError } from './sheet-parse.ts';
import type { SheetAnswer, SheetJob } from './sheet-worker.ts';

/** How long and how much memory reading one sheet may take. */
export interface SheetLimits {
  timeMs: number;
  memoryMb: number;
}

/**
 * A 100,000-row .xlsx reads in about 5 s on one free core; past `timeMs` the worker is
 * terminated and the upload refused (code 2). The heap of a worker is bounded by `memoryMb`:
 * the rows kept and exceljs's parser fit in it; a file that needs more is refused the same way.
 */
export const SHEET_LIMITS: SheetLimits = { timeMs: 30_000, memoryMb: 512 };
/** Sheets read at the same time in one process. */
export const SHEET_READERS_MAX = 2;
/** A worker without work for this long ends (it holds tens of MB). */
export const SHEET_WORKER_IDLE_MS = 5 * 60_000;
/**
 * The workers' entry. Under tsx (`npm start`, tests) a shim that registers tsx's loader and loads
 * `sheet-worker.ts`; in the compiled build (this module is `sheet-pool.js`, apps/server/build.mjs)
 * the emitted `sheet-worker.js` itself, since production has no tsx.
 */
export const SHEET_WORKER_ENTRY = new URL(
  import.meta.url.endsWith('.js') ? './sheet-worker.js' : './sheet-worker.mjs',
  import.meta.url,
);

const TOO_SLOW = say(
  '表格过大：读取超时，请删去无关的工作表和空行，或分成几个文件导入',
  'The sheet is too large: reading it took too long. Delete unrelated worksheets and empty rows, or split it into several files',
);
const TOO_MUCH_MEMORY = say(
  '表格过大：读取所需内存超出限制，请删去无关的工作表和空行，或分成几个文件导入',
  'The sheet is too large: reading it needs more memory than allowed. Delete unrelated worksheets and empty rows, or split it into several files',
);

interface Reader {
  worker: Worker;
  memoryMb: number;
  idle: NodeJS.Timeout | null;
  /** the job it runs: its answer, or its failure when the worker ends */
  job: { id: number; done: (answer: SheetAnswer) => void; fail: (err: Error) => void } | null;
}

const idleReaders: Reader[] = [];
let busy = 0;
const waiting: (() => void)[] = [];
let nextJob = 1;
/** one idle worker is kept ready (keepSheetReaderWarm) */
let keepOne = false;

/**
 * Starts a worker now and keeps one ready from then on (also after a worker is terminated), so
 * an upload does not wait for a worker to load. Called at boot when config.warmUp.
 */
export function keepSheetReaderWarm() {
  keepOne = true;
  if (idleReaders.length === 0 && busy === 0) idleReaders.push(startReader(SHEET_LIMITS.memoryMb));
}

function startReader(memoryMb: number): Reader {
  const worker = new Worker(SHEET_WORKER_ENTRY, {
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32 },
  });
  const reader: Reader = { worker, memoryMb, idle: null, job: null };
  worker.on('message', (answer: SheetAnswer) => {
    if (reader.job?.id === answer.id) reader.job.done(answer);
  });
  worker.on('error', (err: Error & { code?: string }) => {
    reader.job?.fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Invalid(TOO_MUCH_MEMORY) : err);
  });
  worker.on('exit', (code) => {
    forget(reader);
    reader.job?.fail(new Error(`sheet worker exited with ${code}`));
    if (keepOne && idleReaders.length === 0) idleReaders.push(startReader(SHEET_LIMITS.memoryMb));
  });
  // After the listeners: a 'message' listener refs the worker's port again, and a process that
  // read a sheet (a script, a CLI) then stayed alive for good.
  worker.unref();
  return reader;
}

function forget(reader: Reader) {
  if (reader.idle) clearTimeout(reader.idle);
  const i = idleReaders.indexOf(reader);
  if (i >= 0) idleReaders.splice(i, 1);
}

/** Waits for a free place (SHEET_READERS_MAX at once); returns its release. */
async function takePlace(): Promise<() => void> {
  if (busy >= SHEET_READERS_MAX) await new Promise<void>((resolve) => waiting.push(resolve));
  else busy++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    if (next) next();
    else busy--;
  };
}

/**
 * Reads the raw rows of `bytes` in a worker thread (`sheet-parse.ts#parseRows`): throws
 * SheetError (the file), or Invalid (code 2) when the zip's sizes, the time or the memory
 * limit refuse it.
 */
export async function parseInWorker(
  bytes: Buffer,
  rowsMax: number,
  limits: SheetLimits = SHEET_LIMITS,
): Promise<RawTable> {
  const release = await takePlace();
  let reader = idleReaders.pop();
  if (reader && reader.memoryMb !== limits.memoryMb) {
    void reader.worker.terminate();
    reader = undefined;
  }
  reader ??= startReader(limits.memoryMb);
  if (reader.idle) clearTimeout(reader.idle);
  reader.idle = null;
  const r = reader;
  const id = nextJob++;
  try {
    const copy = new Uint8Array(bytes.length);
    copy.set(bytes);
    const answer = await new Promise<SheetAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        r.job = null;
        forget(r);
        void r.worker.terminate();
        reject(new Invalid(TOO_SLOW));
      }, limits.timeMs);
      const end = () => {
        clearTimeout(timer);
        r.job = null;
      };
      r.job = {
        id,
        done: (a) => {
          end();
          resolve(a);
        },
        fail: (err) => {
          end();
          reject(err);
        },
      };
      r.worker.postMessage({ id, bytes: copy, rowsMax } satisfies SheetJob, [copy.buffer]);
    });
    // Done: the worker waits for the next upload, and ends when none comes.
    r.idle = setTimeout(() => {
      if (keepOne && idleReaders.length === 1) return;
      forget(r);
      void r.worker.terminate();
    }, SHEET_WORKER_IDLE_MS);
    r.idle.unref();
    idleReaders.push(r);
    if (answer.ok) return { rows: answer.rows, more: answer.more };
    if (answer.message === null) throw new Error('sheet worker failed');
    if (answer.tooLarge) throw new Invalid(answer.message);
    throw new SheetError(answer.message);
  } finally {
    release();
  }
}
