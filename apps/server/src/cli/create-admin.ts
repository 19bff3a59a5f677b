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
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/account/passwords.ts';

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
    const db = database.db;
    const [existing] = await db.select().from(users).where(eq(users.phone, phone));
    if (existing) {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            role: 'admin',
            ...(values.password ? { passwordHash: await hashPassword(values.password) } : {}),
            ...(values.name ? { linkMan: values.name } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, existing.id));
        await tx.insert(auditLog).values({
          action: 'user.promote_admin',
          entity: 'user',
          entityId: String(existing.id),
          before: { role: existing.role },
          after: { role: 'admin' },
        });
      });
      process.stdout.write(`${phone} (${existing.linkMan}) is now an operator (admin)\n`);
      return;
    }
    if (!values.password) throw new Error(`no user ${phone}: give --password to create the operator`);
    const [created] = await db
      .insert(users)
      .values({
        phone,
        passwordHash: await hashPassword(values.password),
        linkMan: values.name ?? '运营',
        role: 'admin',
      })
      .returning({ id: users.id });
    await db.insert(auditLog).values({
      action: 'user.create_admin',
      entity: 'user',
      entityId: String(created!.id),
      after: { phone, role: 'admin' },
    });
    process.stdout.write(`operator ${phone} created\n`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`create-admin: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
