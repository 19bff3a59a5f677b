/**
 * `npm run restore -- <dir | file.tar.gz> [--force]`
 *
 * Restores a backup of `npm run backup` into the database of DATABASE_URL (an empty database,
 * with pg_restore), else into the embedded PGlite directory under DATA_DIR (which must not
 * exist), and puts the uploaded files back under DATA_DIR/uploads. Checks every checksum first;
 * refuses a target that holds data unless --force (the old data directory and uploads are then
 * moved aside, a PostgreSQL database is emptied), a backup of the other engine, and one whose
 * migrations are newer than this code. Stop the server first.
 */
import { parseArgs } from 'node:util';
import { restore } from '../db/backup.ts';
import { describeFailure, installationOf, operatorPath, usage } from './backup-common.ts';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw usage('npm run restore -- <dir | file.tar.gz> [--force]');
  const source = operatorPath(positionals[0]!);
  const started = Date.now();
  const manifest = await restore(source, installationOf(), {
    force: values.force,
    log: (line) => process.stdout.write(`  ${line}\n`),
  });
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  process.stdout.write(
    `恢复完成 / restored: ${source} of ${manifest.createdAt} (${manifest.engine}, ${rows} rows checked, ` +
      `${manifest.uploads.length} uploaded files) in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `start the server, which applies any newer migrations\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`restore: ${describeFailure(err)}\n`);
  process.exit(1);
});
