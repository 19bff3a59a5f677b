/**
 * The console's market data (issue 18): the demo admin corrects one day of one index with a
 * reason, sees before and after, then the portal's chart for that index draws the corrected
 * price for that day (the answer the chart is drawn from, and the canvas), the methodology lists
 * the correction, and /admin/audit holds it. The warehouse daily screen lists the figures and its
 * import wizard names the row and column of each error without writing anything.
 * Screenshots go to /tmp/shots/admin-market-*.png.
 */
import { expect, type Page, test } from '@playwright/test';
import { createSession, expectDialogAccessible, openWithSession, shot } from './helpers.ts';

const ADMIN_PHONE = '13800000000';
const SHOTS = '/tmp/shots';

// A recompute, three screens and a chart: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

async function openAsAdmin(page: Page, path: string): Promise<void> {
  const { token } = await createSession(page.request, ADMIN_PHONE);
  await openWithSession(page, path, { 'X-Token': token });
}

function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

interface Point {
  date: string;
  price: number;
}

test('the admin corrects a day of an index: before/after, the chart, the methodology and the audit log', async ({
  page,
}) => {
  const info = (await (await page.request.get('/api/web/2.0/index/indexInfo')).json()).data as {
    latestDate: string;
    definitions: { id: number; name: string }[];
  };
  const target = info.definitions[0] as { id: number; name: string };
  // a day inside a visitor's 30 days, with days after it whose change follows from it
  const day = daysBefore(info.latestDate, 8);
  const reason = `端到端核对：${day} 样本报价录入有误`;

  await openAsAdmin(page, '/admin/index-corrections');
  await expect(page.getByRole('heading', { level: 1, name: '指数更正' })).toBeVisible();
  await page.getByLabel('指数', { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: target.name }).first().click();
  const picker = page.getByPlaceholder('日期', { exact: true });
  await picker.click();
  await picker.fill(day);
  await picker.press('Enter');
  const current = page.locator('.ant-descriptions', { hasText: '当前数据' });
  await expect(current).toBeVisible({ timeout: 30_000 });
  const published = (await (
    await page.request.get(`/api/admin/index-corrections/day?indexId=${target.id}&day=${day}`, {
      headers: { 'X-Token': (await createSession(page.request, ADMIN_PHONE)).token },
    })
  ).json()) as { data: { price: number } };
  const before = published.data.price;
  // a small, plausible correction (0.3%): the price the chart must then draw for that day
  const corrected = Math.round(before) + 12;
  await expect(current).toContainText(Math.round(before).toLocaleString('en-US'));

  await page.getByLabel('价格', { exact: true }).fill(String(corrected));
  await page.getByLabel('更正原因').fill(reason);
  await shot(page, { path: `${SHOTS}/admin-market-correction-form.png`, fullPage: true });
  await page.getByRole('button', { name: '提交更正' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '提交更正' }).click();

  // the recompute of the following days takes a few seconds on a busy machine
  const result = page.getByRole('region', { name: '更正前后' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  const priceRow = result.locator('tr', { hasText: '价格' });
  await expect(priceRow).toContainText(`${Math.round(before).toLocaleString('en-US')} 元/吨`);
  await expect(priceRow).toContainText(`${corrected.toLocaleString('en-US')} 元/吨`);
  await expect(result.locator('tr', { hasText: '下一日' })).toBeVisible();
  await expect(page.getByText(/^已更正并重算 \d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}$/).first()).toBeVisible();
  await expect(page.locator('.sp-admin-market__changes').first()).toContainText(
    `价格 ${Math.round(before).toLocaleString('en-US')} 元/吨 → ${corrected.toLocaleString('en-US')} 元/吨`,
  );
  await shot(page, { path: `${SHOTS}/admin-market-correction-done.png`, fullPage: true });

  // the portal's chart: the series it is drawn from carries the corrected price for that day
  const answer = page.waitForResponse((r) => r.url().includes('/chartData/index-all') && r.status() === 200);
  await page.goto('/exponentMain');
  const body = (await (await answer).json()).data as { series: { id: number; points: Point[] }[] };
  const series = body.series.find((s) => s.id === target.id);
  expect(series, 'the chart draws the corrected index').toBeTruthy();
  expect(series?.points.find((p) => p.date === day)?.price).toBe(corrected);
  await expect(page.locator('.sp-trend-chart canvas').first()).toBeVisible();
  await expect(page.locator('.sp-index-card', { hasText: target.name })).toBeVisible();

  // the methodology lists the correction: day, index, before → after, reason
  await page.goto('/exponentMain?tab=method');
  const notes = page.getByRole('region', { name: '更正记录' });
  await expect(notes).toBeVisible();
  const row = notes.locator('tr', { hasText: reason });
  await expect(row).toContainText(day);
  await expect(row).toContainText(target.name);
  await expect(row).toContainText(
    `价格 ${Math.round(before).toLocaleString('en-US')} 元/吨 → ${corrected.toLocaleString('en-US')} 元/吨`,
  );
  await notes.scrollIntoViewIfNeeded();
  await shot(page, { path: `${SHOTS}/admin-market-methodology.png` });
  // on a phone the list stays inside the screen (no sideways scroll of the page)
  await page.setViewportSize({ width: 390, height: 844 });
  await notes.scrollIntoViewIfNeeded();
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, { path: `${SHOTS}/admin-market-methodology-phone.png` });
  await page.setViewportSize({ width: 1440, height: 900 });

  // the audit log holds the correction
  await page.goto('/admin/audit');
  await expect(
    page.locator('main .ant-table-row', { hasText: 'index_correction.create' }).first(),
  ).toBeVisible();
});

test('the warehouse daily screen lists figures; its import names the row and column of an error and writes nothing', async ({
  page,
}) => {
  await openAsAdmin(page, '/admin/warehouse-daily');
  await expect(page.getByRole('heading', { level: 1, name: '仓库日报' })).toBeVisible();
  const rows = page.locator('main .ant-table-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const first = (await rows.first().locator('td').first().innerText()).trim();
  await expect(page.getByRole('columnheader', { name: '库存(吨)' })).toBeVisible();
  await shot(page, { path: `${SHOTS}/admin-market-warehouse-daily.png` });

  // the entry drawer: units on every figure, a future day cannot be picked
  await page.getByRole('button', { name: '填报' }).click();
  const drawer = page.getByRole('dialog', { name: '填报仓库日报' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByLabel('库存', { exact: true })).toBeVisible();
  await expect(drawer).toContainText('元/吨');
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(drawer).toContainText('请填写仓库');
  await expectDialogAccessible(page, 'warehouse daily entry drawer');
  await shot(page, { path: `${SHOTS}/admin-market-daily-drawer.png` });
  await drawer.getByRole('button', { name: '取消' }).click();

  // the import: a sheet with a negative stock is refused with its row and column
  const warehouse = (await rows.first().locator('td').nth(1).innerText()).replace(/\s*样本\s*$/, '').trim();
  const csv = [
    '仓库,品名,日期,入库(吨),出库(吨),库存(吨),打包(吨),挂牌(吨),成交(吨),成交笔数,挂牌均价(元/吨)',
    `${warehouse},热轧卷板,${first},1,1,-5,1,1,1,1,3600`,
  ].join('\n');
  await page.getByRole('button', { name: 'Excel 导入' }).click();
  const wizard = page.getByRole('dialog', { name: '导入仓库日报' });
  await expect(wizard).toBeVisible();
  await wizard.locator('input[type="file"]').setInputFiles({
    name: '日报.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(wizard).toContainText('错误 1 处', { timeout: 30_000 });
  const error = wizard.locator('tr', { hasText: '不能为负数' });
  await expect(error).toContainText('2');
  await expect(error).toContainText('库存(吨)');
  await expect(wizard.getByRole('button', { name: /确认导入/ })).toBeDisabled();
  await expectDialogAccessible(page, 'warehouse daily import wizard');
  await shot(page, { path: `${SHOTS}/admin-market-import.png` });
});
