/**
 * `npm run migrate` (development, through tsx) or `node apps/server/dist/cli/migrate.js`
 * (the compiled build): applies the committed migrations to the database named by DATABASE_URL,
 * else the embedded PGlite under DATA_DIR, and exits. The server migrates at start as well; this
 * runs them on their own first (a deployment's release step), under the same advisory lock on
 * PostgreSQL, so instances starting at the same time find nothing left to do. It needs only the
 * database's address, not the secrets the server requires in production.
 */
import path from 'node:path';
import { ConfigError, loadDatabaseConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirInUseError } from '../db/lock.ts';

async function main(): Promise<void> {
  const { databaseUrl, dataDir } = loadDatabaseConfig();
  const where = databaseUrl
    ? new URL(databaseUrl).pathname.slice(1) || 'postgres'
    : path.join(dataDir, 'pglite');
  const started = Date.now();
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: where });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  process.stdout.write(`migrated ${where} (${database.engine}) in ${Date.now() - started} ms\n`);
}

main().catch((err: unknown) => {
  // An operator's problem (a bad address, a server still holding the data directory): one line.
  const message = err instanceof Error ? err.message : String(err);
  const known = err instanceof ConfigError || err instanceof DataDirInUseError;
  process.stderr.write(`migrate: ${known ? message : `cannot migrate the database: ${message}`}\n`);
  process.exit(1);
});
