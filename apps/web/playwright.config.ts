/**
 * End-to-end tests in Debian's Chromium against the real server (scripts/start.mjs builds the
 * portal if stale, wipes the e2e database, migrates and seeds). Port 3211 keeps clear of a
 * developer's `npm start` on 3000; 3212 is the allowed embedding origin the embed spec fakes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webDir, '../..');
// E2E_PORT lets two engineers run the suite side by side (each with its own data directory and
// portal build);
// the embedding origin the embed spec fakes is the next port.
const port = Number(process.env.E2E_PORT ?? 3211);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * With TEST_DATABASE_URL (CI's PostgreSQL) the server runs on a database of its own on that
 * server, `<db>_e2e_<port>`, made empty at start and dropped at exit by scripts/start.mjs
 * (scripts/e2e-database.mjs); without it, on PGlite in the data directory. PGlite runs the
 * database in the server's process: its first start (migrate, seed) took 112 s against 65 s.
 */
function e2eDatabaseUrl(): string | undefined {
  const test = process.env.TEST_DATABASE_URL;
  if (!test) return undefined;
  const url = new URL(test);
  url.pathname = `${url.pathname}_e2e_${port}`;
  return url.toString();
}
const databaseUrl = e2eDatabaseUrl();

/**
 * Chromium's full headless mode opens a window for every new page, and each window started a
 * renderer for the omnibox's WebUI popup (chrome://omnibox-popup.top-chrome), which no test sees:
 * 0.3 CPU-seconds for a new context with an empty page (half of its cost), about 0.7 for a portal
 * page opened in a warm context (renderers 1.5-1.6 -> 0.8-0.9 CPU-s, browser 0.55 -> 0.38). The features that load it are switched off. Chromium reads only the last
 * `--disable-features`, so Playwright's own list (which it passes first) is repeated, read from
 * the installed Playwright so that an upgrade keeps its list; if its bundle no longer has it in
 * that form this throws rather than silently drop Playwright's switches.
 */
function disabledFeatures(): string {
  const bundle = readFileSync(
    createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'),
    'utf8',
  );
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
  const playwrights = [...(list ?? '').matchAll(/^\s*"(\w+)",?\s*$/gm)].map((match) => match[1]);
  if (playwrights.length === 0)
    throw new Error(
      'playwright.config.ts: Playwright’s --disable-features list was not found in playwright-core',
    );
  return [...playwrights, 'WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'].join(',');
}

/**
 * The operator's specs change what every screen shows (prices, banners, articles, the
 * vocabulary, service switches, VIP plans). The whole suite (`npm test`, which sets
 * E2E_FULL_RUN) runs them first, one at a time with nothing else running, and then the rest two
 * files at a time. A developer's run of a few specs runs them in one worker, in file order, with
 * no operator specs brought in first.
 */
const OPERATOR_SPECS = /\/admin[\w-]*\.spec\.ts$/;
const fullRun = process.env.E2E_FULL_RUN === '1';

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(repoRoot, port === 3211 ? '.tmp/e2e-results' : `.tmp/e2e-results-${port}`),
  fullyParallel: false,
  workers: fullRun ? 2 : 1,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    headless: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    // A trace is recorded only on a failed test's retry (npm test retries once): recording one for
    // every test and throwing it away cost a fifth of the suite's time on two cores.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--disable-features=${disabledFeatures()}`,
      ],
    },
  },
  projects: [
    { name: 'operator', testMatch: OPERATOR_SPECS, workers: 1, use: { browserName: 'chromium' } },
    {
      name: 'chromium',
      testIgnore: OPERATOR_SPECS,
      dependencies: fullRun ? ['operator'] : [],
      use: { browserName: 'chromium' },
    },
  ],
  webServer: {
    command: 'node ../../scripts/start.mjs',
    cwd: webDir,
    url: `${baseURL}/healthz`,
    // E2E_REUSE=1 runs against a server already started on the port with the same settings
    // (a developer's loop on a busy machine); CI always starts its own.
    reuseExistingServer: process.env.E2E_REUSE === '1',
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM lets the server close its database and start.mjs drop the e2e one (a SIGKILL,
    // Playwright's default, left both behind).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(repoRoot, port === 3211 ? '.tmp/e2e-data' : `.tmp/e2e-data-${port}`),
      // Another port builds the portal into its own directory: a side-by-side run never serves
      // (or half-rebuilds) the other run's build.
      WEB_DIST_DIR: path.join(repoRoot, port === 3211 ? 'apps/web/dist' : `.tmp/web-dist-${port}`),
      E2E_FRESH: '1',
      // WeChat Pay offered after the sandbox, through its local double (scripts/start.mjs).
      E2E_WECHAT_PAY_DOUBLE: '1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      TEST_HOOKS: '1',
      SEED_CARGO: '2000',
      // Every visitor test searches from 127.0.0.1, two workers at once: one anti-scraping window
      // for the whole run.
      SEARCHES_PER_MINUTE: '300',
      LOGIN_SITE_URL: `${baseURL}/login`,
      // Login QR codes encode this address; a phone context must reach the same server.
      PUBLIC_URL: baseURL,
      ALLOWED_EMBED_ORIGINS: `http://127.0.0.1:${port + 1}`,
    },
  },
});
