/**
 * The worker thread that holds the embedded database when the server runs on PGlite
 * (`pglite-remote.ts` is its other side). PGlite runs PostgreSQL in WebAssembly on the thread
 * that calls it, and a query holds that thread until it is done: on the main thread every
 * request, /healthz and a cached answer waited behind each query of a burst. Here the queries
 * hold this thread and the main thread keeps answering.
 *
 * Messages are `PgliteRequest`s, each answered once by a `PgliteAnswer` with its id. A
 * transaction is PGlite's own (`transaction()`, which holds its lock until COMMIT or ROLLBACK, so
 * queries from outside wait as on the main thread): `begin` answers once it is open, the
 * transaction's queries carry its number, and `end` commits or rolls it back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';

/** What the main thread passes at start. */
export interface PgliteThreadData {
  dataDir?: string;
  /** a dumped data directory (tar) to start from instead of initdb */
  loadDataDir?: ArrayBuffer;
}

/** What the main thread asks; sent with an id as a `PgliteRequest`. */
export type PgliteCall =
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** type OIDs answered as PostgreSQL's text, unparsed (the parsers Drizzle passes) */
      rawTypes: number[];
      tx?: number;
    }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump'; compression: DumpCompression }
  | { op: 'close' };

export type PgliteRequest = { id: number } & PgliteCall;

export type DumpCompression = Parameters<PGlite['dumpDataDir']>[0];

/** A database error's fields (`code` is the SQLSTATE), which a thread boundary would drop. */
export interface ErrorFields {
  message: string;
  name: string;
  [field: string]: unknown;
}

export type PgliteAnswer = { id: number } & (
  | { ok: true; result: unknown }
  | { ok: false; error: ErrorFields }
);

/** The first message: the database is open (or could not be). */
export type PgliteStarted = { started: true } | { started: false; error: ErrorFields };

const port = parentPort!;
const data = workerData as PgliteThreadData;

/** Every own field of a thrown value that survives a structured clone (PGlite's DatabaseError). */
function errorFields(err: unknown): ErrorFields {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const fields: ErrorFields = { name: err.name, message: err.message };
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value))
      fields[key] = value;
  }
  return fields;
}

/** Leaves a value as the text PostgreSQL sent. */
const asText = (value: string) => value;

/** An open transaction: its handle and how to end it. */
interface OpenTx {
  tx: Transaction;
  end(commit: boolean): Promise<void>;
}

/** A rollback asked for by the main thread, thrown inside the transaction's callback. */
const ROLLBACK = Symbol('rollback');

let db: PGlite;
const open = new Map<number, OpenTx>();
let nextTx = 1;

/** Opens a transaction and keeps it open until `end`; resolves once BEGIN has run. */
function begin(): Promise<number> {
  return new Promise<number>((opened, failed) => {
    const number = nextTx++;
    let decide!: (commit: boolean) => void;
    const decided = new Promise<void>((resolve, reject) => {
      decide = (commit) => (commit ? resolve() : reject(ROLLBACK));
    });
    // PGlite commits when the callback returns and rolls back when it throws.
    const done = db
      .transaction(async (tx) => {
        open.set(number, {
          tx,
          end: async (commit) => {
            decide(commit);
            await done;
          },
        });
        opened(number);
        await decided;
      })
      .catch((err: unknown) => {
        if (err !== ROLLBACK) throw err;
      })
      .finally(() => open.delete(number));
    // BEGIN itself failed: the callback never ran (once it has, `opened` was called first).
    done.catch(failed);
  });
}

/** The handle a query runs on: the transaction it names, else the database. */
function on(tx: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (tx === undefined) return db;
  const open_ = open.get(tx);
  if (!open_) throw new Error(`transaction ${tx} is not open`);
  return open_.tx;
}

async function run(req: PgliteRequest): Promise<unknown> {
  switch (req.op) {
    case 'query': {
      const parsers = Object.fromEntries(req.rawTypes.map((oid) => [oid, asText]));
      const { rows, affectedRows, fields } = await on(req.tx).query(req.sql, req.params, {
        rowMode: req.rowMode,
        parsers,
      });
      return { rows, affectedRows, fields };
    }
    case 'exec':
      return (await on(req.tx).exec(req.sql)).map(({ rows, affectedRows, fields }) => ({
        rows,
        affectedRows,
        fields,
      }));
    case 'begin':
      return begin();
    case 'end': {
      const tx = open.get(req.tx);
      if (!tx) throw new Error(`transaction ${req.tx} is not open`);
      return tx.end(req.commit);
    }
    case 'dump':
      return (await db.dumpDataDir(req.compression)).arrayBuffer();
    case 'close':
      await db.close();
      return undefined;
  }
}

try {
  db = await PGlite.create({
    ...(data.dataDir ? { dataDir: data.dataDir } : {}),
    ...(data.loadDataDir ? { loadDataDir: new Blob([data.loadDataDir]) } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  port.postMessage({ started: true } satisfies PgliteStarted);
} catch (err) {
  port.postMessage({ started: false, error: errorFields(err) } satisfies PgliteStarted);
}

port.on('message', (req: PgliteRequest) => {
  run(req).then(
    (result) => port.postMessage({ id: req.id, ok: true, result } satisfies PgliteAnswer),
    (err: unknown) =>
      port.postMessage({ id: req.id, ok: false, error: errorFields(err) } satisfies PgliteAnswer),
  );
});
