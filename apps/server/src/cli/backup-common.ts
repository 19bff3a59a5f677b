/** What `npm run backup` and `npm run restore` share: where the installation is, and how a failure reads. */
import path from 'node:path';
import { ConfigError, invocationDir, loadDatabaseConfig } from '../config.ts';
import { BackupRefused, type Installation } from '../db/backup.ts';
import { DataDirInUseError } from '../db/lock.ts';
import { say } from '../text.ts';

/**
 * The database and uploads the server would use: DATABASE_URL, else DATA_DIR/pglite; and
 * DATA_DIR/uploads. Only those are read: a backup needs none of the server's secrets.
 */
export function installationOf(): Installation {
  const { databaseUrl, dataDir } = loadDatabaseConfig();
  const uploadsDir = path.join(dataDir, 'uploads');
  return databaseUrl
    ? { url: databaseUrl, uploadsDir }
    : { pgliteDir: path.join(dataDir, 'pglite'), uploadsDir };
}

/** A path the operator typed, from where it was typed (not the workspace folder npm runs in). */
export const operatorPath = (p: string) => path.resolve(invocationDir(), p);

export const usage = (line: string) => new BackupRefused(say(`用法：${line}`, `usage: ${line}`));

/** One clear message for what an operator can act on; the stack for anything else (a bug). */
export function describeFailure(err: unknown): string {
  if (err instanceof BackupRefused || err instanceof ConfigError) return err.message;
  if (err instanceof DataDirInUseError) {
    return `${err.message}\nThe database directory ${err.dataDir} is in use by process ${err.pid} (is the server running?); stop it first`;
  }
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}
