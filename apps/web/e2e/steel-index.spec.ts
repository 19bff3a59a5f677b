/** The steel index screens as a visitor and a VIP see them: dashboard, cross-date, articles, home strip. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createSession, openWithSession, USERS } from './helpers.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/screenshots');

async function latestDay(request: APIRequestContext): Promise<{ latest: string; names: string[] }> {
  const body = await (await request.get('/api/web/2.0/index/indexInfo')).json();
  return { latest: body.data.latestDate, names: body.data.definitions.map((d: { name: string }) => d.name) };
}

function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

async function trendCanvas(page: Page) {
  const chart = page.locator('.sp-trend-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  return chart;
}

test('a visitor sees the dashboard drawn, with the 30-day prompt, and a range switch redraws it', async ({
  page,
  request,
}) => {
  const { names } = await latestDay(request);
  await page.goto('/exponentMain');
  await expect(page.getByRole('heading', { level: 1, name: '钢材指数' })).toBeVisible();
  await expect(page).toHaveTitle('钢材指数 - 钢市通 SteelPort');
  // every index has a card with its latest price
  for (const name of names) await expect(page.locator('.sp-index-card', { hasText: name })).toBeVisible();

  const chart = await trendCanvas(page);
  // the chart names the indexes it draws (legend and accessible name come from the same series)
  await expect(
    page.getByRole('img', { name: new RegExp(`${names[0]}、${names[1]} 价格走势图`) }),
  ).toBeVisible();
  // three months asked, thirty days given: the visitor is told why
  await expect(page.getByText('游客仅可查看最近30天数据').first()).toBeVisible();

  // a visitor's 1-month range is the whole 30-day window: no prompt any more
  const answer = page.waitForResponse((r) => r.url().includes('/chartData/index-all') && r.status() === 200);
  await page.getByText('1个月', { exact: true }).click();
  const body = await (await answer).json();
  expect(body.data.limitedBy).toBeNull();
  expect(body.data.series[0].points.length).toBe(30);
  await expect(chart.getByText('游客仅可查看最近30天数据')).toHaveCount(0);
  await expect(
    page.locator('.sp-index-section', { hasText: '指数走势' }).getByText('游客仅可查看最近30天数据'),
  ).toHaveCount(0);

  // overlaying a third index names it on the chart
  await page.locator('.sp-index-card', { hasText: names[2] as string }).click();
  await expect(page.getByRole('img', { name: new RegExp(names[2] as string) })).toBeVisible();

  // saturation and deals
  await expect(
    page.locator('.sp-index-section', { hasText: '库容饱和度' }).locator('canvas').first(),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: '按品种' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '热轧卷板' }).first()).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'exponentMain-desktop.png'), fullPage: true });

  await page.getByRole('link', { name: '计算方法' }).click();
  await expect(page.getByRole('heading', { name: '钢材指数编制说明' })).toBeVisible();
  await expect(page.getByText('1.4826×MAD')).toBeVisible();
});

test('a VIP switches ranges and the chart redraws with all history', async ({ page, request }) => {
  const { token, user } = await createSession(request, USERS.vip);
  await openWithSession(page, '/exponentMain', { 'X-Token': token, loginUser: JSON.stringify(user) });
  const chart = await trendCanvas(page);
  await expect(page.locator('.sp-index-card').first()).toBeVisible();
  // let the first (3-month) drawing settle before taking the picture to compare with
  await page.waitForLoadState('networkidle');
  const before = await chart.locator('canvas').first().screenshot();
  const answer = page.waitForResponse(
    (r) => r.url().includes('/chartData/index-all') && r.url().includes('start'),
  );
  await page.getByText('全部', { exact: true }).click();
  const body = await (await answer).json();
  expect(body.data.limitedBy).toBeNull();
  expect(body.data.series[0].points.length).toBeGreaterThan(700);
  await expect
    .poll(async () => (await chart.locator('canvas').first().screenshot()).equals(before))
    .toBe(false);
  await expect(page.getByText('游客仅可查看最近30天数据')).toHaveCount(0);
});

test('cross-date compares both dates field by field', async ({ page, request }) => {
  const { latest } = await latestDay(request);
  const weekBefore = daysBefore(latest, 7);
  await page.goto('/crossdate');
  await expect(page.getByRole('heading', { level: 1, name: '跨日对比' })).toBeVisible();
  const table = page.locator('.ant-table').first();
  await expect(table.getByRole('columnheader', { name: latest })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: weekBefore })).toBeVisible();
  const priceRow = table.getByRole('row', { name: /价格\(元\/吨\)/ });
  await expect(priceRow.getByRole('cell').nth(1)).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)?$/);
  await expect(priceRow.getByRole('cell').nth(2)).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)?$/);
  await page.screenshot({ path: path.join(SHOTS, 'crossdate-desktop.png'), fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出CSV' }).click();
  expect((await download).suggestedFilename()).toBe(`跨日对比_${latest}_${weekBefore}.csv`);

  // a year back is beyond a visitor's 30 days
  await page.getByText('一年前', { exact: true }).click();
  await expect(page.getByText('游客仅可查看最近30天数据')).toBeVisible();
});

test('index articles list and open, and the home strip shows the live index', async ({ page }) => {
  await page.goto('/morepage');
  await expect(page.getByRole('heading', { level: 1, name: '指数资讯' })).toBeVisible();
  // a weekly review quotes the computed index
  const first = page.locator('.sp-article-item a', { hasText: '乐从热卷周评' }).first();
  await expect(first).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'morepage-desktop.png'), fullPage: true });
  const title = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: title.trim() })).toBeVisible();
  await expect(page.locator('.sp-article-body')).toContainText('元/吨');

  await page.goto('/');
  const strip = page.locator('.sp-index-strip');
  await expect(strip).toContainText('乐从热卷');
  await expect(strip).toContainText('元/吨');
});

test.describe('phone 375×812', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  for (const [route, name] of [
    ['/exponentMain', 'exponentMain'],
    ['/crossdate', 'crossdate'],
    ['/morepage', 'morepage'],
  ] as const) {
    test(`${route} fits the phone`, async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (route === '/exponentMain') await trendCanvas(page);
      if (route === '/morepage') await expect(page.locator('.sp-article-item').first()).toBeVisible();
      if (route === '/crossdate') await expect(page.locator('.ant-table-row').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), fullPage: true });
    });
  }
});
