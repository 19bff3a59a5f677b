/**
 * createTestApp(): the real application on a private database, for `app.inject` tests.
 * Configuration is the production parser fed a test environment, so tests exercise it too.
 */
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { openTestDatabase } from './db.ts';
import { sharedSchemaCompilers } from './schema-compilers.ts';

export interface TestApp {
  app: App;
  db: Db;
  database: Database;
  config: Config;
}

/** Builds the app on a fresh database; the caller closes it (`app.close()` closes both). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '.tmp/no-web-dist',
    ...env,
  });
  const database = await openTestDatabase();
  const app = await buildApp(config, database, {
    logger: false,
    closeDatabase: true,
    schemaCompilers: sharedSchemaCompilers,
  });
  await app.ready();
  return { app, db: database.db, database, config };
}

/**
 * Call at the top of a test file: the app is built before the file's tests and closed (its
 * database dropped) after them. The returned object is filled in by then.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env));
  });
  afterAll(async () => {
    await t.app?.close();
  });
  return t;
}
