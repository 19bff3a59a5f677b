/**
 * A first visit starts the screen's reads with its code (router.tsx#prefetchScreen) under the
 * keys the screen's hooks use: the screen shows its data, and asks for each answer once. A key
 * that differed from the hook's would show here as the same call made twice.
 *
 * A public screen's plain address brings the answers of its first calls in the page itself
 * (contracts first-data.ts): the screen shows them without asking the API again.
 */
import { expect, type Page, test } from '@playwright/test';
import { FIRST_DATA_ID, type FirstAnswer } from '@steelport/contracts';
import { columnTexts, settled } from './lots.ts';

/** Counts the API calls of a visit, by path (and the ad position, the one query that tells calls apart). */
function countCalls(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const position = url.searchParams.get('positionName');
    const key = position ? `${url.pathname}?${position}` : url.pathname;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  return counts;
}

/** Waits until nothing more is asked: a late second call would arrive within this quiet time. */
async function quiet(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

test('/wareHouse opened with a filter shows the filtered stock and asks page, totals and menu once', async ({
  page,
}) => {
  const calls = countCalls(page);
  await page.goto(`/wareHouse?products=${encodeURIComponent('热轧卷板')}&sort=price&order=asc`);
  await settled(page);
  expect(new Set(await columnTexts(page, '品名'))).toEqual(new Set(['热轧卷板']));
  await expect(page.getByTestId('lot-totals')).toContainText(/共 [\d,]+ 条/);
  await quiet(page);
  for (const path of ['page', 'page-total', 'Menu']) {
    expect(calls.get(`/api/web/2.0/searchCargo/${path}`), path).toBe(1);
  }
});

test('/surplus opened with a grade asks its search once', async ({ page }) => {
  const calls = countCalls(page);
  await page.goto(`/surplus?grades=${encodeURIComponent('正品')}`);
  await settled(page);
  await quiet(page);
  for (const path of ['page', 'page-total', 'Menu']) {
    expect(calls.get(`/api/web/2.0/searchMaterial/${path}`), path).toBe(1);
  }
});

test('/wareHouse brings its first rows in the page it sends and shows them without asking the API', async ({
  page,
}) => {
  const calls = countCalls(page);
  const response = await page.goto('/wareHouse');
  const html = (await response?.text()) ?? '';
  const data = new RegExp(`<script type="application/json" id="${FIRST_DATA_ID}">([^<]*)</script>`).exec(
    html,
  );
  const answers = JSON.parse(data?.[1] ?? '[]') as FirstAnswer[];
  const first = answers.find((a) => a.url === '/api/web/2.0/searchCargo/page')?.answer as
    | { data: { list: { spec: string; supplier: { shortName: string } }[]; total: number } }
    | undefined;
  expect(first?.data.list).toHaveLength(20);
  await settled(page);
  // The first row on screen is the page's first row.
  const row = page.locator('.sp-lots__table .ant-table-row').first();
  await expect(row).toContainText(first?.data.list[0]?.supplier.shortName ?? '?');
  await expect(row).toContainText(first?.data.list[0]?.spec ?? '?');
  await expect(page.getByTestId('lot-totals')).toContainText(
    `共 ${first?.data.total.toLocaleString('en-US')} 条`,
  );
  await quiet(page);
  for (const path of ['page', 'page-total', 'Menu']) {
    expect(calls.get(`/api/web/2.0/searchCargo/${path}`) ?? 0, path).toBe(0);
  }
  expect(calls.get('/api/web/2.0/common/site') ?? 0).toBe(0);
});

test('/beginMain shows today’s quotes from its page, asking nothing for list, totals and menus', async ({
  page,
}) => {
  const calls = countCalls(page);
  await page.goto('/beginMain');
  await settled(page);
  await expect(page.getByTestId('quote-totals')).toContainText(/共 [\d,]+ 条/);
  await quiet(page);
  for (const path of ['list-index', 'list-index-total', 'getMenus']) {
    expect(calls.get(`/api/web/2.0/quotation/${path}`) ?? 0, path).toBe(0);
  }
});

test('/exponentMain draws its chart and asks the index list and the opening series once', async ({
  page,
}) => {
  const calls = countCalls(page);
  await page.goto('/exponentMain');
  await expect(page.locator('.sp-trend-chart canvas').first()).toBeVisible();
  await quiet(page);
  // The index list came with the page; the series of the day's dates is asked once.
  expect(calls.get('/api/web/2.0/index/indexInfo') ?? 0).toBe(0);
  expect(calls.get('/api/web/2.0/index/chartData/index-all')).toBe(1);
});

test('/ shows its banner and floating ad from its page; in English it asks each ad position once', async ({
  page,
}) => {
  const calls = countCalls(page);
  await page.goto('/');
  await expect(page.getByTestId('floating-ad').locator('img')).toBeVisible();
  await quiet(page);
  expect(calls.get('/api/web/2.0/ad/getByPositionName?homeBanner') ?? 0).toBe(0);
  expect(calls.get('/api/web/2.0/ad/getByPositionName?floatAd') ?? 0).toBe(0);
  // A session's language other than the page's asks for itself, each position once.
  calls.clear();
  await page.evaluate(() => localStorage.setItem('CURRENT_LANG', 'en'));
  await page.goto('/');
  await expect(page.getByTestId('floating-ad').locator('img')).toBeVisible();
  await quiet(page);
  expect(calls.get('/api/web/2.0/ad/getByPositionName?homeBanner')).toBe(1);
  expect(calls.get('/api/web/2.0/ad/getByPositionName?floatAd')).toBe(1);
});

test('before any script runs the page shows its frame, which takes no input', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto('/wareHouse');
    await expect(page.getByText('欢迎来到钢市通！')).toBeVisible();
    await expect(page.locator('.sp-nav a[aria-current="page"]')).toHaveText('仓库现货');
    await expect(page.locator('footer')).toContainText('© 2026 钢市通 SteelPort');
    await expect(page.locator('.ant-skeleton')).toBeVisible();
    // No login links yet: the frame does not know who is visiting.
    await expect(page.getByText('请登录')).toHaveCount(0);
    // A picture until the app replaces it: nothing in it can be clicked or typed into.
    await expect(page.locator('#root > div[inert]')).toHaveCount(1);
  } finally {
    await context.close();
  }
});

test('text typed into the header search as the page opens is the app’s, and searches', async ({ page }) => {
  await page.goto('/wareHouse', { waitUntil: 'commit' });
  // Filled as early as the box can take it: the frame's box cannot, the app's can.
  await page.getByRole('searchbox', { name: '请输入品名、规格、材质或产地' }).fill('热卷');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page).toHaveURL(/\/beginMain\?indexSearch=%E7%83%AD%E5%8D%B7$/);
});
