import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  animationsSettled,
  createSession,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  loginHref,
  openWithSession,
  shot,
  USERS,
} from './helpers.ts';
import {
  beanBalance,
  columnTexts,
  facetChip,
  lotRows,
  MASKED_PHONE,
  prices,
  rowKeys,
  settled,
} from './lots.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/screenshots');

test('a facet chip searches, the URL holds it and a visitor sees masked phones', async ({ page }) => {
  await page.goto('/wareHouse');
  await expect(page.getByRole('heading', { level: 1, name: '仓库现货' })).toBeVisible();
  await settled(page);
  await expect(page.getByTestId('lot-totals')).toContainText(/共 [\d,]+ 条 · [\d,]+ 件 · [\d,]+ 吨/);

  await facetChip(page, '品名', '冷轧卷板').click();
  await expect(page).toHaveURL(/products=%E5%86%B7%E8%BD%A7%E5%8D%B7%E6%9D%BF/);
  await settled(page);
  await expect.poll(() => columnTexts(page, '品名')).toEqual(Array(20).fill('冷轧卷板'));

  const phones = await page.getByTestId('supplier-phone').allTextContents();
  expect(phones.length).toBeGreaterThan(0);
  for (const phone of phones) expect(phone).toMatch(MASKED_PHONE);
  // The visitor is told what the phone costs first; 登录 then returns to this search.
  await lotRows(page).first().getByRole('button', { name: '查看联系方式' }).click();
  const gate = page.getByRole('dialog');
  await expect(gate).toContainText('登录后查看，消耗 1 钢豆，VIP 免费');
  const href = await gate.getByRole('link', { name: '登录' }).getAttribute('href');
  expect(new URL(href ?? '', page.url()).href).toBe(loginHref(page.url()));
  // antd's Modal zooms in: a click before it has settled can miss its button.
  await animationsSettled(page);
  await gate.getByRole('button', { name: '取消' }).click();
  await expect(gate).toBeHidden();

  // Reloading the shared address restores the same search.
  await page.reload();
  await settled(page);
  await expect(facetChip(page, '品名', '冷轧卷板')).toHaveClass(/ant-tag-checkable-checked/);
  expect(new Set(await columnTexts(page, '品名'))).toEqual(new Set(['冷轧卷板']));
});

test('a typed keyword shows how it was understood; removing a chip drops the word', async ({ page }) => {
  await page.goto('/wareHouse');
  await settled(page);
  await page.getByRole('textbox', { name: '关键词' }).fill('热轧卷板 Q235B');
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(page).toHaveURL(/keyword=/);
  const understood = page.getByTestId('understood');
  await expect(understood.locator('[data-kind="product"]')).toHaveText(/品名\s*热轧卷板/);
  await expect(understood.locator('[data-kind="material"]')).toHaveText(/材质\s*Q235B/);
  await settled(page);
  await expect.poll(async () => new Set(await columnTexts(page, '品名'))).toEqual(new Set(['热轧卷板']));
  expect(new Set(await columnTexts(page, '材质'))).toEqual(new Set(['Q235B']));

  await understood.locator('[data-kind="material"] .ant-tag-close-icon').click();
  await expect(page.getByRole('textbox', { name: '关键词' })).toHaveValue('热轧卷板');
  await expect(understood.locator('[data-kind="material"]')).toHaveCount(0);
  await settled(page);
  await expect.poll(async () => (await columnTexts(page, '材质')).some((m) => m !== 'Q235B')).toBe(true);
});

test('paging shows other rows and sorting by price orders them', async ({ page }) => {
  await page.goto('/wareHouse');
  await settled(page);
  const first = await rowKeys(page);
  await page.locator('.ant-pagination-item-2').click();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => rowKeys(page)).not.toEqual(first);
  const second = await rowKeys(page);
  expect(second.filter((key) => first.includes(key))).toEqual([]);

  // The URL changes before the new page is asked for: wait for the rows, not for the spinner.
  const shownPrices = async () =>
    prices(await columnTexts(page, '单价(元/吨)')).filter((p) => p !== null) as number[];
  await page.getByRole('columnheader', { name: '单价(元/吨)' }).click();
  await expect(page).toHaveURL(/sort=price&order=asc/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect.poll(async () => rowKeys(page)).not.toEqual(second);
  await settled(page);
  await expect.poll(async () => inOrder(await shownPrices(), 1)).toBe(true);
  const ascending = await shownPrices();
  expect(ascending.length).toBeGreaterThan(5);

  await page.getByRole('columnheader', { name: '单价(元/吨)' }).click();
  await expect(page).toHaveURL(/sort=price&order=desc/);
  await settled(page);
  await expect.poll(async () => inOrder(await shownPrices(), -1)).toBe(true);
  const descending = await shownPrices();
  expect(descending[0]).toBeGreaterThan(ascending[0] ?? 0);
});

/** Whether the numbers ascend (direction 1) or descend (-1). */
function inOrder(numbers: number[], direction: 1 | -1): boolean {
  return numbers.every((n, i) => i === 0 || (n - (numbers[i - 1] ?? n)) * direction >= 0);
}

test('a member spends one bean to see a supplier phone', async ({ page, request }) => {
  const { token } = await createSession(request, USERS.member);
  const beansOf = async () => {
    const answer = await request.get('/api/web/user/myInfo', { headers: { 'X-Token': token } });
    return ((await answer.json()) as { data: { beans: number } }).data.beans;
  };
  await openWithSession(page, '/wareHouse', { 'X-Token': token });
  await settled(page);
  // Seeing a phone is 查看联系方式 everywhere; 询价 is kept for enquiries proper (issue 35).
  await expect(page.getByTestId('enquiry-total')).toContainText(
    /今日已查看联系方式 \d+ 次 · 还可查看 \d+ 次/,
  );
  await expect(page.getByTestId('enquiry-total')).not.toContainText('询价');
  const before = await beanBalance(page);
  expect(before).toBe(await beansOf());

  const row = lotRows(page)
    .filter({ has: page.getByRole('button', { name: '查看联系方式' }) })
    .first();
  const key = await row.getAttribute('data-row-key');
  const target = page.locator(`tr[data-row-key="${key}"]`);
  await expect(target.getByTestId('supplier-phone')).toHaveText(MASKED_PHONE);
  await target.getByRole('button', { name: '查看联系方式' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`使用1个钢豆查看该供应商联系方式？(余额 ${before})`);
  await expectNoSeriousViolations(page, 'contact unlock confirmation');
  await dialog.getByRole('button', { name: '确定' }).click();

  await expect(target.getByTestId('supplier-phone')).toHaveText(/^1\d{10}$/);
  await expect(target.getByRole('button', { name: '查看联系方式' })).toHaveCount(0);
  await expect.poll(() => beanBalance(page)).toBe(before - 1);
  expect(await beansOf()).toBe(before - 1);
});

test('a VIP sees a phone for free and exports the search as .xlsx', async ({ page, request }) => {
  const { token } = await createSession(request, USERS.vip);
  await openWithSession(page, `/wareHouse?products=${encodeURIComponent('冷轧卷板')}`, { 'X-Token': token });
  await settled(page);
  await expect(page.getByTestId('enquiry-total')).toContainText('免豆会员');
  const before = await beanBalance(page);

  const row = lotRows(page)
    .filter({ has: page.getByRole('button', { name: '查看联系方式' }) })
    .first();
  const target = page.locator(`tr[data-row-key="${await row.getAttribute('data-row-key')}"]`);
  await target.getByRole('button', { name: '查看联系方式' }).click();
  await expect(target.getByTestId('supplier-phone')).toHaveText(/^1\d{10}$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The unlock is written by now (the phone came from its answer): the server's balance is final,
  // and the screen shows the server's.
  const info = await request.get('/api/web/user/myInfo', { headers: { 'X-Token': token } });
  expect((await info.json()).data.beans).toBe(before);
  expect(await beanBalance(page)).toBe(before);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出Excel' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  const headers = (sheet.getRow(1).values as unknown[]).filter(Boolean);
  expect(headers).toEqual(
    expect.arrayContaining(['品名', '材质', '规格', '产地', '仓库', '重量(吨)', '单价(元/吨)']),
  );
  const productColumn = headers.indexOf('品名') + 1;
  const products: unknown[] = [];
  sheet.eachRow((r, n) => {
    if (n > 1) products.push(r.getCell(productColumn).value);
  });
  expect(products.length).toBeGreaterThan(20);
  expect(new Set(products)).toEqual(new Set(['冷轧卷板']));
});

test('export is offered to a member as a VIP feature', async ({ page, request }) => {
  const { token } = await createSession(request, USERS.member);
  await openWithSession(page, '/wareHouse', { 'X-Token': token });
  await settled(page);
  await page.getByRole('button', { name: '导出Excel' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('导出为免豆会员或数据会员功能');
  await dialog.getByRole('link', { name: '开通VIP' }).click();
  await expect(page).toHaveURL(/\/vipopen\?redirect=%2FwareHouse$/);
});

/** The average of one product as the totals line writes it: 热轧卷板 3,421 元/吨. */
const averageText = (product: { product: string; avgPrice: number }) =>
  `${product.product} ${Math.round(product.avgPrice).toLocaleString('en-US')} 元/吨`;

test('the totals average each product on its own over the whole result, never across products', async ({
  page,
  request,
}) => {
  await page.goto('/wareHouse');
  await settled(page);
  const whole = (await (await request.post('/api/web/2.0/searchCargo/page-total', { data: {} })).json())
    .data as {
    products: { product: string; avgPrice: number | null }[];
  };
  const priced = whole.products.filter(
    (p): p is { product: string; avgPrice: number } => p.avgPrice !== null,
  );
  expect(priced.length).toBeGreaterThan(4);
  await expect(page.getByTestId('lot-averages')).toHaveText(
    `均价 ${priced.slice(0, 4).map(averageText).join(' · ')} 另有 ${priced.length - 4} 个品名`,
  );

  await facetChip(page, '品名', '冷轧卷板').click();
  await settled(page);
  const cold = priced.find((p) => p.product === '冷轧卷板');
  expect(cold).toBeDefined();
  await expect(page.getByTestId('lot-averages')).toHaveText(`均价 ${averageText(cold!)}`);
  await shot(page, { path: path.join(SHOTS, 'wareHouse-averages-1280.png') });
});

test.describe('phone 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the averages take a line of their own under the counts and name two products', async ({ page }) => {
    await page.goto('/wareHouse');
    await expect(page.getByTestId('lot-card').first()).toBeVisible();
    const averages = page.getByTestId('lot-averages');
    await expect(averages.locator('.sp-lots__avg')).toHaveCount(2);
    await expect(averages).toHaveText(/^均价 \S+ [\d,]+ 元\/吨 · \S+ [\d,]+ 元\/吨 另有 \d+ 个品名$/);
    const counts = await page
      .getByTestId('lot-totals')
      .getByText(/^共 [\d,]+ 条/)
      .boundingBox();
    const line = await averages.boundingBox();
    expect(line && counts && line.y >= counts.y + counts.height - 1).toBe(true);
    await expectNoSidewaysScroll(page);
    await shot(page, { path: path.join(SHOTS, 'wareHouse-averages-390.png') });
  });
});

test('the supplier list shows stock counts and filters the stock by one supplier', async ({ page }) => {
  await page.goto('/wareHouse?tab=suppliers');
  const list = page.getByRole('tabpanel');
  await expect(list.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(list.locator('tbody tr.ant-table-row').first()).toContainText(/\d+ 条 · [\d.]+/);
  const firm = list.locator('tbody tr.ant-table-row').first().getByRole('link').first();
  // The firm page is named by the trader's user id; the stock filter by its company id.
  const href = await firm.getAttribute('href');
  expect(href).toMatch(/^\/firminfo\/\d+\/normal\?from=wareHouse$/);

  await list.locator('tbody tr.ant-table-row').first().getByRole('button', { name: '看现货' }).click();
  await expect(page).toHaveURL(/\/wareHouse\?supplierId=\d+$/);
  await expect(page.getByTestId('supplier-panel')).toBeVisible();
  await settled(page);
  const links = await lotRows(page)
    .locator('.sp-contact a[href^="/firminfo/"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(new Set(links)).toEqual(new Set([href]));
});

test('screenshots: /wareHouse at 1440 and 375', async ({ page }) => {
  await page.goto(`/wareHouse?keyword=${encodeURIComponent('热卷 Q235B 日照 乐从')}`);
  await settled(page);
  await shot(page, { path: path.join(SHOTS, 'wareHouse-desktop.png'), fullPage: true });

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/wareHouse');
  // A phone shows cards, not the table (e2e/phone.spec.ts checks them).
  await expect(page.getByTestId('lot-card').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: '筛选' }).click();
  await expect(page.getByRole('dialog').getByRole('group', { name: '品名', exact: true })).toBeVisible();
  await shot(page, { path: path.join(SHOTS, 'wareHouse-phone-filters.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await shot(page, { path: path.join(SHOTS, 'wareHouse-phone.png'), fullPage: true });
});
