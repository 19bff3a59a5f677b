/**
 * Instances (or `npm run migrate` and a server) starting at once on an empty PostgreSQL database
 * (issue 32): both `migrate()` calls succeed, one behind the other's advisory lock, and each
 * migration is applied once. PostgreSQL only (`server-pg`): PGlite is one connection in one
 * process, where nothing runs at the same time.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { withClient } from '../test/db.ts';
import { migrationJournal, openDatabase } from './client.ts';

const target = inject('testDb');

describe.skipIf(target.engine !== 'postgres')('migrate on PostgreSQL', () => {
  it('two migrations started at once on an empty database both succeed and apply each file once', async () => {
    if (target.engine !== 'postgres') return;
    const templateUrl = new URL(target.templateUrl);
    // An empty database with the test database's collation (pg_trgm needs a UTF-8 LC_CTYPE).
    const name = `${decodeURIComponent(templateUrl.pathname.slice(1))}_m${randomBytes(5).toString('hex')}`;
    const { datcollate, datctype } = await withClient(templateUrl.toString(), async (client) => {
      const res = await client.query<{ datcollate: string; datctype: string }>(
        'select datcollate, datctype from pg_database where datname = current_database()',
      );
      return res.rows[0]!;
    });
    const adminUrl = new URL(target.templateUrl);
    adminUrl.pathname = '/postgres';
    await withClient(adminUrl.toString(), (client) =>
      client.query(
        `CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' ` +
          `LC_COLLATE '${datcollate}' LC_CTYPE '${datctype}'`,
      ),
    );
    const url = new URL(target.templateUrl);
    url.pathname = `/${name}`;
    const first = await openDatabase({ url: url.toString(), poolSize: 2 });
    const second = await openDatabase({ url: url.toString(), poolSize: 2 });
    try {
      const results = await Promise.allSettled([first.migrate(), second.migrate()]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);

      const journal = migrationJournal();
      const applied = await withClient(url.toString(), async (client) => {
        const res = await client.query<{ rows: number; hashes: number }>(
          'select count(*)::int as rows, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations',
        );
        return res.rows[0]!;
      });
      expect(applied).toEqual({ rows: journal.length, hashes: journal.length });
      // A third, later run finds nothing to do.
      await first.migrate();
    } finally {
      await first.close();
      await second.close();
      await withClient(adminUrl.toString(), (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    }
  });
});
