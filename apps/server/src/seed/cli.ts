/**
 * `npm run seed -- [--reset] [--cargo N] [--days N] [--quotations N] [--seed S]`
 *
 * Seeds the database named by DATABASE_URL, else the embedded PGlite under DATA_DIR (default
 * <repo>/data) + /pglite: migrates it, with --reset first empties every domain table, then
 * writes the demo data and prints one summary line. Without --reset an already seeded database
 * is left as it is.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadDatabaseConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DataDirInUseError } from '../db/lock.ts';
import { DEFAULT_QUOTATION_DAYS, DEFAULT_SEED, resetDemo, seedDemo, seedIsNeeded } from './index.ts';
import { DEMO_ACCOUNTS } from './users.ts';

function integerOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replaceAll('_', ''));
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a non-negative integer, got ${value}`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      cargo: { type: 'string' },
      days: { type: 'string' },
      quotations: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const cargo = integerOption(values.cargo, 'cargo', 20_000);
  const days = integerOption(values.days, 'days', DEFAULT_QUOTATION_DAYS);
  const quotationRows =
    values.quotations === undefined ? undefined : integerOption(values.quotations, 'quotations', 0);
  const seed = integerOption(values.seed, 'seed', DEFAULT_SEED);

  const { databaseUrl: url, dataDir } = loadDatabaseConfig();
  let database: Database;
  let where: string;
  if (url) {
    database = await openDatabase({ url });
    where = new URL(url).pathname.slice(1) || url;
  } else {
    const dir = path.join(dataDir, 'pglite');
    database = await openDatabase({ dataDir: dir });
    where = dir;
  }

  try {
    await database.migrate();
    if (values.reset) await resetDemo(database.db);
    else if (!(await seedIsNeeded(database.db))) {
      process.stdout.write(`${where} already holds data; run with --reset to replace it\n`);
      return;
    }
    const s = await seedDemo(database.db, {
      cargo,
      quotationDays: days,
      ...(quotationRows === undefined ? {} : { quotations: quotationRows }),
      seed,
      log: (msg) => process.stdout.write(`  ${msg}\n`),
    });
    process.stdout.write(
      `seeded ${where} (${database.engine}) in ${(s.ms / 1000).toFixed(1)} s: seed ${s.seed}, ${s.cargo} cargo, ` +
        `${s.quotations} quotations (${days} days to ${s.today}), ${s.companies} traders, ${s.users} users, ` +
        `${s.warehouses} warehouses; logins ${DEMO_ACCOUNTS.member.phone}/${DEMO_ACCOUNTS.member.password} ` +
        `(vip ${DEMO_ACCOUNTS.vip.phone}, trader ${DEMO_ACCOUNTS.trader.phone}, admin ${DEMO_ACCOUNTS.admin.phone}/${DEMO_ACCOUNTS.admin.password})\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  // A held data directory or a bad address is an expected situation: one clear line. Anything
  // else is a bug: the stack.
  if (err instanceof DataDirInUseError || err instanceof ConfigError)
    process.stderr.write(`${err.message}\n`);
  else process.stderr.write(`seed failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
