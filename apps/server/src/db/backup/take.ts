/**
 * Taking a backup: the database (pg_dump of one exported snapshot, or PGlite's data directory),
 * then the uploads, then the manifest.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { say } from '../../text.ts';
import { openDatabase } from '../client.ts';
import { copyTree, describeFile, isEmptyDir, libpqEnv, libpqUrl, run } from './files.ts';
import {
  BACKUP_FORMAT,
  BackupRefused,
  countRows,
  DUMP_FILE,
  gzipAsync,
  type Installation,
  isArchive,
  MANIFEST,
  type Manifest,
  pgliteQuery,
  type Taken,
  UPLOADS,
} from './manifest.ts';

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
