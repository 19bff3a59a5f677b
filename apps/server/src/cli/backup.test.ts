/**
 * Backup and restore on the engine of the run (PGlite; PostgreSQL in `server-pg`): a seeded
 * database with uploaded files is backed up and restored into a fresh place, and every table
 * (rows and an md5 of their text), every sequence and every file's sha256 come back the same.
 * Also the refusals an operator meets: a running server (PGlite), a target holding data, a
 * backup newer than the code.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BackupRefused, backup, type Installation, knownMigrations, restore } from '../db/backup.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DataDirInUseError } from '../db/lock.ts';
import { users } from '../db/schema/index.ts';
import { fileLinks, uploadService } from '../modules/upload/service.ts';
import { diskStore } from '../providers/storage/index.ts';
import { seedDemo } from '../seed/index.ts';
import { DEMO_ACCOUNTS } from '../seed/users.ts';
import '../test/context.ts';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const SMALL = {
  cargo: 300,
  surplus: 100,
  quotationDays: 2,
  indexDays: 10,
  now: new Date('2026-03-02T00:00:00+08:00'),
};
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('一张质保书照片'),
]);
const PDF = Buffer.from('%PDF-1.4\n质量证明书\n%%EOF\n');

const target = inject('testDb');
type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Rows and md5 of every base table of public and drizzle, and every sequence's position. */
async function fingerprint(query: Query): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const tables = (await query(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  )) as { s: string; t: string }[];
  for (const { s, t } of tables) {
    const [row] = await query(
      `select count(*)::int as n, md5(coalesce(string_agg(x::text, E'\\n' order by x::text collate "C"), '')) as h
         from "${s}"."${t}" x`,
    );
    out[`${s}.${t}`] = `${row!.n} ${row!.h}`;
  }
  const sequences = (await query(
    `select schemaname || '.' || sequencename as name, coalesce(last_value, 0)::text as v
       from pg_sequences where schemaname in ('public', 'drizzle') order by 1`,
  )) as { name: string; v: string }[];
  for (const { name, v } of sequences) out[`sequence ${name}`] = v;
  return out;
}

/** sha256 of every file under `dir`, by name. */
async function fileSums(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort()) {
    out[name] = createHash('sha256')
      .update(await readFile(path.join(dir, name)))
      .digest('hex');
  }
  return out;
}

/** Opens an installation's database, runs `fn` on a raw query, closes it. */
async function withQuery<T>(at: Installation, fn: (query: Query) => Promise<T>): Promise<T> {
  if ('url' in at) {
    const client = new pg.Client({ connectionString: at.url });
    await client.connect();
    try {
      return await fn(async (text) => (await client.query(text)).rows);
    } finally {
      await client.end();
    }
  }
  const database = await openDatabase({ dataDir: at.pgliteDir });
  try {
    return await fn(
      async (text) =>
        (
          (await database.db.execute(sql.raw(text))) as unknown as {
            rows: Record<string, unknown>[];
          }
        ).rows,
    );
  } finally {
    await database.close();
  }
}

/** Runs a command of src/cli through tsx, as `npm run` does, on the PGlite under `dataDir`. */
function runCli(
  file: string,
  args: string[],
  dataDir: string,
): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${file}`, ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, NODE_ENV: 'test' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

/** PostgreSQL: throwaway databases beside the test template, dropped at the end. */
function postgresServer(templateUrl: string) {
  const admin = new URL(templateUrl);
  admin.pathname = '/postgres';
  const template = decodeURIComponent(new URL(templateUrl).pathname.slice(1));
  const made: string[] = [];
  const exec = async (text: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };
  const urlOf = (name: string) => {
    const url = new URL(templateUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  return {
    /** A migrated, empty database (a copy of the template) or, `empty`, one without tables. */
    async create(suffix: string, empty: boolean): Promise<string> {
      const name = `${template}_b${suffix}${process.pid}`;
      made.push(name);
      await exec(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      if (empty) {
        const [t] = await exec(
          `select datcollate, datctype from pg_database where datname = '${template.replaceAll("'", "''")}'`,
        );
        await exec(
          `CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE '${t!.datcollate}' LC_CTYPE '${t!.datctype}'`,
        );
      } else {
        for (let attempt = 0; ; attempt++) {
          try {
            await exec(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
            break;
          } catch (err) {
            if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
            await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
          }
        }
      }
      return urlOf(name);
    },
    async dropAll() {
      for (const name of made) await exec(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

describe(`backup and restore (${target.engine})`, () => {
  let root: string;
  let source: Installation;
  let fresh: Installation;
  let dropAll = async () => {};
  let before: Record<string, string>;
  let uploadIds: number[];

  let cli: Promise<{ status: number | null; stderr: string }> | undefined;

  beforeAll(async () => {
    const started = Date.now();
    root = await mkdtemp(path.join(os.tmpdir(), 'h3-backup-test-'));
    let database: Database;
    if (target.engine === 'pglite') {
      source = {
        pgliteDir: path.join(root, 'source', 'pglite'),
        uploadsDir: path.join(root, 'source', 'uploads'),
      };
      fresh = {
        pgliteDir: path.join(root, 'fresh', 'pglite'),
        uploadsDir: path.join(root, 'fresh', 'uploads'),
      };
      const tar = await readFile(target.templateFile);
      database = await openDatabase({ dataDir: source.pgliteDir, loadDataDir: new Blob([tar]) });
      // While this process holds the directory, as a running server would, the command is run
      // (beside the seeding: it starts a second Node).
      cli = runCli('backup.ts', [path.join(root, 'refused-cli')], path.dirname(source.pgliteDir));
    } else {
      const server = postgresServer(target.templateUrl);
      dropAll = server.dropAll;
      const url = await server.create('src', false);
      source = { url, uploadsDir: path.join(root, 'source', 'uploads') };
      fresh = { url: await server.create('dst', true), uploadsDir: path.join(root, 'fresh', 'uploads') };
      database = await openDatabase({ url, poolSize: 2 });
    }
    try {
      await seedDemo(database.db, SMALL);
      // Files through the upload module's own path: checked, stored under DATA_DIR/uploads, recorded.
      const uploads = uploadService({
        db: database.db,
        files: diskStore(source.uploadsDir),
        links: fileLinks('b'.repeat(32)),
      });
      const [member] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.phone, DEMO_ACCOUNTS.member.phone));
      uploadIds = [
        (await uploads.save(member!.id, { filename: '质保书.png', bytes: PNG })).id,
        (await uploads.save(member!.id, { filename: 'certificate.pdf', bytes: PDF })).id,
      ];
      before = await fingerprint(
        async (text) =>
          ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows,
      );
      await cli;
    } finally {
      await database.close();
    }
    console.log(`backup.test (${target.engine}): source made in ${Date.now() - started} ms`);
  });

  afterAll(async () => {
    await dropAll();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it.runIf(target.engine === 'pglite')('refuses to back up a data directory the server holds', async () => {
    if (!('pgliteDir' in source)) return;
    // The command says so in one line per language and exits 1, with nothing written.
    const { status, stderr } = await cli!;
    expect(status, stderr).toBe(1);
    expect(stderr).toContain(`正被进程 ${process.pid} 使用`);
    expect(stderr).toContain(`is in use by process ${process.pid} (is the server running?)`);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(root, 'refused-cli'))).toBe(false);

    // The function refuses a lock of another live process (vitest's own) the same way.
    await writeFile(`${source.pgliteDir}.lock`, String(process.ppid));
    try {
      await expect(backup(source, path.join(root, 'refused'))).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(restore(path.join(root, 'refused'), fresh)).rejects.toThrow(/No backup at/);
    } finally {
      await rm(`${source.pgliteDir}.lock`, { force: true });
    }
  });

  it('restores the database and uploads exactly into a fresh place', async () => {
    const started = Date.now();
    // PGlite into a directory, PostgreSQL into an archive: both forms are covered.
    const file = path.join(root, target.engine === 'pglite' ? 'backup-dir' : 'backup.tar.gz');
    const manifest = await backup(source, file);
    const tookBackup = Date.now() - started;

    expect(manifest.engine).toBe(target.engine);
    expect(manifest.migrations.count).toBe(knownMigrations().count);
    expect(manifest.tables['public.cargo']).toBe(SMALL.cargo);
    // The manifest counts the rows of every table the fingerprint reads (30 generated photos + ours).
    expect(Object.keys(manifest.tables).sort()).toEqual(
      Object.keys(before).filter((k) => !k.startsWith('sequence ')),
    );
    for (const [table, rows] of Object.entries(manifest.tables))
      expect(before[table], table).toMatch(new RegExp(`^${rows} `));
    expect(manifest.tables['public.uploads']).toBeGreaterThanOrEqual(uploadIds.length);
    expect(manifest.tables['drizzle.__drizzle_migrations']).toBe(manifest.migrations.count);
    expect(manifest.uploads.map((u) => u.sha256).sort()).toEqual(
      [PNG, PDF].map((b) => createHash('sha256').update(b).digest('hex')).sort(),
    );

    await restore(file, fresh);
    const tookRestore = Date.now() - started - tookBackup;
    const after = await withQuery(fresh, fingerprint);
    expect(Object.keys(after).length).toBeGreaterThan(60);
    expect(after).toEqual(before);
    expect(await fileSums(fresh.uploadsDir)).toEqual(await fileSums(source.uploadsDir));
    console.log(`backup.test (${target.engine}): backup ${tookBackup} ms, restore ${tookRestore} ms`);

    // A second restore into the same place holds data now: refused, then forced.
    await expect(restore(file, fresh)).rejects.toThrow(/add --force/);
    const moved: string[] = [];
    // (restore itself counts every table's rows against the manifest)
    await restore(file, fresh, { force: true, log: (line) => moved.push(line) });
    expect(await fileSums(fresh.uploadsDir)).toEqual(await fileSums(source.uploadsDir));
    expect(moved.join('\n')).toMatch(/old uploads moved to .*uploads\.replaced-/);
    if ('pgliteDir' in fresh)
      expect(moved.join('\n')).toMatch(/old data directory moved to .*pglite\.replaced-/);
    else expect(moved.join('\n')).toMatch(/emptied the target database/);
  });

  it('refuses a backup whose migrations are newer than the code', async () => {
    const dir = path.join(root, 'from-the-future');
    await mkdir(dir);
    const dump = Buffer.from('not read: refused before');
    const name = target.engine === 'pglite' ? 'database.tar.gz' : 'database.dump';
    await writeFile(path.join(dir, name), dump);
    const known = knownMigrations();
    await writeFile(
      path.join(dir, 'manifest.json'),
      JSON.stringify({
        format: 'steelport-backup',
        version: 1,
        engine: target.engine,
        createdAt: new Date().toISOString(),
        migrations: { count: known.count + 1, latest: Date.now() },
        tables: {},
        database: { path: name, bytes: dump.length, sha256: createHash('sha256').update(dump).digest('hex') },
        uploads: [],
      }),
    );
    const elsewhere: Installation =
      'url' in fresh
        ? { ...fresh, uploadsDir: path.join(root, 'never') }
        : { pgliteDir: path.join(root, 'never', 'pglite'), uploadsDir: path.join(root, 'never', 'uploads') };
    const refusal = restore(dir, elsewhere);
    await expect(refusal).rejects.toBeInstanceOf(BackupRefused);
    await expect(refusal).rejects.toThrow(/newer than this code/);
    expect(existsSync(path.join(root, 'never'))).toBe(false);

    // A damaged file is refused before anything is touched, too.
    await writeFile(path.join(dir, name), 'changed');
    await expect(restore(dir, elsewhere)).rejects.toThrow(/damaged/);
  });
});
