/**
 * The inbox push across instances (issue 19): two portal servers on one PostgreSQL database and
 * one Redis, as production runs behind a load balancer. The member's tab is connected to
 * instance B; the trader's import is written through instance A; the match found on A reaches
 * the tab on B through Redis pub/sub within 3 s. Runs when TEST_DATABASE_URL and TEST_REDIS_URL
 * are set (CI sets both); the spec creates and drops its own database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { USERS } from './helpers.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const e2ePort = Number(process.env.E2E_PORT ?? 3211);
// The portal the main e2e server has just built (playwright.config.ts): served as it is.
const webDist = path.join(root, e2ePort === 3211 ? 'apps/web/dist' : `.tmp/web-dist-${e2ePort}`);
const PORT_A = e2ePort + 50;
const PORT_B = e2ePort + 51;

/**
 * How long one server may take to migrate, seed and listen. A hook has 30 s unless it says
 * otherwise; on a slow 2-core machine instance A's migrations and seed alone took longer.
 */
const SERVER_START_MS = 300_000;

test.skip(!databaseUrl || !redisUrl, 'needs TEST_DATABASE_URL and TEST_REDIS_URL');
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const database = `sp_e2e_x2_${process.pid}`;
const servers: ChildProcess[] = [];

async function admin(sql: string): Promise<void> {
  const url = new URL(databaseUrl ?? '');
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Starts one portal server on `port` and waits until it answers /healthz. */
async function startServer(port: number, seed: boolean): Promise<ChildProcess> {
  const url = new URL(databaseUrl ?? '');
  url.pathname = `/${database}`;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      SKIP_WEB_BUILD: '1',
      WEB_DIST_DIR: webDist,
      DATA_DIR: path.join(root, `.tmp/e2e-x2-${port}`),
      SEED_DEMO: seed ? '1' : '0',
      SEED_CARGO: '100',
      TEST_HOOKS: '1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOGIN_SITE_URL: `http://127.0.0.1:${port}/login`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const keep = (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  servers.push(child);
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server on ${port} did not start: ${stderr}`);
}

test.beforeAll(async () => {
  test.setTimeout(2 * SERVER_START_MS + 30_000);
  await admin(
    `CREATE DATABASE "${database}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
  );
  // A migrates and seeds; B starts on the ready database.
  await startServer(PORT_A, true);
  await startServer(PORT_B, false);
});

test.afterAll(async () => {
  await Promise.all(
    servers.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
});

test('a match found on instance A reaches the bell of a tab connected to instance B', async ({ browser }) => {
  const a = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${PORT_A}` });
  const session = async (phone: string) => {
    const answer = await a.post('/api/test/session', { data: { phone } });
    return ((await answer.json()) as { data: { token: string } }).data.token;
  };
  const vip = await session(USERS.vip);
  const trader = await session(USERS.trader);
  const tag = `QZ${Date.now().toString(36).toUpperCase().replace(/\d/g, 'X')}`;
  const saved = await a.post('/api/web/subscription/search', {
    headers: { 'X-Token': vip },
    data: { kind: 'cargo', name: '跨实例', filter: { keyword: tag } },
  });
  expect(((await saved.json()) as { code: number }).code).toBe(0);

  // The member's tab, on B.
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${PORT_B}`, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/login?mode=password');
  await page.evaluate((token) => {
    localStorage.setItem('CURRENT_LANG', 'zh-CN');
    localStorage.setItem('X-Token', token);
  }, vip);
  await page.goto('/vipmember');
  await expect(page.getByTestId('inbox-bell')).toBeVisible();
  await expect(page.getByTestId('inbox-unread')).toHaveCount(0);

  // The trader's sheet, through A.
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('现货');
  sheet.addRow(['品名', '材质', '规格', '产地', '仓库', '城市', '件数', '重量(吨)', '单价(元/吨)', '备注']);
  sheet.addRow(['热轧卷板', 'Q235B', '2.75*1250*C', '日照', `跨实例仓${tag}`, '上海', 1, 25, 4100, '']);
  const preview = await a.post('/api/trader/import/cargo/preview', {
    headers: { 'X-Token': trader },
    multipart: {
      file: {
        name: 'x2.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from(await book.xlsx.writeBuffer()),
      },
    },
  });
  const importId = ((await preview.json()) as { data: { importId: string } }).data.importId;
  await a.post(`/api/trader/import/${importId}/commit`, {
    headers: { 'X-Token': trader },
    data: { mode: 'append' },
  });
  await expect
    .poll(async () => {
      const status = await a.get(`/api/trader/import/${importId}`, { headers: { 'X-Token': trader } });
      return ((await status.json()) as { data: { state: string } }).data.state;
    })
    .toBe('done');

  await expect(page.getByTestId('inbox-unread')).toHaveText('1', { timeout: 3_000 });
  await context.close();
  await a.dispose();
});
