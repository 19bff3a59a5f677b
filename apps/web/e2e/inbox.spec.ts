/**
 * 免费订阅 delivery (issue 19): a member's saved search, a trader's sheet import that matches it,
 * the header bell rising in the member's open tab within 3 s without a reload (server-sent
 * events), the inbox listing the match and opening the lot; 我的订阅 with pause and the digest
 * settings; both screens on a phone and under axe. The VIP demo user is the subscriber here (the
 * member's single saved search belongs to subscribe.spec).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  createSession,
  expectDialogAccessible,
  expectNoSeriousViolations,
  openWithSession,
  shot,
  USERS,
} from './helpers.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/screenshots');
mkdirSync(SHOTS, { recursive: true });

const HEADERS = ['品名', '材质', '规格', '产地', '仓库', '城市', '件数', '重量(吨)', '单价(元/吨)', '备注'];

/** Letters only: the keyword parser keeps it as text, and only this test's lot carries it. */
function mark(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  let out = 'QZ';
  for (let i = 0; i < 6; i += 1) out += letters[Math.floor(Math.random() * letters.length)];
  return out;
}

type Body<T> = { code: number; message?: string; data: T };

async function call<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'delete',
  url: string,
  token: string,
  data?: unknown,
): Promise<T> {
  const response = await request[method](url, { headers: { 'X-Token': token }, ...(data ? { data } : {}) });
  const body = (await response.json()) as Body<T>;
  expect(body.code, `${method} ${url}: ${body.message}`).toBe(0);
  return body.data;
}

/** Imports one stock lot in a warehouse named after `tag` through the trader's sheet import. */
async function importLot(request: APIRequestContext, traderToken: string, tag: string): Promise<void> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('现货');
  sheet.addRow(HEADERS);
  sheet.addRow([
    '热轧卷板',
    'Q235B',
    '2.75*1250*C',
    '日照',
    `订阅仓${tag}`,
    '上海',
    2,
    50.12,
    4120,
    `订阅测试 ${tag}`,
  ]);
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  const previewed = await request.post('/api/trader/import/cargo/preview', {
    headers: { 'X-Token': traderToken },
    multipart: {
      file: {
        name: '订阅测试.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer,
      },
    },
  });
  const preview = ((await previewed.json()) as Body<{ importId: string; errorCount?: number }>).data;
  expect(preview.importId).toBeTruthy();
  await call(request, 'post', `/api/trader/import/${preview.importId}/commit`, traderToken, {
    mode: 'append',
  });
  await expect
    .poll(
      async () =>
        (await call<{ state: string }>(request, 'get', `/api/trader/import/${preview.importId}`, traderToken))
          .state,
    )
    .toBe('done');
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test('a trader’s import matching a saved search lights the bell within 3 s, and the inbox opens the lot', async ({
  page,
  request,
}) => {
  const tag = mark();
  const vip = await createSession(request, USERS.vip);
  const trader = await createSession(request, USERS.trader);
  const saved = await call<{ id: number }>(request, 'post', '/api/web/subscription/search', vip.token, {
    kind: 'cargo',
    name: `上海热卷 ${tag}`,
    filter: { keyword: `热卷 ${tag}`, cities: ['上海'] },
  });

  try {
    await call(request, 'post', '/api/web/inbox/read', vip.token, { all: true });
    await openWithSession(page, '/wareHouse', { 'X-Token': vip.token });
    const bell = page.getByTestId('inbox-bell');
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('inbox-unread')).toHaveCount(0);
    await expect(bell).toHaveAttribute('aria-label', '消息');

    await importLot(request, trader.token, tag);
    // Pushed over the open stream: no reload, no polling by the page.
    await expect(page.getByTestId('inbox-unread')).toHaveText('1', { timeout: 3_000 });
    await expect(bell).toHaveAttribute('aria-label', '消息中心，1 条未读');
    await shot(page, { path: `${SHOTS}/inbox-bell-1440.png` });

    await bell.click();
    await expect(page).toHaveURL(/\/account\/inbox$/);
    const item = page.getByTestId('inbox-item').filter({ hasText: tag });
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute('data-read', 'false');
    await expect(item).toContainText('热轧卷板 Q235B 2.75*1250*C 日照 上海');
    await expect(item).toContainText('4,120 元/吨');
    await expect(item).toContainText(`来自：上海热卷 ${tag}`);
    await shot(page, { path: `${SHOTS}/inbox-1440.png`, fullPage: true });
    await expectNoSeriousViolations(page, '/account/inbox');

    await item.getByRole('link').click();
    await expect(page).toHaveURL(/\/wareHouse\?keyword=/);
    const rows = page.locator('.sp-lots__table .ant-table-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`订阅仓${tag}`);
    // Opened means read: the bell has nothing left to show.
    await expect(page.getByTestId('inbox-unread')).toHaveCount(0);

    // The same lot imported again is not news: no second message.
    await importLot(request, trader.token, tag);
    const unread = await call<{ unread: number }>(request, 'get', '/api/web/inbox/unread', vip.token);
    expect(unread.unread).toBe(0);
  } finally {
    await call(request, 'delete', `/api/web/subscription/search/${saved.id}`, vip.token);
  }
});

test('我的订阅 lists a saved search with its matches, pauses it, and keeps the digest settings', async ({
  page,
  request,
}) => {
  const tag = mark();
  const vip = await createSession(request, USERS.vip);
  const trader = await createSession(request, USERS.trader);
  const saved = await call<{ id: number }>(request, 'post', '/api/web/subscription/search', vip.token, {
    kind: 'cargo',
    name: `日照热卷 ${tag}`,
    filter: { keyword: tag, products: ['热轧卷板'], priceMax: 5000 },
  });
  try {
    await importLot(request, trader.token, tag);
    await openWithSession(page, '/account/subscriptions', { 'X-Token': vip.token });
    const line = page.getByTestId('saved-search').filter({ hasText: `日照热卷 ${tag}` });
    await expect(line).toContainText('订阅中');
    await expect(line).toContainText('热轧卷板');
    await expect(line).toContainText('≤5,000元/吨');
    await expect(line).toContainText('匹配 1 条');
    await expect(page.getByTestId('searches-used')).toContainText('/ 50 个');
    await line.getByRole('button', { name: '重命名' }).click();
    const rename = page.getByRole('dialog', { name: '重命名订阅' });
    await expect(rename.getByRole('textbox')).toHaveValue(`日照热卷 ${tag}`);
    await expectDialogAccessible(page, 'rename subscription dialog');
    await rename.getByRole('button', { name: /取\s*消/ }).click();
    await expect(rename).toBeHidden();

    await line.getByRole('button', { name: '最近匹配' }).click();
    await expect(line.getByTestId('search-matches')).toContainText(`订阅仓${tag}`);

    await line.getByRole('button', { name: '暂停' }).click();
    await expect(line.getByTestId('search-state')).toHaveText('已暂停');
    await expect(line.getByRole('button', { name: '恢复' })).toBeVisible();

    // Digest: on, with quiet hours; kept after a reload.
    await page.getByRole('checkbox', { name: '接收每日短信摘要' }).check();
    await page.getByLabel('免打扰开始').fill('22:00');
    await page.getByLabel('免打扰开始').press('Enter');
    await page.getByLabel('免打扰结束').fill('08:00');
    await page.getByLabel('免打扰结束').press('Enter');
    await page.getByRole('button', { name: '保存设置' }).click();
    // (Enter in a time field submits the form too: the toast may show more than once.)
    await expect(page.getByText('已保存').first()).toBeVisible();
    await shot(page, { path: `${SHOTS}/subscriptions-1440.png`, fullPage: true });
    await page.reload();
    await expect(page.getByRole('checkbox', { name: '接收每日短信摘要' })).toBeChecked();
    await expect(page.getByLabel('免打扰开始')).toHaveValue('22:00');
    await expectNoSeriousViolations(page, '/account/subscriptions');
  } finally {
    await call(request, 'delete', `/api/web/subscription/search/${saved.id}`, vip.token);
    await request.put('/api/web/subscription/settings', {
      headers: { 'X-Token': vip.token },
      data: { digest: false, quietStart: null, quietEnd: null },
    });
  }
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the inbox and the subscriptions fit the phone', async ({ page, request }) => {
    const vip = await createSession(request, USERS.vip);
    await openWithSession(page, '/account/inbox', { 'X-Token': vip.token });
    await expect(page.getByRole('heading', { name: '消息中心', level: 2 })).toBeVisible();
    await expect(page.locator('main .ant-skeleton')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    const markAll = page.getByRole('button', { name: '全部标为已读' });
    expect((await markAll.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await shot(page, { path: `${SHOTS}/inbox-390.png`, fullPage: true });

    await page.goto('/account/subscriptions');
    await expect(page.getByRole('heading', { name: '我的订阅', level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: '保存设置' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, { path: `${SHOTS}/subscriptions-390.png`, fullPage: true });
  });
});
