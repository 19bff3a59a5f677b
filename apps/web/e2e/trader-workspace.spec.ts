/**
 * The trader's workspace beyond its own rows (issue 17): the import wizard with a row error, the
 * enquiries a buyer made, API keys shown once and disabled (停用), and what a member without a company
 * sees instead. Screenshots of every screen (desktop and a 390 px phone) go to /tmp/shots/.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  createSession,
  expectColumnsInView,
  expectNoSeriousViolations,
  openWithSession,
  shot,
  USERS,
} from './helpers.ts';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const TMP = mkdtempSync(path.join(tmpdir(), 'sp-import-'));

const HEADERS = ['品名', '材质', '规格', '产地', '仓库', '城市', '件数', '重量(吨)', '单价(元/吨)', '备注'];

/** Letters only: the keyword search matches it as text (3+ characters, no spec, no dictionary word). */
function token(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  let out = 'QZ';
  for (let i = 0; i < 6; i += 1) out += letters[Math.floor(Math.random() * letters.length)];
  return out;
}

/** Writes a stock sheet: a header row (the template's unless given) and `rows`; returns its path. */
async function writeSheet(name: string, rows: (string | number)[][], header = HEADERS): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('现货');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  const file = path.join(TMP, name);
  await book.xlsx.writeFile(file);
  return file;
}

/** The stock rows of one test: three lots in a warehouse named after `mark`. */
function stockRows(mark: string, badSpec: boolean): (string | number)[][] {
  const warehouse = `试验仓${mark}`;
  return [
    ['热轧卷板', 'Q235B', '2.75*1250*C', '日照', warehouse, '上海', 2, 50.12, 4120, `导入测试 ${mark}`],
    ['热轧卷板', 'Q355B', badSpec ? '2.75*abc' : '3.0*1500*C', '日照', warehouse, '上海', 1, 25.06, 4180, ''],
    ['冷轧卷板', 'SPCC', '1.0*1250*C', '', warehouse, '上海', 3, 30.5, '电议', ''],
  ];
}

async function asTrader(page: Page, request: APIRequestContext, target: string): Promise<string> {
  const { token: sessionToken } = await createSession(request, USERS.trader);
  await openWithSession(page, target, { 'X-Token': sessionToken });
  return sessionToken;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

async function shoot(page: Page, name: string): Promise<void> {
  await shot(page, { path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test('the trader imports a stock sheet, fixes its bad row and finds the lots on /wareHouse', async ({
  page,
  request,
}) => {
  const mark = token();
  const bad = await writeSheet('库存-有误.xlsx', stockRows(mark, true));
  const good = await writeSheet('库存.xlsx', stockRows(mark, false));

  await asTrader(page, request, '/account/import?kind=cargo');
  await expect(page.getByRole('heading', { name: /导入 Excel：现货/ })).toBeVisible();
  await expect(page.getByText(/不超过 20(\.00)? MB、100,000 行/)).toBeVisible();
  const template = page.waitForEvent('download');
  await page.getByRole('button', { name: /下载现货导入模板/ }).click();
  expect((await template).suggestedFilename()).toMatch(/\.xlsx$/);
  await shoot(page, 'import-upload-desktop');

  await page.locator('.sp-import input[type="file"]').setInputFiles(bad);
  await expect(page.getByText('请修改表格后重新上传')).toBeVisible();
  const counts = page.getByTestId('import-counts');
  await expect(counts).toContainText('数据行3');
  await expect(counts).toContainText('有误1');
  // The error names the row as Excel shows it (the header is row 1) and the column.
  const errorRow = page.getByTestId('import-rows').locator('tbody tr', { hasText: '2.75*abc' });
  await expect(errorRow.locator('td').first()).toHaveText('3');
  await expect(errorRow.locator('.sp-import__cell--bad')).toHaveText('2.75*abc');
  await expect(errorRow.locator('.sp-import__reason')).toHaveText(
    '规格：规格「2.75*abc」无法识别，应如 2.75*1250*C',
  );
  await expect(page.getByRole('button', { name: '下一步' })).toBeDisabled();
  await shoot(page, 'import-errors-desktop');

  // The fixed sheet, uploaded on the same screen.
  await page.locator('.sp-import input[type="file"]').setInputFiles(good);
  await expect(counts).toContainText('无误3');
  await expect(counts).toContainText('有误0');
  await expect(page.getByText('将发布的前几行')).toBeVisible();
  await shoot(page, 'import-preview-desktop');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('radio', { name: /追加/ })).toBeChecked();
  await page.getByRole('button', { name: '开始导入' }).click();
  await expect(page.getByText('导入完成')).toBeVisible();
  await expect(page.getByText('新增 3 行，替换删除 0 行')).toBeVisible();
  await shoot(page, 'import-done-desktop');

  await page.getByRole('link', { name: '到仓库现货查看' }).click();
  await expect(page).toHaveURL(/\/wareHouse/);
  await page.goto(`/wareHouse?keyword=${mark}`);
  const rows = page.locator('.sp-lots__table .ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(mark);
});

test('the trader imports the good rows of a sheet with an error under its own column, then downloads the bad row', async ({
  page,
  request,
}) => {
  const mark = token();
  // The trader's own layout: 存放仓库 and no 城市 column.
  const header = ['品名', '材质', '规格', '产地', '存放仓库', '件数', '重量(吨)', '单价(元/吨)', '备注'];
  const unknown = `试验仓${mark}`;
  const badRow = ['热轧卷板', 'Q355B', '3.0*1500*C', '日照', unknown, 1, 25.06, 4180, `坏 ${mark}`];
  const file = await writeSheet(
    '库存-缺城市.xlsx',
    [
      ['热轧卷板', 'Q235B', '2.75*1250*C', '日照', '乐从钢铁世界仓', 2, 50.12, 4120, `好甲 ${mark}`],
      badRow,
      ['冷轧卷板', 'SPCC', '1.0*1250*C', '', '乐从钢铁世界仓', 3, 30.5, '电议', `好乙 ${mark}`],
    ],
    header,
  );
  await asTrader(page, request, '/account/import?kind=cargo');
  await page.locator('.sp-import input[type="file"]').setInputFiles(file);
  await expect(page.getByTestId('import-counts')).toContainText('有误1');

  // Every row is listed under the sheet's own headers; the error stands in the 存放仓库 column
  // and says plainly that the sheet has no 城市.
  const table = page.getByTestId('import-rows');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  const headers = await table.locator('thead th').allInnerTexts();
  expect(headers).not.toContain('城市');
  const bad = rows.filter({ hasText: unknown });
  await expect(
    bad.locator('td').nth(headers.indexOf('存放仓库')).locator('.sp-import__cell--bad'),
  ).toHaveText(unknown);
  await expect(bad.locator('.sp-import__reason')).toHaveText(
    `存放仓库：仓库「${unknown}」不在仓库表中，表格又没有「城市」列：请写仓库表中的仓库名，或加一列「城市」`,
  );
  const errorsOnly = page.getByRole('checkbox', { name: '只看有错误的行（1）' });
  await errorsOnly.click();
  await expect(errorsOnly).toBeChecked();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(unknown);
  await expectNoSeriousViolations(page, 'import preview with its rows');
  await shoot(page, 'import-rows-desktop');

  // All or nothing stays the default; the good rows go in once asked for.
  await expect(page.getByRole('button', { name: '下一步' })).toBeDisabled();
  const skip = page.getByRole('radio', { name: /只导入无误的 2 行/ });
  await skip.click();
  await expect(skip).toBeChecked();
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('button', { name: '开始导入' }).click();
  await expect(page.getByText('新增 2 行，替换删除 0 行')).toBeVisible();
  await expect(page.getByText(/有误的 1 行未导入/)).toBeVisible();
  await shoot(page, 'import-left-out-desktop');

  // The bad row comes back in the sheet's own columns, with 错误 to fix it by.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /下载有误的 1 行/ }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('库存-缺城市-有误的行.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await saved.path());
  const sheet = book.worksheets[0]!;
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  expect(sheet.rowCount).toBe(2);
  expect(values(1)).toEqual([...header, '错误']);
  expect(values(2)).toEqual([
    ...badRow,
    `存放仓库：仓库「${unknown}」不在仓库表中，表格又没有「城市」列：请写仓库表中的仓库名，或加一列「城市」`,
  ]);
});

test('a large import shows its progress while it runs', async ({ page, request }) => {
  // The sheet is small; its answers are held at "running" for two polls, the way a 100,000-row
  // sheet answers, and the third poll is the server's own (done).
  const sheet = await writeSheet('余料.xlsx', stockRows(token(), false));
  await page.route('**/api/trader/import/*/commit', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    body.data = { ...body.data, state: 'running', processed: 0, inserted: 0 };
    await route.fulfill({ response, json: body });
  });
  let polls = 0;
  await page.route(/\/api\/trader\/import\/[0-9a-f-]{36}$/, async (route) => {
    polls += 1;
    if (polls > 2) return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    body.data = { ...body.data, state: 'running', processed: polls, inserted: 0 };
    return route.fulfill({ response, json: body });
  });

  await asTrader(page, request, '/account/import?kind=surplus');
  await page.locator('.sp-import input[type="file"]').setInputFiles(sheet);
  await expect(page.getByTestId('import-counts')).toContainText('无误3');
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('radio', { name: /替换/ }).check();
  await page.getByRole('button', { name: '开始导入' }).click();
  // Replace asks first.
  await page.getByRole('dialog').getByRole('button', { name: '确定替换' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByText(/正在导入 [12] \/ 3 行/)).toBeVisible();
  await shoot(page, 'import-running-desktop');
  await expect(page.getByText('导入完成')).toBeVisible();
  await expect(page.getByText(/新增 3 行，替换删除 \d+ 行/)).toBeVisible();
  expect(polls).toBeGreaterThanOrEqual(3);
});

test('a buyer enquires about a lot of the trader, and the trader sees the lead', async ({
  page,
  request,
}) => {
  const { token: traderToken } = await createSession(request, USERS.trader);
  const own = await request.get('/api/trader/cargo?page=1&pageSize=1', {
    headers: { 'X-Token': traderToken },
  });
  const ownBody = (await own.json()) as { code: number; data: { list: { id: number }[] } };
  expect(ownBody.code, JSON.stringify(ownBody)).toBe(0);
  const lotId = ownBody.data.list[0]!.id;

  // The member asks (beans pay for the contact); should the member's beans be spent by earlier
  // specs, the VIP member (free contacts) asks instead.
  const message = `E2E询价 ${token()}`;
  let buyer = '';
  for (const phone of [USERS.member, USERS.vip]) {
    const { token: buyerToken, user } = await createSession(request, phone);
    const answer = await request.post('/api/web/searchCargo/enquiry', {
      headers: { 'X-Token': buyerToken },
      data: { kind: 'cargo', ids: [lotId], message },
    });
    const body = (await answer.json()) as { code: number };
    if (body.code === 0) {
      buyer = user.linkMan;
      break;
    }
  }
  expect(buyer, 'neither buyer could enquire').not.toBe('');

  await openWithSession(page, '/account/enquiries', { 'X-Token': traderToken });
  const line = page.getByTestId('enquiry-table').locator('tbody tr', { hasText: message });
  await expect(line).toBeVisible();
  await expect(line).toContainText(buyer);
  await expect(line.locator('a[href^="tel:1"]')).toBeVisible();
  await expect(line).toContainText('未回复');
  await shoot(page, 'enquiries-desktop');

  await page.getByRole('checkbox', { name: '只看未回复' }).click();
  await expect(page).toHaveURL(/unanswered=1/);
  await expect(line).toBeVisible();
  await line.getByRole('button', { name: '标记已回复' }).click();
  await expect(line).toHaveCount(0);
  await page.getByRole('checkbox', { name: '只看未回复' }).click();
  await expect(page.getByTestId('enquiry-table').locator('tbody tr', { hasText: message })).toContainText(
    '已回复',
  );
});

test('the trader creates an API key with the 余料 scope, sees it once, and disables it', async ({
  page,
  request,
}) => {
  await asTrader(page, request, '/account/keys');
  await expect(page.getByTestId('curl-example')).toContainText('/api/trader/sync/stock');
  const name = `E2E ${token()}`;
  await page.getByRole('button', { name: '创建密钥' }).click();
  const dialog = page.getByRole('dialog', { name: '创建 API 密钥' });
  // The scopes are one group named by its label and described as required (no aria-required on it).
  const scopes = dialog.getByRole('group', { name: '权限' });
  await expect(scopes).toHaveAccessibleDescription(/必选/);
  await expect(scopes).not.toHaveAttribute('aria-required', /.*/);
  await expectNoSeriousViolations(page, 'API key create dialog');
  await dialog.getByLabel('用途').fill(name);
  await scopes.getByRole('checkbox', { name: '余料' }).check();
  await scopes.getByRole('checkbox', { name: '报价' }).check();
  await dialog.getByRole('button', { name: '创建' }).click();

  const secret = page.getByTestId('api-key-secret');
  await expect(secret).toHaveText(/^spk_/);
  const key = (await secret.textContent()) ?? '';
  await expect(page.getByText('关闭此窗口后将不再显示完整密钥')).toBeVisible();
  await shoot(page, 'keys-created-desktop');
  await page.getByRole('button', { name: '我已保存' }).click();
  await expect(secret).toHaveCount(0);
  // Listed by its prefix, never in full.
  const row = page.getByTestId('key-table').locator('tbody tr', { hasText: name });
  await expect(row).toContainText('有效');
  await expect(row).toContainText('余料');
  await expect(page.getByText(key)).toHaveCount(0);

  // The key works for the ERP until it is revoked.
  const sync = () =>
    request.put('/api/trader/sync/surplus', {
      headers: { 'X-Api-Key': key },
      data: {
        mode: 'append',
        rows: [{ product: '热轧卷板', spec: '2.75*abc', pieces: 1, weight: 1, price: 4000 }],
      },
    });
  expect(((await (await sync()).json()) as { code: number }).code).toBe(0);

  await row.getByRole('button', { name: '停用' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '停用' }).click();
  await expect(row).toContainText('已停用');
  await expect(row.getByRole('button', { name: '停用' })).toHaveCount(0);
  expect(((await (await sync()).json()) as { code: number }).code).toBe(3);
  await shoot(page, 'keys-desktop');
});

test('a member sees 成为商家 instead of the trader entries', async ({ page, request }) => {
  const { token: memberToken } = await createSession(request, USERS.member);
  await openWithSession(page, '/account/profile', { 'X-Token': memberToken });
  const nav = page.getByRole('navigation', { name: '账户菜单' });
  await expect(nav.getByRole('link', { name: '成为商家' })).toBeVisible();
  for (const entry of ['我的报价', '我的现货', '我的余料', '收到的询价', '企业资料', 'API 密钥']) {
    await expect(nav.getByRole('link', { name: entry })).toHaveCount(0);
  }
  await nav.getByRole('link', { name: '成为商家' }).click();
  await expect(page).toHaveURL(/\/account\/become-trader$/);
  await expect(page.getByTestId('trader-benefit')).toHaveCount(4);
  await expect(page.getByText('13800000001').first()).toBeVisible();
  // Naming the company is how a member becomes a trader (the form is not sent: the demo member
  // stays a member for the other specs).
  await expect(page.getByLabel('公司全称')).toBeVisible();
  await expect(page.getByRole('button', { name: '开通商家功能' })).toBeVisible();
  await shoot(page, 'become-trader-desktop');

  // A trader screen tells the member how to become one.
  await page.goto('/account/enquiries');
  await expect(page.getByText('该功能仅对已认证的商家开放')).toBeVisible();
  await page.getByRole('link', { name: '了解如何成为商家' }).click();
  await expect(page).toHaveURL(/\/account\/become-trader$/);
});

test('the trader sees every entry, edits the firm profile and gets the embed code', async ({
  page,
  request,
}) => {
  await asTrader(page, request, '/account/firm');
  const nav = page.getByRole('navigation', { name: '账户菜单' });
  for (const entry of ['我的报价', '我的现货', '我的余料', '收到的询价', '企业资料', 'API 密钥']) {
    await expect(nav.getByRole('link', { name: entry })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: '成为商家' })).toHaveCount(0);

  const phone = page.getByLabel('联系电话');
  await expect(phone).not.toHaveValue('');
  const before = await phone.inputValue();
  await phone.fill('12345');
  await page.getByRole('button', { name: '保存资料' }).click();
  await expect(page.getByText('请填写 11 位手机号')).toBeVisible();
  await phone.fill(before);
  const products = page.getByLabel('主营品种');
  const mainProducts = `热轧卷板、冷轧卷板 ${token()}`;
  await products.fill(mainProducts);
  await page.getByRole('button', { name: '保存资料' }).click();
  await expect(page.getByText('企业资料已保存')).toBeVisible();

  const code = page.getByTestId('embed-code');
  await expect(code).toHaveValue(/<iframe src="http:\/\/127\.0\.0\.1:\d+\/firminfo\/\d+\/embed"/);
  const preview = page.getByRole('link', { name: /预览企业页/ });
  const href = (await preview.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/firminfo\/\d+\/normal$/);
  await shoot(page, 'firm-desktop');
  await page.goto(href);
  await expect(page.getByTestId('firm-profile')).toContainText(mainProducts);
});

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('the own lists show every column, 更新时间 and 操作 too, without scrolling sideways', async ({
    page,
    request,
  }) => {
    await asTrader(page, request, '/account/quotations');
    for (const [target, name] of [
      ['/account/quotations', 'own-quotes-1366'],
      ['/account/stock', 'own-stock-1366'],
      ['/account/surplus', 'own-surplus-1366'],
    ] as const) {
      if (!page.url().endsWith(target)) await page.goto(target);
      const table = page.locator('.sp-trader__table');
      await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await expect(table.locator('.sp-skeleton-line')).toHaveCount(0);
      await expectColumnsInView(page, table, ['品名', '仓库', '更新时间', '操作']);
      await expectNoSidewaysScroll(page);
      await shoot(page, name);
    }
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('every workspace screen fits the phone', async ({ page, request }) => {
    await asTrader(page, request, '/account/import?kind=surplus');
    await expect(page.getByRole('heading', { name: /导入 Excel：余料/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'import-upload-phone');

    const bad = await writeSheet('phone-有误.xlsx', stockRows(token(), true));
    await page.goto('/account/import?kind=cargo');
    await page.locator('.sp-import input[type="file"]').setInputFiles(bad);
    const card = page.getByTestId('import-rows').locator('.sp-import__card--bad');
    await expect(card).toContainText('第 3 行');
    await expect(card.locator('.sp-import__reason')).toContainText('规格：规格「2.75*abc」无法识别');
    // The errors-only filter is a finger-sized checkbox.
    const filter = page.getByRole('checkbox', { name: /只看有错误的行/ });
    expect((await page.locator('.sp-import__filter').boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await filter.click();
    await expect(page.getByTestId('import-rows').locator('.sp-import__card')).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'import-errors-phone');

    for (const [target, ready, name] of [
      ['/account/enquiries', '.sp-enquiries__card, .sp-enquiries__empty', 'enquiries-phone'],
      ['/account/firm', '[data-testid="embed-code"]', 'firm-phone'],
      ['/account/keys', '[data-testid="curl-example"]', 'keys-phone'],
    ] as const) {
      await page.goto(target);
      await expect(page.locator(ready).first()).toBeVisible();
      await expect(page.locator('main .ant-skeleton')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await shoot(page, name);
    }
    // The menu's tabs are finger-sized.
    const tab = page.getByRole('navigation', { name: '账户菜单' }).getByRole('menuitem').first();
    expect((await tab.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

    const { token: memberToken } = await createSession(request, USERS.member);
    await openWithSession(page, '/account/become-trader', { 'X-Token': memberToken });
    await expect(page.getByTestId('trader-benefit')).toHaveCount(4);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'become-trader-phone');
  });
});
