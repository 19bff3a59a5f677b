/**
 * 价格行情 (/priceTable, issue 34) as a visitor sees it: the 热轧卷板 table whose cells are the
 * median of the quotes behind them (the test reads a cell's quotes and computes the median
 * itself), with their counts and changes in market colours; a cell's history drawn as a chart
 * with the index's ranges and gates; the 390 px phone's one city at a time as cards; axe.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  createSession,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  openWithSession,
  shot,
  USERS,
} from './helpers.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/screenshots');
const TITLE_SUFFIX = ' - 钢市通 SteelPort';
const UP = 'rgb(207, 19, 34)';
const DOWN = 'rgb(14, 122, 54)';

/** The median as the server computes it: the middle price, or the mean of the two middle ones, to the fen. */
function median(prices: number[]): number {
  const sorted = [...prices].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return Math.round(value * 100) / 100;
}

/** A price as the portal writes it: whole yuan with separators (3,856). */
const yuan = (n: number) => new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 }).format(n);

/** A number read from the screen: 3,856 → 3856, −20 → -20. */
const numberIn = (text: string) => Number(text.replace(/[^\d.−-]/g, '').replace('−', '-'));

/** The desktop table once its rows are on show. */
async function openTable(page: Page, url = '/priceTable'): Promise<Locator> {
  await page.goto(url);
  const grid = page.getByTestId('price-grid');
  await expect(grid.locator('.ant-table-row').first()).toBeVisible();
  return grid;
}

test('the 热轧卷板 table: each cell is the median of its quotes, with their count and the change', async ({
  page,
}) => {
  const grid = await openTable(page);
  await expect(page.getByRole('heading', { level: 1, name: '价格行情' })).toBeVisible();
  await expect(page).toHaveTitle(`价格行情${TITLE_SUFFIX}`);
  await expect(page.getByRole('tab', { name: '热轧卷板', selected: true })).toBeVisible();
  await expect(page.locator('.sp-pt__box .sp-box__title')).toContainText('元/吨');
  await expect(page.getByTestId('price-summary')).toContainText('涨跌较');
  const moves = page.getByTestId('price-summary').getByTestId('price-moves');
  await expect(moves).toContainText(/上涨 \d+/);
  // every product's moves below the table, this one's the same as the line above it
  const own = page
    .getByTestId('price-board')
    .locator('li', { has: page.getByRole('link', { name: '热轧卷板' }) });
  await expect(own.getByRole('link')).toHaveAttribute('aria-current', 'page');
  const [rising, falling, flat] = (await moves.locator('.sp-trend').allInnerTexts()).map(numberIn);
  await expect(own.locator('.sp-sr-only')).toHaveText(
    `热轧卷板：上涨 ${rising}，下跌 ${falling}，持平 ${flat}`,
  );

  // A cell with several quotes: its price is the median of the quotes the drawer lists.
  const cell = grid.locator('button[data-testid="price-cell"][data-thin="0"]').first();
  const quotes = Number(await cell.getAttribute('data-quotes'));
  expect(quotes).toBeGreaterThanOrEqual(2);
  await expect(cell.getByTestId('price-cell-quotes')).toHaveText(`${quotes}条`);
  const shownPrice = await cell.locator('.sp-pt-cell__price').innerText();
  await cell.click();
  const drawer = page.getByTestId('price-drawer');
  const list = drawer.getByTestId('price-quote');
  await expect(list).toHaveCount(quotes);
  const listed = (await list.locator('.sp-pt-quote__price').allInnerTexts()).map(numberIn);
  const exact = (await list.evaluateAll((items) => items.map((item) => item.getAttribute('data-price')))).map(
    Number,
  );
  // what the list shows is the quotes' prices, to the yuan
  expect(listed).toEqual(exact.map((p) => Number(yuan(p).replace(/,/g, ''))));
  expect(shownPrice).toBe(yuan(median(exact)));
  await expect(drawer.getByTestId('price-quotes-count')).toContainText(
    `共 ${quotes} 条，中位价 ${shownPrice}`,
  );
  // every trader links to their firm page
  for (const href of await list
    .locator('a.sp-pt-quote__firm')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
    expect(href).toMatch(/^\/firminfo\/\d+\/normal$/);

  // Its history: a chart over a visitor's 30 days, the longer ranges locked with what opens them.
  await expect(drawer.locator('.sp-chart canvas').first()).toBeVisible();
  const ranges = drawer.getByTestId('price-history-ranges');
  await expect(ranges.locator('.ant-segmented-item-selected')).toHaveText('1个月');
  await expect(ranges.locator('[data-gate="login"]').first()).toBeVisible();
  await expect(drawer.locator('.sp-history-prompt')).toContainText('游客仅可查看最近30天数据');
  await shot(page, { path: `${SHOTS}/price-table-drawer.png` });
  await expectNoSeriousViolations(page, '/priceTable drawer');
  await page.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // Changes in market colours: a rise red with +, a fall green with −; no comparison is —.
  const changed = grid.locator(
    'button[data-testid="price-cell"]:not([data-change=""]):not([data-change="0"])',
  );
  await expect(changed.first()).toBeVisible();
  for (const button of (await changed.all()).slice(0, 6)) {
    const change = Number(await button.getAttribute('data-change'));
    const text = button.getByTestId('price-cell-change').locator('.sp-trend');
    await expect(text).toHaveCSS('color', change > 0 ? UP : DOWN);
    expect(numberIn(await text.innerText())).toBe(Number(yuan(change).replace(/,/g, '').replace('−', '-')));
  }

  // A thin cell is underlined with dots and says 样本不足; a blank one is a dash that says 无报价.
  const thin = grid.locator('button[data-testid="price-cell"][data-thin="1"]');
  if ((await thin.count()) > 0) {
    await expect(thin.first().locator('.sp-pt-cell__price')).toHaveCSS('text-decoration-style', 'dotted');
    await expect(thin.first()).toContainText('样本不足');
    await thin.first().hover();
    await expect(page.getByRole('tooltip')).toContainText('样本不足');
  }
  const blank = grid.locator('[data-testid="price-cell"][data-blank="1"]');
  if ((await blank.count()) > 0) {
    await expect(blank.first()).toHaveAttribute('aria-label', '无报价');
    await expect(blank.first()).toHaveText('—');
  }
  // (axe on the table itself: audit.spec.ts)
  await shot(page, { path: `${SHOTS}/price-table-desktop.png`, fullPage: true });
});

test('a product and a city have their own address and title; the grade filter narrows the rows', async ({
  page,
}) => {
  const grid = await openTable(page, `/priceTable/${encodeURIComponent('热轧卷板')}`);
  await expect(page).toHaveTitle(`热轧卷板价格行情${TITLE_SUFFIX}`);
  const city = (await grid.locator('thead .sp-pt-cityhead__name').first().innerText()).trim();
  await page.getByTestId('price-city').selectOption({ label: city });
  await expect(page).toHaveURL(
    new RegExp(`/priceTable/${encodeURIComponent('热轧卷板')}/${encodeURIComponent(city)}$`),
  );
  await expect(page).toHaveTitle(`${city}热轧卷板价格行情${TITLE_SUFFIX}`);
  await expect(grid.locator('thead .sp-pt-cityhead__name')).toHaveText([city]);

  const grade = (await grid.locator('.sp-pt-item__grade').first().innerText()).trim();
  await page.getByTestId('price-grade').selectOption({ label: grade });
  await expect(page).toHaveURL(new RegExp(`grade=${encodeURIComponent(grade)}`));
  await expect(grid.locator('.sp-pt-item__grade').first()).toHaveText(grade);
  for (const text of await grid.locator('.sp-pt-item__grade').allInnerTexts())
    expect(text.trim()).toBe(grade);

  // A visitor's export says what it needs before it sends anyone away.
  await page
    .locator('.sp-pt__box .sp-box__title')
    .getByRole('button', { name: /导出Excel/ })
    .click();
  await expect(page.getByTestId('gate-notice')).toContainText('请先登录');
  await expect(page).toHaveURL(/\/priceTable\//);
});

test('a VIP sees every range of a cell unlocked and no history prompt', async ({ page, request }) => {
  const { token, user } = await createSession(request, USERS.vip);
  await openWithSession(page, '/priceTable', { 'X-Token': token, loginUser: JSON.stringify(user) });
  const grid = page.getByTestId('price-grid');
  await grid.locator('button[data-testid="price-cell"]').first().click();
  const drawer = page.getByTestId('price-drawer');
  await expect(drawer.locator('.sp-chart canvas').first()).toBeVisible();
  const ranges = drawer.getByTestId('price-history-ranges');
  await expect(ranges.locator('.ant-segmented-item-selected')).toHaveText('3个月');
  await expect(ranges.locator('[data-gate]')).toHaveCount(0);
  await expect(drawer.locator('.sp-history-prompt')).toHaveCount(0);
  // What the exports hold and who may have them: price-table.test.ts ('exports').
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('one city at a time as cards, 44 px targets, no sideways scroll', async ({ page }) => {
    await page.goto('/priceTable');
    const cards = page.getByTestId('price-cards');
    await expect(cards.getByTestId('price-card').first()).toBeVisible();
    await expect(page.getByTestId('price-grid')).toHaveCount(0);
    await expectNoSidewaysScroll(page, '/priceTable at 390 px');
    for (const button of (await cards.locator('button[data-testid="price-cell"]').all()).slice(0, 5)) {
      const box = await button.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    const select = page.getByTestId('price-city-select');
    expect((await select.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    const first = await select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text.trim());
    await shot(page, { path: `${SHOTS}/price-table-phone.png`, fullPage: true });

    // Another city: its cards, and its address.
    const cities = (await select.locator('option:not([value=""])').allInnerTexts()).map((text) =>
      text.trim(),
    );
    const city = cities.find((name) => name !== first) ?? '';
    expect(city).not.toBe('');
    await select.selectOption({ label: city });
    await expect(page).toHaveURL(new RegExp(`/priceTable/[^/]+/${encodeURIComponent(city)}$`));
    await expect(cards.locator('button[data-testid="price-cell"]').first()).toHaveAttribute(
      'data-city',
      city,
    );
    await expectNoSidewaysScroll(page, `/priceTable/…/${city} at 390 px`);

    // A card opens the cell full screen with its chart.
    await cards.locator('button[data-testid="price-cell"]').first().click();
    await expect(page.getByTestId('price-drawer').locator('.sp-chart canvas').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'the cell drawer at 390 px');
    await shot(page, { path: `${SHOTS}/price-table-phone-drawer.png` });
  });
});
