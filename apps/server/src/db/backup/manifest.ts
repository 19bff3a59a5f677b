/**
 * What a backup is: its manifest, the refusal an operator reads, and the row counts both a
 * backup and a restore take.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { LocalText } from '../../text.ts';
import { type Database, migrationJournal } from '../client.ts';

/** gzip and gunzip of a whole buffer (the PGlite data directory's archive). */
export const gzipAsync = promisify(gzip);
export const gunzipAsync = promisify(gunzip);

export const BACKUP_FORMAT = 'steelport-backup';
/** The names inside a backup: the manifest, the uploads' folder, the database's file per engine. */
export const MANIFEST = 'manifest.json';
export const UPLOADS = 'uploads';
export const DUMP_FILE = { postgres: 'database.dump', pglite: 'database.tar.gz' } as const;
/** The schemas a backup counts: ours and drizzle's migration bookkeeping. */
const SCHEMAS = ['public', 'drizzle'];

export type Engine = 'pglite' | 'postgres';

/** Where the installation lives: a PostgreSQL URL or a PGlite data directory, and the uploads. */
export type Installation = ({ url: string } | { pgliteDir: string }) & { uploadsDir: string };

/** One file of a backup with its size and sha256. */
export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

/** manifest.json: what a backup took. */
export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  engine: Engine;
  createdAt: string;
  /** drizzle's applied migrations: how many, and the `when` of the newest */
  migrations: { count: number; latest: number | null };
  /** rows per table, `schema.table` */
  tables: Record<string, number>;
  database: ManifestFile;
  uploads: ManifestFile[];
}

/** A refusal an operator can act on: one line in each language, no stack. */
export class BackupRefused extends Error {
  constructor(readonly text: LocalText) {
    super(`${text.zh}\n${text.en}`);
  }
}

/** Whether `target` names an archive rather than a directory. */
export const isArchive = (target: string) => /\.(tar\.gz|tgz)$/i.test(target);

/** The migrations this code knows, from the committed journal. */
export function knownMigrations(): { count: number; whens: number[] } {
  const entries = migrationJournal();
  return { count: entries.length, whens: entries.map((e) => e.when) };
}

/** What a dump took: its file in the backup, the applied migrations and rows per table. */
export interface Taken {
  file: string;
  migrations: Manifest['migrations'];
  tables: Record<string, number>;
}

/** A quoted SQL identifier. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Plain SQL over an open PGlite database, rows as objects. */
export const pgliteQuery =
  (database: Database): Query =>
  async (text) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Rows per base table of SCHEMAS, and the applied migrations. */
export async function countRows(query: Query): Promise<Omit<Taken, 'file'>> {
  const list = await query(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in (${SCHEMAS.map((s) => `'${s}'`).join(', ')})
      order by 1, 2`,
  );
  const tables: Record<string, number> = {};
  for (const { s, t } of list as { s: string; t: string }[]) {
    const [row] = await query(`select count(*)::int as n from ${ident(s)}.${ident(t)}`);
    tables[`${s}.${t}`] = Number(row!.n);
  }
  let migrations: Manifest['migrations'] = { count: 0, latest: null };
  if ('drizzle.__drizzle_migrations' in tables) {
    const [row] = await query(
      'select count(*)::int as n, max(created_at)::text as latest from drizzle.__drizzle_migrations',
    );
    migrations = { count: Number(row!.n), latest: row!.latest == null ? null : Number(row!.latest) };
  }
  return { migrations, tables };
}
