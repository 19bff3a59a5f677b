/**
 * Backup and restore of one installation: the database and the uploaded files (DATA_DIR/uploads),
 * with a manifest that says what was taken (engine, time, migrations, rows per table, checksums
 * of every file). Used by `npm run backup` and `npm run restore` (src/cli/).
 *
 * A backup is a directory, or the same directory packed as `.tar.gz` / `.tgz`:
 *   manifest.json        engine, time, migrations, rows per table, sha256 of each file below
 *   database.dump        PostgreSQL: `pg_dump --format=custom` (restored with pg_restore)
 *   database.tar.gz      PGlite: the data directory (`dumpDataDir`, loaded with `loadDataDir`)
 *   uploads/<key>        the uploaded files
 *
 * PostgreSQL is backed up while the server runs: the row counts and pg_dump read one exported
 * snapshot, and the uploads are copied after it (a file is written before its row, so every row
 * of the snapshot has its file). PGlite is one process: its backup takes the data directory's
 * lock, so the server must be stopped, and a held lock refuses with DataDirInUseError.
 *
 * A restore checks every checksum first, then refuses a backup from another engine, one whose
 * migrations this code does not know, and a target that holds data (a database with tables, a
 * PGlite directory or uploads that exist) unless `force`: then the old data directory and uploads
 * are moved aside (`<name>.replaced-<time>`) and a PostgreSQL database's schemas are dropped. It
 * ends by counting the rows of every table against the manifest.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type LocalText, say } from '../text.ts';
import { type Database, migrationJournal, openDatabase } from './client.ts';
import { lockDataDir } from './lock.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export const BACKUP_FORMAT = 'steelport-backup';
const MANIFEST = 'manifest.json';
const UPLOADS = 'uploads';
const DUMP_FILE = { postgres: 'database.dump', pglite: 'database.tar.gz' } as const;
/** The schemas a backup counts: ours and drizzle's migration bookkeeping. */
const SCHEMAS = ['public', 'drizzle'];

export type Engine = 'pglite' | 'postgres';

/** Where the installation lives: a PostgreSQL URL or a PGlite data directory, and the uploads. */
export type Installation = ({ url: string } | { pgliteDir: string }) & { uploadsDir: string };

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

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

// ---------------------------------------------------------------------------------------------
// backup

/** Writes a backup of `from` to `target` (a new directory, or a `.tar.gz`); returns its manifest. */
export async function backup(from: Installation, target: string): Promise<Manifest> {
  const out = path.resolve(target);
  if (existsSync(out) && !(isArchive(out) ? false : await isEmptyDir(out))) {
    throw new BackupRefused(
      say(
        `备份目标 ${out} 已存在，请换一个新的文件或目录`,
        `The backup target ${out} already exists; name a new file or directory`,
      ),
    );
  }
  await mkdir(path.dirname(out), { recursive: true });
  // An archive is staged beside it: same disk, and the space it needs is where the operator chose.
  const dir = isArchive(out) ? await mkdtemp(path.join(path.dirname(out), '.steelport-backup-')) : out;
  try {
    await mkdir(dir, { recursive: true });
    const taken = 'url' in from ? await dumpPostgres(from.url, dir) : await dumpPglite(from.pgliteDir, dir);
    // After the database: a file is written before its row, so every row taken has its file.
    const uploads = await copyTree(from.uploadsDir, dir, UPLOADS);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: 1,
      engine: 'url' in from ? 'postgres' : 'pglite',
      createdAt: new Date().toISOString(),
      migrations: taken.migrations,
      tables: taken.tables,
      database: await describeFile(dir, taken.file),
      uploads,
    };
    await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    if (isArchive(out)) await run('tar', ['-czf', out, '-C', dir, '.']);
    return manifest;
  } catch (err) {
    // Nothing half-written is left to be mistaken for a backup (the target did not exist).
    await rm(isArchive(out) ? out : dir, { recursive: true, force: true });
    throw err;
  } finally {
    if (isArchive(out)) await rm(dir, { recursive: true, force: true });
  }
}

interface Taken {
  file: string;
  migrations: Manifest['migrations'];
  tables: Record<string, number>;
}

async function dumpPostgres(url: string, dir: string): Promise<Taken> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One snapshot for the counts and pg_dump, so the manifest describes exactly the dump.
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const query = async (text: string) => (await client.query(text)).rows as Record<string, unknown>[];
    const counted = await countRows(query);
    const file = DUMP_FILE.postgres;
    await run(
      'pg_dump',
      [
        '--format=custom',
        `--snapshot=${rows[0]!.id}`,
        `--file=${path.join(dir, file)}`,
        '--dbname',
        libpqUrl(url),
      ],
      libpqEnv(url),
    );
    await client.query('commit');
    return { file, ...counted };
  } finally {
    await client.end();
  }
}

async function dumpPglite(dataDir: string, dir: string): Promise<Taken> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupRefused(
      say(`数据库目录 ${dataDir} 中没有数据库`, `There is no database in the data directory ${dataDir}`),
    );
  }
  // Takes the directory's lock: refuses with DataDirInUseError while the server runs.
  const database = await openDatabase({ dataDir });
  try {
    const counted = await countRows(pgliteQuery(database));
    const file = DUMP_FILE.pglite;
    const tarball = Buffer.from(await (await database.dump!()).arrayBuffer());
    // Mostly empty pages: the fastest level already shrinks it several times.
    await writeFile(path.join(dir, file), await gzipAsync(tarball, { level: 1 }));
    return { file, ...counted };
  } finally {
    await database.close();
  }
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const pgliteQuery =
  (database: Database): Query =>
  async (text) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Rows per base table of SCHEMAS, and the applied migrations. */
async function countRows(query: Query): Promise<Omit<Taken, 'file'>> {
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

// ---------------------------------------------------------------------------------------------
// restore

export interface RestoreOptions {
  /** replace a target that holds data (its old data directory and uploads are moved aside) */
  force?: boolean;
  /** reports what is done, one line at a time */
  log?: (line: string) => void;
}

/** Restores the backup at `source` into `to`; returns the backup's manifest. */
export async function restore(
  source: string,
  to: Installation,
  opts: RestoreOptions = {},
): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const from = path.resolve(source);
  if (!existsSync(from)) {
    throw new BackupRefused(say(`找不到备份 ${from}`, `No backup at ${from}`));
  }
  const dir = isArchive(from) ? await mkdtemp(path.join(os.tmpdir(), 'steelport-restore-')) : from;
  try {
    if (isArchive(from)) await run('tar', ['-xzf', from, '-C', dir]);
    const manifest = await readManifest(dir);
    await checkFiles(dir, manifest);
    const engine: Engine = 'url' in to ? 'postgres' : 'pglite';
    if (manifest.engine !== engine) {
      throw new BackupRefused(
        say(
          `这是 ${manifest.engine} 的备份，不能恢复到 ${engine}`,
          `This is a backup of ${manifest.engine}; it cannot be restored into ${engine}`,
        ),
      );
    }
    const known = knownMigrations();
    if (
      manifest.migrations.count > known.count ||
      (manifest.migrations.latest !== null && !known.whens.includes(manifest.migrations.latest))
    ) {
      throw new BackupRefused(
        say(
          `备份的数据库结构比当前代码新（${manifest.migrations.count} 个迁移，代码只认识 ${known.count} 个），请先更新代码`,
          `The backup's schema is newer than this code (${manifest.migrations.count} migrations, the code knows ${known.count}); update the code first`,
        ),
      );
    }

    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const uploadsBusy = await hasFiles(to.uploadsDir);
    const restored =
      'url' in to
        ? await restorePostgres(
            to.url,
            path.join(dir, manifest.database.path),
            opts.force ?? false,
            uploadsBusy,
            log,
          )
        : await restorePglite(
            to.pgliteDir,
            path.join(dir, manifest.database.path),
            opts.force ?? false,
            uploadsBusy,
            stamp,
            log,
          );
    if (uploadsBusy) {
      const aside = `${to.uploadsDir}.replaced-${stamp}`;
      await rename(to.uploadsDir, aside);
      log(`旧的上传文件已移到 / old uploads moved to ${aside}`);
    } else {
      await rm(to.uploadsDir, { recursive: true, force: true });
    }
    await mkdir(to.uploadsDir, { recursive: true });
    for (const file of manifest.uploads) {
      const into = path.join(to.uploadsDir, path.relative(UPLOADS, file.path));
      await mkdir(path.dirname(into), { recursive: true });
      await copyFile(path.join(dir, file.path), into);
    }
    checkRows(manifest, restored);
    return manifest;
  } finally {
    if (isArchive(from)) await rm(dir, { recursive: true, force: true });
  }
}

/** Reads and checks a backup's manifest. */
export async function readManifest(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupRefused(
      say(
        `${dir} 不是钢市通的备份（没有可读的 ${MANIFEST}）`,
        `${dir} is not a SteelPort backup (no readable ${MANIFEST})`,
      ),
    );
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1) {
    throw new BackupRefused(
      say(`${dir} 不是本版本能读的备份`, `${dir} is not a backup this version can read`),
    );
  }
  return manifest;
}

/** Every file the manifest names is there with its size and sha256. */
async function checkFiles(dir: string, manifest: Manifest): Promise<void> {
  for (const file of [manifest.database, ...manifest.uploads]) {
    const full = path.join(dir, file.path);
    if (path.relative(dir, full).startsWith('..')) throw new Error(`bad path in manifest: ${file.path}`);
    const got = existsSync(full) ? await describeFile(dir, file.path) : null;
    if (!got || got.sha256 !== file.sha256 || got.bytes !== file.bytes) {
      throw new BackupRefused(
        say(
          `备份已损坏：${file.path} 缺失或校验和不符`,
          `The backup is damaged: ${file.path} is missing or its checksum differs`,
        ),
      );
    }
  }
}

async function restorePostgres(
  url: string,
  dump: string,
  force: boolean,
  uploadsBusy: boolean,
  log: (line: string) => void,
): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const busy = rows[0]!.n > 0;
    if ((busy || uploadsBusy) && !force) {
      throw new BackupRefused(
        say(
          `目标不是空的（数据库有 ${rows[0]!.n} 张表${uploadsBusy ? '，上传目录有文件' : ''}）；确认要替换请加 --force`,
          `The target is not empty (the database has ${rows[0]!.n} tables${uploadsBusy ? ', the uploads directory has files' : ''}); add --force to replace it`,
        ),
      );
    }
    if (busy) {
      await client.query(
        'drop schema if exists drizzle cascade; drop schema public cascade; create schema public',
      );
      log('已清空目标数据库 / emptied the target database');
    }
  } finally {
    await client.end();
  }
  // One transaction: a failed restore writes nothing. With --force the old schemas were dropped
  // above already, so the database is then left empty (the backup itself is untouched).
  await run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      libpqUrl(url),
      dump,
    ],
    libpqEnv(url),
  );
  log('数据库已恢复 / database restored');
  const counter = new pg.Client({ connectionString: url });
  await counter.connect();
  try {
    return (await countRows(async (text) => (await counter.query(text)).rows)).tables;
  } finally {
    await counter.end();
  }
}

async function restorePglite(
  dataDir: string,
  tarball: string,
  force: boolean,
  uploadsBusy: boolean,
  stamp: string,
  log: (line: string) => void,
): Promise<Record<string, number>> {
  await mkdir(path.dirname(dataDir), { recursive: true });
  // Refuses while the server holds the directory, before anything is touched.
  const release = lockDataDir(dataDir);
  try {
    const busy = existsSync(dataDir) && !(await isEmptyDir(dataDir));
    if ((busy || uploadsBusy) && !force) {
      throw new BackupRefused(
        say(
          `目标不是空的（${[busy ? `数据库目录 ${dataDir} 已存在` : '', uploadsBusy ? '上传目录有文件' : ''].filter(Boolean).join('，')}）；确认要替换请加 --force`,
          `The target is not empty (${[busy ? `the data directory ${dataDir} exists` : '', uploadsBusy ? 'the uploads directory has files' : ''].filter(Boolean).join(', ')}); add --force to replace it`,
        ),
      );
    }
    if (busy) {
      const aside = `${dataDir}.replaced-${stamp}`;
      await rename(dataDir, aside);
      log(`旧的数据库目录已移到 / old data directory moved to ${aside}`);
    } else {
      await rm(dataDir, { recursive: true, force: true });
    }
    const bytes = await gunzipAsync(await readFile(tarball));
    // Opening takes the lock again in this process (a lock of our own pid is taken over).
    const database = await openDatabase({
      dataDir,
      loadDataDir: new Blob([bytes]),
    });
    try {
      log('数据库已恢复 / database restored');
      return (await countRows(pgliteQuery(database))).tables;
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

/** The restored rows per table against the manifest's. */
function checkRows(manifest: Manifest, restored: Record<string, number>): void {
  const names = [...new Set([...Object.keys(manifest.tables), ...Object.keys(restored)])].sort();
  const wrong = names
    .filter((t) => manifest.tables[t] !== restored[t])
    .map((t) => `${t} ${manifest.tables[t] ?? '-'} -> ${restored[t] ?? '-'}`);
  if (wrong.length > 0) {
    throw new BackupRefused(
      say(
        `恢复后的行数与备份清单不符：${wrong.slice(0, 5).join('；')}`,
        `The restored row counts differ from the manifest: ${wrong.slice(0, 5).join('; ')}`,
      ),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// helpers

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The URL without its password, which goes to libpq through the environment (not the process list). */
function libpqUrl(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString();
}

function libpqEnv(url: string): NodeJS.ProcessEnv {
  const password = decodeURIComponent(new URL(url).password);
  return password ? { ...process.env, PGPASSWORD: password } : { ...process.env };
}

/** Runs a program; rejects with its last lines of stderr when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new BackupRefused(
              say(
                `找不到命令 ${command}，请安装它（PostgreSQL 客户端）`,
                `${command} not found; install it (the PostgreSQL client)`,
              ),
            )
          : err,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`));
    });
  });
}

async function isEmptyDir(dir: string): Promise<boolean> {
  return (await stat(dir)).isDirectory() && (await readdir(dir)).length === 0;
}

async function hasFiles(dir: string): Promise<boolean> {
  return existsSync(dir) && (await readdir(dir)).length > 0;
}

/** A file's size and sha256, read as a stream (a dump can be larger than memory). */
async function describeFile(root: string, rel: string): Promise<ManifestFile> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path.join(root, rel))) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { path: rel, bytes, sha256: hash.digest('hex') };
}

/** Copies the files under `from` into `root`/`rel` (not names starting with a dot: half-written uploads). */
async function copyTree(from: string, root: string, rel: string): Promise<ManifestFile[]> {
  if (!existsSync(from)) return [];
  const files: ManifestFile[] = [];
  const entries = await readdir(from, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const src = path.join(from, entry.name);
    const name = `${rel}/${entry.name}`;
    if (entry.isDirectory()) {
      files.push(...(await copyTree(src, root, name)));
    } else if (entry.isFile()) {
      await mkdir(path.join(root, rel), { recursive: true });
      await copyFile(src, path.join(root, name));
      files.push(await describeFile(root, name));
    }
  }
  return files;
}
