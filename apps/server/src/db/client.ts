/**
 * One database interface over two engines: PGlite (PostgreSQL in WASM, data under DATA_DIR) when
 * no DATABASE_URL is given, a node-postgres pool otherwise. The same Drizzle schema, queries and
 * migrations run on both, so tests on PGlite say something about production.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './lock.ts';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';
import { RemotePglite } from './pglite-remote.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept `Db | Tx` as their optional last argument. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * The pool's connections for the metrics: PostgreSQL's pg.Pool counts; PGlite is one
   * connection whose queue it does not show, reported as 1 idle, 0 waiting.
   */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the data directory as a tarball (the test helper clones a migrated template). */
  dump?(): Promise<Blob>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** A migration of this build, as drizzle-kit's journal lists it (oldest first). */
export interface JournalEntry {
  tag: string;
  /** when it was generated (ms); the migrator records it as `created_at` once applied */
  when: number;
}

let journal: readonly JournalEntry[] | undefined;

/** This build's migrations, from the journal beside them; read once. */
export function migrationJournal(): readonly JournalEntry[] {
  journal ??= (
    JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
  return journal;
}
/** Any fixed number: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 727_001;

export interface OpenOptions {
  /** postgres://... ; absent means embedded PGlite */
  url?: string;
  /** PGlite data directory; absent means in memory */
  dataDir?: string;
  /** PGlite: start from a dumped data directory instead of initdb */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * PGlite: run the database on a worker thread (`pglite-remote.ts`), so this thread answers
   * while queries run. The server does; scripts and tests, which serve nobody, need not.
   */
  thread?: boolean;
}

/** Opens the database the options describe. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts.poolSize ?? 10) : openPglite(opts);
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  let release = () => {};
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    // PGlite does not lock its directory itself; a second opener would corrupt it.
    release = lockDataDir(opts.dataDir);
  }
  const dataDir = opts.dataDir ? { dataDir: opts.dataDir } : {};
  let client: PGlite | RemotePglite;
  try {
    client = opts.thread
      ? await RemotePglite.start({
          ...dataDir,
          ...(opts.loadDataDir ? { loadDataDir: await opts.loadDataDir.arrayBuffer() } : {}),
        })
      : await PGlite.create({
          ...dataDir,
          ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
          extensions: PGLITE_EXTENSIONS,
        });
  } catch (err) {
    release();
    throw err;
  }
  // RemotePglite has the part of PGlite's interface that Drizzle's driver calls.
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    // PGlite is single-connection and single-process: no lock needed.
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
      release();
    },
    dump: async () => client.dumpDataDir('none'),
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    migrate: async () => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        conn.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * Awaits lazy Drizzle queries one after another. A transaction is one connection, and
 * node-postgres runs one query at a time on a connection (Promise.all on it is deprecated and
 * gains nothing); on the pool, prefer Promise.all.
 */
export async function inSequence<T extends readonly unknown[]>(
  queries: readonly [...{ [K in keyof T]: PromiseLike<T[K]> }],
): Promise<T> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as unknown as T;
}
