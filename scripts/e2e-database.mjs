#!/usr/bin/env node
/**
 * The end-to-end server's throwaway PostgreSQL database. When TEST_DATABASE_URL names a
 * PostgreSQL server (CI), the e2e server runs there instead of on PGlite: PGlite is PostgreSQL
 * compiled to WASM in the server's own process, and it made the first start (migrate, seed 2,000
 * lots) take 112 s against 65 s, and every request cost the server's process more CPU, on a
 * machine where Chromium already takes both cores.
 *
 * playwright.config.ts names it `<TEST_DATABASE_URL's database>_e2e_<port>`, so two runs side by side never
 * share one; .ci/run's cleanup drops `<db>_e2e%` whatever happens. Only a database whose name
 * ends that way is ever dropped here, so a developer's own DATABASE_URL cannot be wiped.
 *
 * `node scripts/e2e-database.mjs drop <url>` drops it (start.mjs calls it when the server exits).
 */
import pg from 'pg';

const E2E_NAME = /_e2e_\d+$/;

/** Whether `url` names a database this script made (and so may drop). */
export function isE2eDatabase(url) {
  return E2E_NAME.test(decodeURIComponent(new URL(url).pathname.slice(1)));
}

/** Runs `sql` on the server of `url`, connected to the database it was named after (TEST_DATABASE_URL's). */
async function onServer(url, sql) {
  const admin = new URL(url);
  admin.pathname = `/${decodeURIComponent(admin.pathname.slice(1)).replace(E2E_NAME, '')}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function quoted(url) {
  return `"${decodeURIComponent(new URL(url).pathname.slice(1)).replaceAll('"', '""')}"`;
}

/** Drops the e2e database of `url` if it exists, closing whatever still holds it. */
export async function dropE2eDatabase(url) {
  if (!isE2eDatabase(url)) throw new Error(`not an e2e database: ${url}`);
  await onServer(url, `DROP DATABASE IF EXISTS ${quoted(url)} WITH (FORCE)`);
}

/**
 * Drops and creates the e2e database of `url`, empty: the server migrates and seeds it on start
 * (E2E_FRESH). UTF-8 with a UTF-8 character type, as CI's own database: pg_trgm drops Chinese
 * characters under plain C.
 */
export async function recreateE2eDatabase(url) {
  await dropE2eDatabase(url);
  await onServer(
    url,
    `CREATE DATABASE ${quoted(url)} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
  );
}

if (process.argv[2] === 'drop' && process.argv[3]) await dropE2eDatabase(process.argv[3]);
