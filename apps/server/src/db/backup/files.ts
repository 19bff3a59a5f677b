/**
 * What backup and restore share below the database: running the PostgreSQL client programs
 * (the password through the environment, not the process list), and files with their checksums.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { say } from '../../text.ts';
import { BackupRefused, type ManifestFile } from './manifest.ts';

/** The URL without its password, which goes to libpq through the environment (not the process list). */
export function libpqUrl(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString();
}

/**
 * The environment of a PostgreSQL client program: this process's own (PATH, locale, libpq's
 * PGSSLMODE and the like, which the program reads itself) plus the password. Handing the
 * inherited environment to a child is not reading configuration, so it stays out of config.ts.
 */
export function libpqEnv(url: string): NodeJS.ProcessEnv {
  const password = decodeURIComponent(new URL(url).password);
  return password ? { ...process.env, PGPASSWORD: password } : { ...process.env };
}

/** Runs a program (in this process's environment unless `env`); rejects with its last lines of stderr when it fails. */
export function run(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...(env ? { env } : {}), stdio: ['ignore', 'ignore', 'pipe'] });
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

/** Whether `dir` is a directory with nothing in it. */
export async function isEmptyDir(dir: string): Promise<boolean> {
  return (await stat(dir)).isDirectory() && (await readdir(dir)).length === 0;
}

/** Whether `dir` exists and holds anything. */
export async function hasFiles(dir: string): Promise<boolean> {
  return existsSync(dir) && (await readdir(dir)).length > 0;
}

/** A file's size and sha256, read as a stream (a dump can be larger than memory). */
export async function describeFile(root: string, rel: string): Promise<ManifestFile> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path.join(root, rel))) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { path: rel, bytes, sha256: hash.digest('hex') };
}

/** Copies the files under `from` into `root`/`rel` (not names starting with a dot: half-written uploads). */
export async function copyTree(from: string, root: string, rel: string): Promise<ManifestFile[]> {
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
