/**
 * `npm run backup -- <dir | file.tar.gz>`
 *
 * Backs up the database (DATABASE_URL with pg_dump, else the embedded PGlite under DATA_DIR)
 * and the uploaded files (DATA_DIR/uploads) into a new directory or `.tar.gz`, with a manifest
 * (engine, time, migrations, rows per table, checksums). PostgreSQL may stay up; the embedded
 * database is one process, so stop the server first (a running one is refused). See
 * src/db/backup.ts and README "Backup and restore".
 */
import { parseArgs } from 'node:util';
import { backup } from '../db/backup.ts';
import { describeFailure, installationOf, operatorPath, usage } from './backup-common.ts';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw usage('npm run backup -- <dir | file.tar.gz>');
  const target = operatorPath(positionals[0]!);
  const started = Date.now();
  const manifest = await backup(installationOf(), target);
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  process.stdout.write(
    `备份完成 / backup written: ${target} (${manifest.engine}, ${Object.keys(manifest.tables).length} tables, ` +
      `${rows} rows, ${manifest.migrations.count} migrations, ${manifest.uploads.length} uploaded files) ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`backup: ${describeFailure(err)}\n`);
  process.exit(1);
});
