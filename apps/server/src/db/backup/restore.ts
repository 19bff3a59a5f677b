/**
 * Restoring a backup: checksums first, then the engine, migrations and an empty target (or
 * `force`), then the database and uploads, then the rows per table against the manifest.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { say } from '../../text.ts';
import { openDatabase } from '../client.ts';
import { lockDataDir } from '../lock.ts';
import { describeFile, hasFiles, isEmptyDir, libpqEnv, libpqUrl, run } from './files.ts';
import {
  BACKUP_FORMAT,
  BackupRefused,
  countRows,
  type Engine,
  gunzipAsync,
  type Installation,
  isArchive,
  knownMigrations,
  MANIFEST,
  type Manifest,
  pgliteQuery,
  UPLOADS,
} from './manifest.ts';

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
