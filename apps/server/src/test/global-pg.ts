/**
 * PostgreSQL run: migrates the throwaway database named by TEST_DATABASE_URL once; each test
 * file then gets its own database created from it as a template. The database must use a UTF-8
 * character type (pg_trgm drops Chinese characters under plain C); .ci/run creates it so.
 */
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import './context.ts';

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const database = await openDatabase({ url, poolSize: 1 });
  await database.migrate();
  // A template must have no open connections while it is copied.
  await database.close();
  project.provide('testDb', { engine: 'postgres', templateUrl: url });
}
