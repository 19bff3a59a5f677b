/**
 * `npm run create-admin -- --phone 13800000000 [--password ...] [--name 运营]`
 *
 * Makes an operator: promotes an existing user to admin, or creates one (a password is then
 * required: 8-32 characters with letters and digits). Uses DATABASE_URL, else the embedded
 * database under DATA_DIR; stop the server first when it is embedded (PGlite is one process).
 */

import path from 'node:path';
import { parseArgs } from 'node:util';
import { PASSWORD_PATTERN, PHONE_PATTERN } from '@steelport/contracts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { makeAdmin } from '../modules/account/service.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { phone: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const phone = values.phone?.trim() ?? '';
  if (!new RegExp(PHONE_PATTERN).test(phone))
    throw new Error('--phone must be a mainland mobile number (11 digits)');
  if (values.password !== undefined && !new RegExp(PASSWORD_PATTERN).test(values.password)) {
    throw new Error('--password must be 8-32 characters with letters and digits');
  }
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    await database.migrate();
    const outcome = await makeAdmin(database.db, { phone, password: values.password, name: values.name });
    process.stdout.write(
      outcome.kind === 'promoted'
        ? `${phone} (${outcome.linkMan}) is now an operator (admin)\n`
        : `operator ${phone} created\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`create-admin: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
