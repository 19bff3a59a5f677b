/**
 * The embedded database on a worker thread (`pglite-thread.ts`), behind the part of PGlite's
 * interface that Drizzle's PGlite driver and `client.ts` call: `query`, `exec`, `transaction`,
 * `dumpDataDir`, `close`. The server opens PGlite this way so that its main thread answers
 * /healthz and cached pages while a burst of queries runs (issue 32, item 7); scripts and tests,
 * which serve nobody, keep PGlite on their own thread and skip a thread's start.
 *
 * Two things do not cross a thread as they are, and are carried over here:
 *   - a query's `parsers` are functions. Drizzle passes only "leave this type as text" for the
 *     date, time and numeric-array types; they go as the list of those type OIDs, and any other
 *     parser is refused rather than silently dropped;
 *   - a database error's fields (`code`, `constraint`, `detail`...), which a structured clone of
 *     an Error drops: they come as a plain object and are set on an Error made here.
 */
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type {
  DumpCompression,
  ErrorFields,
  PgliteAnswer,
  PgliteCall,
  PgliteRequest,
  PgliteStarted,
  PgliteThreadData,
} from './pglite-thread.ts';

/**
 * The worker's entry. Under tsx (`npm start`, tests) a shim that registers tsx's loader and
 * loads `pglite-thread.ts`; in the compiled build the emitted `pglite-thread.js` itself.
 */
export const PGLITE_THREAD_ENTRY = new URL(
  import.meta.url.endsWith('.js') ? './pglite-thread.js' : './pglite-thread.mjs',
  import.meta.url,
);

/** What a query or a transaction's query runs on. */
type Handle = Pick<Transaction, 'query' | 'exec'>;

/** A database error as the caller's code sees it: an Error with PGlite's fields (`code`...). */
function toError(fields: ErrorFields): Error {
  const { message, name, ...rest } = fields;
  return Object.assign(new Error(message), rest, { name });
}

/** The OIDs of `parsers`, each of which must leave its text as it is. */
function rawTypes(parsers: QueryOptions['parsers']): number[] {
  const oids: number[] = [];
  for (const [oid, parse] of Object.entries(parsers ?? {})) {
    const probe = '2026-01-01';
    if (parse(probe, Number(oid)) !== probe) {
      throw new Error(
        `a parser for type ${oid} cannot run on the database thread: only text is passed through`,
      );
    }
    oids.push(Number(oid));
  }
  return oids;
}

export class RemotePglite {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  #nextId = 1;
  /** answers received and not yet handed to their callers */
  readonly #answers: PgliteAnswer[] = [];
  /** why the thread is gone, once it is */
  #stopped: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (answer: PgliteAnswer) => {
      this.#answers.push(answer);
      if (this.#answers.length === 1) setImmediate(this.#settleOne);
    });
    const stop = (err: Error) => {
      this.#stopped ??= err;
      for (const call of this.#pending.values()) call.reject(this.#stopped);
      this.#pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /**
   * Hands one answer to its caller per turn of the event loop. Node delivers every message
   * waiting on a port in one go, each caller's continuation (mapping rows, rendering, writing
   * the reply) running before the next: under a burst that is a hundred replies' work in one
   * block, and a /healthz probe waited behind it. One per turn lets sockets be read between them.
   */
  readonly #settleOne = () => {
    const answer = this.#answers.shift()!;
    if (this.#answers.length > 0) setImmediate(this.#settleOne);
    const call = this.#pending.get(answer.id);
    if (!call) return;
    this.#pending.delete(answer.id);
    if (answer.ok) call.resolve(answer.result);
    else call.reject(toError(answer.error));
  };

  /** Starts the thread and opens the database in it; rejects with the reason it could not. */
  static async start(data: PgliteThreadData): Promise<RemotePglite> {
    const worker = new Worker(PGLITE_THREAD_ENTRY, { workerData: data });
    let settle!: { started(msg: PgliteStarted): void; failed(err: Error): void };
    const failed = (code: number) =>
      settle.failed(new Error(`the database thread stopped (exit code ${code})`));
    const started = await new Promise<PgliteStarted>((resolve, reject) => {
      settle = { started: resolve, failed: reject };
      worker.once('message', settle.started).once('error', settle.failed).once('exit', failed);
    }).finally(() => {
      // Only these: the Worker's own listeners start and stop its message port.
      worker.off('message', settle.started).off('error', settle.failed).off('exit', failed);
    });
    if (!started.started) {
      await worker.terminate();
      throw toError(started.error);
    }
    return new RemotePglite(worker);
  }

  #call<T>(req: PgliteCall): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...req, id } satisfies PgliteRequest);
    });
  }

  #handle(tx?: number): Handle {
    return {
      query: async <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
        this.#call<Results<T>>({
          op: 'query',
          sql,
          params,
          rowMode: options.rowMode ?? 'object',
          rawTypes: rawTypes(options.parsers),
          ...(tx === undefined ? {} : { tx }),
        }),
      exec: (sql: string) => this.#call<Results[]>({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) }),
    };
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#handle().query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#handle().exec(sql);
  }

  /**
   * Runs `work` in one transaction on the thread: committed when it resolves, rolled back when
   * it throws (its error is what the caller gets). Other queries wait until it ends, as on PGlite.
   */
  async transaction<T>(work: (tx: Handle) => Promise<T>): Promise<T> {
    const tx = await this.#call<number>({ op: 'begin' });
    let result: T;
    try {
      result = await work(this.#handle(tx));
    } catch (err) {
      await this.#call({ op: 'end', tx, commit: false }).catch(() => {});
      throw err;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  async dumpDataDir(compression: DumpCompression = 'auto'): Promise<Blob> {
    return new Blob([await this.#call<ArrayBuffer>({ op: 'dump', compression })]);
  }

  /** Closes the database (its last writes reach the data directory), then ends the thread. */
  async close(): Promise<void> {
    if (!this.#stopped) await this.#call({ op: 'close' });
    await this.#worker.terminate();
  }
}
