/**
 * A fresh database for one test file, cloned from the template the global setup migrated:
 * an in-memory PGlite loaded from the dumped data directory, or a PostgreSQL database created
 * from the template database.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import './context.ts';

/**
 * Opens a private, migrated, empty database; `close()` also drops it on PostgreSQL. `thread`:
 * PGlite on a worker thread, as the server opens it.
 */
export async function openTestDatabase(opts: { thread?: boolean } = {}): Promise<Database> {
  const target = inject('testDb');
  if (target.engine === 'pglite') {
    const tar = await readFile(target.templateFile);
    return openDatabase({ loadDataDir: new Blob([tar]), ...opts });
  }

  const templateUrl = new URL(target.templateUrl);
  const template = decodeURIComponent(templateUrl.pathname.slice(1));
  const name = `${template}_t${randomBytes(5).toString('hex')}`;
  const adminUrl = new URL(target.templateUrl);
  adminUrl.pathname = '/postgres';
  await withClient(adminUrl.toString(), async (client) => {
    // Several workers copy the same template at once; PostgreSQL refuses a copy while another
    // session is connected to the template, so retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (err) {
        if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  const url = new URL(target.templateUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withClient(adminUrl.toString(), (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    },
  };
}

/** Runs `fn` with a client of its own on `url`, closed afterwards. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
