import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/**
 * The files that also run on PostgreSQL (`server-pg`, when TEST_DATABASE_URL is set): those whose
 * behaviour can differ between the engines. PGlite is PostgreSQL compiled to WebAssembly, one
 * connection in this process; what changes on a real server is the SQL's data (collation and
 * pg_trgm over Chinese, counts as strings), a pool of connections (transactions, row locks,
 * atomic counters racing), the shared store (Redis) and several instances. Every other file runs
 * once, on PGlite: pure rules, presenters and screens' answers that no engine changes.
 * A new test file that touches one of those belongs here (CONTRIBUTING.md, Tests).
 */
export const ENGINE_SENSITIVE = [
  // Search SQL: pg_trgm and collation over Chinese, counts, index-walking sorts.
  'src/modules/cargo/cargo.test.ts',
  'src/modules/quotation/quotation.test.ts',
  'src/modules/quotation/firm.test.ts',
  // Medians by percentile_cont and the day's stamp (sums of hashes): numeric and bigint types.
  'src/modules/price-table/price-table.test.ts',
  'src/modules/surplus/surplus.test.ts',
  'src/modules/article/news.test.ts',
  // The trade vocabulary's queries on stock, surplus and quotations (ranges, families, prefixes).
  'src/modules/search/vocabulary-api.test.ts',
  // Transactions, row locks and atomic counters on a pool of connections.
  'src/modules/cargo/unlock.test.ts',
  'src/modules/account/beans.test.ts',
  'src/modules/account/login.test.ts',
  'src/modules/account/lockout.test.ts',
  'src/modules/account/sms-budget.test.ts',
  'src/modules/account/qr.test.ts',
  'src/modules/vip/vip.test.ts',
  'src/modules/vip/settlement.test.ts',
  // Real providers' notifications, the query job and refunds through the doubles (issue 30).
  'src/modules/vip/providers.test.ts',
  // 企业会员 seats: the membership_periods view and its seat-count subquery.
  'src/modules/seats/seats.test.ts',
  'src/modules/admin-vip/admin-vip.test.ts',
  'src/modules/inspection/inspection.test.ts',
  'src/modules/admin-market/admin-market.test.ts',
  'src/modules/trader/trader.test.ts',
  'src/modules/trader-import/import.test.ts',
  // Sheets read in worker threads while the event loop answers /healthz; preview quotas in the
  // shared store (issue 28).
  'src/modules/trader-import/sheet-limits.test.ts',
  'src/modules/api-key/sync.test.ts',
  // Database features: the audit trigger, the company-name key (normalize), index aggregates
  // and recomputation, the seed's bulk writes, the health check.
  'src/modules/audit/audit.test.ts',
  'src/modules/account/company-name.test.ts',
  'src/modules/steel-index/steel-index.test.ts',
  'src/modules/steel-index/weekly.test.ts',
  'src/seed/seed.test.ts',
  'src/app.test.ts',
  // Backup and restore: pg_dump/pg_restore on PostgreSQL, the data directory's dump on PGlite.
  'src/cli/backup.test.ts',
  // Probes and metrics (issue 32): the pool's figures, /readyz on a closed pool, Redis errors.
  'src/modules/ops/metrics.test.ts',
  // Migrations started at once on an empty database, behind the advisory lock (issue 32).
  'src/db/migrate.test.ts',
  // The shared store and several instances (Redis when TEST_REDIS_URL is set).
  'src/store/store.test.ts',
  'src/modules/account/lockout-redis.test.ts',
  'src/modules/subscription/subscription.test.ts',
  'src/modules/subscription/stream.test.ts',
  // Every documented operation with hostile values: an engine that refuses a value differently
  // must still answer with the envelope, never a 500.
  'src/openapi-fuzz.test.ts',
];

/**
 * Server tests on a fresh database per file, cloned from a template migrated once by the global
 * setup: PGlite by default; PostgreSQL for the `server-pg` project the root config adds when
 * TEST_DATABASE_URL is set, over ENGINE_SENSITIVE only.
 */
export function serverProject(engine: 'pglite' | 'postgres') {
  return defineProject({
    test: {
      name: engine === 'pglite' ? 'server' : 'server-pg',
      root: fileURLToPath(new URL('.', import.meta.url)),
      environment: 'node',
      include: engine === 'pglite' ? ['src/**/*.test.ts'] : ENGINE_SENSITIVE,
      globalSetup: [engine === 'pglite' ? 'src/test/global-pglite.ts' : 'src/test/global-pg.ts'],
      // The files share a worker's imported modules instead of importing the app again each:
      // every file builds its own app on its own database (createTestApp), and a test that fakes
      // time restores it. Importing per file took 82 s of worker time over both passes; shared,
      // 18 s.
      isolate: false,
      testTimeout: 30000,
      hookTimeout: 60000,
    },
  });
}

export default serverProject('pglite');
