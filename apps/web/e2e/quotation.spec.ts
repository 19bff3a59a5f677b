import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  animationsSettled,
  BASE_URL,
  createSession,
  expectDialogAccessible,
  footer,
  loginHref,
  menu,
  openWithSession,
  shot,
  topBar,
  USERS,
} from './helpers.ts';
import { columnTexts, facetChip, lotRows, MASKED_PHONE, prices, settled } from './lots.ts';

// Screenshots of issue 11 land in the repo's .tmp/ (git-ignored) where a reviewer can open them.
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/screenshots/issue11');

const searchBox = (page: Page) => page.getByPlaceholder('请输入品名、规格、材质或产地');
const PRICE = '价格(元/吨)';

interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** The text colour of an element as computed by the browser. */
async function colourOf(locator: Locator): Promise<Rgb> {
  const css = await locator.evaluate((element) => getComputedStyle(element).color);
  const [r = 0, g = 0, b = 0] = (css.match(/\d+/g) ?? []).map(Number);
  return { r, g, b };
}

/** WCAG contrast ratio of a colour against white. */
function contrastOnWhite({ r, g, b }: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  return 1.05 / (luminance + 0.05);
}

/** A trader with 电议 items today: the first 电议 row of the newest quotes (one search). */
async function traderWithCallForPrice(request: APIRequestContext): Promise<number> {
  const response = await request.post('/api/web/2.0/quotation/list-index', {
    data: { page: 1, pageSize: 100 },
  });
  const body = (await response.json()) as {
    data: { list: { callForPrice: boolean; trader: { userId: number | null } }[] };
  };
  const row = body.data.list.find((quote) => quote.callForPrice && quote.trader.userId !== null);
  if (!row?.trader.userId) throw new Error('the seed has no 电议 quote among the newest 100');
  return row.trader.userId;
}

test('a header search lands on /beginMain, filters by what it understood and shows it as chips', async ({
  page,
}) => {
  await page.goto('/wareHouse');
  await searchBox(page).fill('热卷 Q235B');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/beginMain?indexSearch=${encodeURIComponent('热卷 Q235B')}`);
  await expect(menu(page).locator('[aria-current="page"]')).toHaveText('今日报价');

  const understood = page.getByTestId('understood');
  await expect(understood.locator('[data-kind="product"]')).toHaveText(/品名\s*热轧卷板/);
  await expect(understood.locator('[data-kind="material"]')).toHaveText(/材质\s*Q235B/);
  await settled(page);
  expect(new Set(await columnTexts(page, '品名'))).toEqual(new Set(['热轧卷板']));
  expect(new Set(await columnTexts(page, '材质'))).toEqual(new Set(['Q235B']));
  await expect(page.getByTestId('quote-totals')).toContainText(/共 [\d,]+ 条/);
  // A buyer who meant stock is one click away: the same words count 现货 and 余料.
  const keyword = new URLSearchParams({ keyword: '热卷 Q235B' });
  await expect(page.getByTestId('also-cargo')).toHaveText(/^现货 [\d,]+ 条$/);
  await expect(page.getByTestId('also-cargo')).toHaveAttribute('href', `/wareHouse?${keyword}`);
  await expect(page.getByTestId('also-surplus')).toHaveText(/^余料 [\d,]+ 条$/);

  // Removing a chip searches without that word; the header box follows the URL.
  await understood.locator('[data-kind="material"] .ant-tag-close-icon').click();
  await expect(page).toHaveURL(/indexSearch=%E7%83%AD%E5%8D%B7$/);
  await expect(searchBox(page)).toHaveValue('热卷');
  await settled(page);
  await expect.poll(async () => (await columnTexts(page, '材质')).some((m) => m !== 'Q235B')).toBe(true);

  // Leaving today's quotations clears the box.
  await menu(page).getByRole('link', { name: '余料市场' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/surplus`);
  await expect(searchBox(page)).toHaveValue('');
});

test('facets and sorting live in the URL; back restores them; rises are red, falls green', async ({
  page,
}) => {
  await page.goto('/beginMain');
  await settled(page);
  await facetChip(page, '品名', '冷轧卷板').click();
  await expect(page).toHaveURL(/\/beginMain\?products=%E5%86%B7%E8%BD%A7%E5%8D%B7%E6%9D%BF$/);
  await settled(page);
  await expect.poll(() => columnTexts(page, '品名')).toEqual(Array(20).fill('冷轧卷板'));

  await page.getByRole('columnheader', { name: PRICE }).click();
  await expect(page).toHaveURL(/sort=price&order=asc/);
  await settled(page);
  // The previous rows stay on screen until the sorted ones arrive: wait for the order.
  const pricedRows = async () => prices(await columnTexts(page, PRICE)).filter((p) => p !== null) as number[];
  await expect
    .poll(async () => {
      const ascending = await pricedRows();
      return ascending.length > 5 && ascending.every((p, i) => i === 0 || (ascending[i - 1] ?? 0) <= p);
    })
    .toBe(true);

  // The rows on screen in the asked order: a header click during a refetch lands on the loading
  // mask (antd blurs the table and ignores clicks), so each click waits for its own rows first.
  const changes = async () =>
    (await columnTexts(page, '涨跌'))
      .filter((text) => text !== '—')
      .map((text) => Number(text.replace('−', '-').replace('+', '')));
  const ordered = (direction: 1 | -1) => async () => {
    const list = await changes();
    return list.length > 5 && list.every((n, i) => i === 0 || direction * ((list[i - 1] ?? 0) - n) <= 0);
  };
  await page.getByRole('columnheader', { name: '涨跌' }).click();
  await expect(page).toHaveURL(/sort=change&order=desc/);
  await settled(page);
  await expect.poll(ordered(-1)).toBe(true);
  const rise = page.locator('.sp-quotes__table .sp-trend--up').first();
  await expect(rise).toHaveText(/^\+\d/);
  const red = await colourOf(rise);
  expect(red.r).toBeGreaterThan(red.g);
  expect(contrastOnWhite(red)).toBeGreaterThanOrEqual(4.5);
  await page.getByRole('columnheader', { name: '涨跌' }).click();
  await expect(page).toHaveURL(/sort=change&order=asc/);
  await settled(page);
  await expect.poll(ordered(1)).toBe(true);
  const fall = page.locator('.sp-quotes__table .sp-trend--down').first();
  await expect(fall).toHaveText(/^−\d/);
  const green = await colourOf(fall);
  expect(green.g).toBeGreaterThan(green.r);
  expect(contrastOnWhite(green)).toBeGreaterThanOrEqual(4.5);

  // Back walks through the searches: the price sort, then the facet alone, then no filter.
  await page.goBack();
  await expect(page).toHaveURL(/sort=change&order=desc/);
  await page.goBack();
  await expect(page).toHaveURL(/sort=price&order=asc/);
  await page.goBack();
  await expect(page).toHaveURL(/\/beginMain\?products=[^&]+$/);
  await expect(facetChip(page, '品名', '冷轧卷板')).toHaveClass(/ant-tag-checkable-checked/);
  await page.goBack();
  await expect(page).toHaveURL(`${BASE_URL}/beginMain`);
  await expect(facetChip(page, '品名', '冷轧卷板')).not.toHaveClass(/ant-tag-checkable-checked/);
});

test('the pager’s page numbers are links to their pages (crawlable); a click pages in place', async ({
  page,
}) => {
  const search = '/beginMain?products=%E5%86%B7%E8%BD%A7%E5%8D%B7%E6%9D%BF';
  await page.goto(search);
  await settled(page);
  const pager = page.locator('main .ant-table-pagination');
  await expect(pager.locator('.ant-pagination-item-1 a')).toHaveAttribute('href', search);
  await expect(pager.locator('.ant-pagination-item-2 a')).toHaveAttribute('href', `${search}&page=2`);
  await pager.locator('.ant-pagination-item-2 a').click();
  await expect(page).toHaveURL(`${BASE_URL}${search}&page=2`);
  await settled(page);
  await expect(pager.locator('.ant-pagination-item-active')).toHaveText('2');
  await expect(pager.locator('.ant-pagination-item-1 a')).toHaveAttribute('href', search);
  await expect(pager.locator('.ant-pagination-item-3 a')).toHaveAttribute('href', `${search}&page=3`);
});

test('an earlier day from the date picker lists that day’s quotes', async ({ page }) => {
  await page.goto('/beginMain');
  await settled(page);
  const picker = page.locator('.sp-quotes__date input');
  const latest = await picker.inputValue();
  expect(latest).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const previous = new Date(`${latest}T12:00:00Z`);
  previous.setUTCDate(previous.getUTCDate() - 1);
  const day = previous.toISOString().slice(0, 10);

  await picker.click();
  await page.locator(`.ant-picker-dropdown td[title="${day}"]`).click();
  await expect(page).toHaveURL(new RegExp(`date=${day}`));
  await settled(page);
  await expect(page.getByTestId('quote-totals')).toContainText(`${day} 报价`);
  const times = await columnTexts(page, '报价时间');
  expect(times.length).toBeGreaterThan(0);
  for (const time of times) expect(time.startsWith(day.slice(5))).toBe(true);
});

test('visitors see masked phones and what the unlock costs before logging in; a member is told how it is unlocked', async ({
  page,
  request,
}) => {
  await page.goto('/beginMain');
  await settled(page);
  const phones = await page.getByTestId('trader-phone').allTextContents();
  expect(phones.length).toBe(20);
  for (const phone of phones) expect(phone).toMatch(MASKED_PHONE);
  const before = page.url();
  await lotRows(page).first().getByRole('button', { name: '查看联系方式' }).click();
  const gate = page.getByRole('dialog');
  await expect(gate.getByTestId('gate-notice')).toContainText(/登录后查看，消耗 \d+ 钢豆，VIP 免费/);
  expect(page.url()).toBe(before);
  const login = gate.getByRole('link', { name: '登录' });
  expect(new URL((await login.getAttribute('href')) ?? '', page.url()).href).toBe(loginHref(page.url()));
  // antd's Modal zooms in: a click before it has settled can miss its button.
  await animationsSettled(page);
  await gate.getByRole('button', { name: '取消' }).click();

  const { token } = await createSession(request, USERS.member);
  await openWithSession(page, '/beginMain', { 'X-Token': token });
  await settled(page);
  await lotRows(page).first().getByRole('button', { name: '查看联系方式' }).click();
  const hint = page.getByRole('tooltip');
  await expect(hint).toContainText(/每家 \d+ 个钢豆/);
  await expect(hint.getByRole('link', { name: '去该商户的现货查看' })).toHaveAttribute(
    'href',
    /^\/wareHouse\?supplierId=\d+$/,
  );
});

test('the card view shows at most three quotes per trader, each trader linking to its firm', async ({
  page,
}) => {
  await page.goto('/beginMain');
  await page.locator('.sp-quotes__view').getByText('按贸易商').click();
  await expect(page).toHaveURL(`${BASE_URL}/beginMain?view=cards`);
  const groups = page.getByTestId('trader-group');
  await expect(groups.first()).toBeVisible();
  await expect(groups).toHaveCount(12);
  for (const group of await groups.all()) {
    const quotes = await group.getByTestId('trader-quote').count();
    expect(quotes).toBeGreaterThanOrEqual(1);
    expect(quotes).toBeLessThanOrEqual(3);
  }

  const trader = groups.first().locator('a.sp-tgroup__name');
  const href = await trader.getAttribute('href');
  expect(href).toMatch(/^\/firminfo\/\d+\/normal$/);
  const name = await trader.getAttribute('title');
  await trader.click();
  await expect(page).toHaveURL(`${BASE_URL}${href}`);
  await expect(page.getByTestId('firm-profile').getByRole('heading', { level: 2 })).toHaveText(name ?? '');
});

test('the active-trader ranking links each trader to its firm page', async ({ page }) => {
  await page.goto('/beginMain');
  const rank = page.getByTestId('trader-rank');
  await expect(rank.getByRole('heading', { name: /活跃贸易商/ })).toBeVisible();
  const links = rank.getByRole('link');
  await expect(links.first()).toBeVisible();
  await expect(links).toHaveCount(10);
  const name = await links.first().getAttribute('title');
  await links.first().click();
  await expect(page).toHaveURL(/\/firminfo\/\d+\/normal$/);
  await expect(page.getByTestId('firm-profile').getByRole('heading', { level: 2 })).toHaveText(name ?? '');
});

test('a supplier link on /wareHouse opens its firm page on its stock, the menu staying on 仓库现货', async ({
  page,
}) => {
  await page.goto('/wareHouse');
  await settled(page);
  const supplier = lotRows(page).first().locator('.sp-contact a[href^="/firminfo/"]');
  const href = await supplier.getAttribute('href');
  expect(href).toMatch(/^\/firminfo\/\d+\/normal\?from=wareHouse$/);
  const name = (await supplier.getAttribute('title')) ?? '';
  await supplier.click();
  await expect(page).toHaveURL(`${BASE_URL}${href}`);
  const profile = page.getByTestId('firm-profile');
  await expect(profile.getByRole('heading', { level: 2 })).toHaveText(name);
  await expect(profile.getByTestId('firm-phone')).toHaveText(MASKED_PHONE);
  // Issue 35: it opens on the stock it was found in, never an empty 报价 tab, under 仓库现货.
  const stockTab = page.getByRole('tab', { name: /^现货 \(\d+\)$/ });
  await expect(stockTab).toHaveAttribute('aria-selected', 'true');
  const stock = Number(/\((\d+)\)/.exec((await stockTab.textContent()) ?? '')?.[1]);
  expect(stock).toBeGreaterThan(0);
  await settled(page);
  await expect(lotRows(page)).toHaveCount(Math.min(stock, 20));
  for (const weight of await columnTexts(page, '重量(吨)')) expect(weight).toMatch(/^[\d,]+\.\d{3}$/);
  await expect(menu(page).locator('[aria-current="page"]')).toHaveText('仓库现货');
  // Another tab names itself in the URL and keeps the origin, so the menu stays.
  await page.getByRole('tab', { name: /^报价 \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/tab=priced&from=wareHouse/);
  await expect(menu(page).locator('[aria-current="page"]')).toHaveText('仓库现货');

  await profile.getByTestId('firm-stock').click();
  await expect(page).toHaveURL(/\/wareHouse\?supplierId=\d+$/);
  await expect(page.getByTestId('supplier-panel')).toContainText(name);
  await settled(page);
  const links = await lotRows(page)
    .locator('.sp-contact a[href^="/firminfo/"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(new Set(links)).toEqual(new Set([href]));
});

test('a firm page lists its quotes and its 电议 items in tabs', async ({ page, request }) => {
  const userId = await traderWithCallForPrice(request);
  await page.goto(`/firminfo/${userId}/normal`);
  await expect(page.getByRole('heading', { level: 1, name: '商户报价' })).toBeVisible();
  await expect(page).toHaveTitle('商户报价 - 钢市通 SteelPort');
  const profile = page.getByTestId('firm-profile');
  await expect(profile).toContainText('主营');
  await expect(profile).toContainText('入驻时间');
  await expect(profile).toContainText('常用仓库');
  await settled(page);
  const priced = prices(await columnTexts(page, PRICE));
  expect(priced.length).toBeGreaterThan(0);
  expect(priced.every((p) => p !== null)).toBe(true);
  await expect(page.locator('.sp-quotes__table thead')).not.toContainText('贸易商');

  const callTab = page.getByRole('tab', { name: /^电议 \(\d+\)$/ });
  const count = Number(/\((\d+)\)/.exec((await callTab.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThan(0);
  await callTab.click();
  await expect(page).toHaveURL(/tab=callForPrice/);
  await settled(page);
  await expect.poll(() => columnTexts(page, PRICE)).toEqual(Array(Math.min(count, 20)).fill('电议'));
  await page.goBack();
  await expect(page.getByRole('tab', { name: /^报价 \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
});

test('an unknown trader shows a clear not-found message', async ({ page }) => {
  for (const id of ['1', '99999999', 'abc']) {
    await page.goto(`/firminfo/${id}/normal`);
    await expect(page.getByText('商户不存在', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: '查看今日报价' })).toHaveAttribute(
      'href',
      '/beginMain',
    );
  }
});

test('/firminfo/:id/embed has no top bar, menu or footer, and its links open a new tab', async ({
  page,
  request,
}) => {
  const userId = await traderWithCallForPrice(request);
  await page.goto(`/firminfo/${userId}/embed`);
  await expect(page.getByTestId('firm-profile')).toBeVisible();
  await expect(topBar(page)).toHaveCount(0);
  await expect(menu(page)).toHaveCount(0);
  await expect(footer(page)).toHaveCount(0);
  await expect(page.getByTestId('firm-stock')).toHaveAttribute('target', '_blank');

  await page.goto(`/firminfo/${userId}/normal`);
  await expect(page.getByTestId('firm-profile')).toBeVisible();
  await expect(topBar(page)).toBeVisible();
  await expect(footer(page)).toBeVisible();
});

test('a material of the home product map opens the quotes of that product and material', async ({ page }) => {
  await page.goto('/');
  const coil = page
    .getByRole('region', { name: '热轧', exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: '热轧卷板', exact: true }) });
  await coil.getByRole('link', { name: 'Q235B', exact: true }).click();
  await expect(page).toHaveURL(
    `${BASE_URL}/beginMain?products=${encodeURIComponent('热轧卷板')}&materials=Q235B`,
  );
  await expect(facetChip(page, '品名', '热轧卷板')).toHaveClass(/ant-tag-checkable-checked/);
  await expect(facetChip(page, '材质', 'Q235B')).toHaveClass(/ant-tag-checkable-checked/);
  await settled(page);
  expect(new Set(await columnTexts(page, '品名'))).toEqual(new Set(['热轧卷板']));
  expect(new Set(await columnTexts(page, '材质'))).toEqual(new Set(['Q235B']));
});

test.describe('phone 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('/beginMain shows cards that fit the screen, with prices and thumb-sized controls', async ({
    page,
  }) => {
    await page.goto('/beginMain');
    const cards = page.getByTestId('quote-card');
    await expect(cards.first()).toBeVisible();
    await expect(cards).toHaveCount(20);
    await expect(cards.first().locator('.sp-qcard__price')).toHaveText(/^([\d,.]+元\/吨|电议)$/);
    await expect(page.locator('.sp-quotes__table')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const control of [
      page.getByRole('button', { name: '筛选' }),
      page.locator('.sp-quotes__pager .ant-pagination-item-2'),
      cards.first().locator('.sp-quotes__trader'),
    ]) {
      expect((await control.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }

    await page.getByRole('button', { name: '筛选' }).click();
    await page
      .getByRole('dialog')
      .getByRole('group', { name: '品名', exact: true })
      .getByText('冷轧卷板')
      .click();
    await expect(page).toHaveURL(/products=/);
    await expectDialogAccessible(page, '/beginMain filter drawer');
    await page.keyboard.press('Escape');
    await expect(cards.first()).toContainText('冷轧卷板');

    await page.locator('.sp-quotes__view').getByText('按贸易商').click();
    await expect(page.getByTestId('trader-group').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

test('screenshots: /beginMain and /firminfo at 1366×900 and 390×844', async ({ page, request }) => {
  test.setTimeout(90_000);
  const userId = await traderWithCallForPrice(request);
  for (const [device, width, height] of [
    ['1366', 1366, 900],
    ['390', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/beginMain?indexSearch=${encodeURIComponent('热卷 Q235B')}`);
    await expect(page.getByTestId(width < 768 ? 'quote-card' : 'quote-totals').first()).toBeVisible();
    if (width >= 768) await settled(page);
    await expect(page.getByTestId('trader-rank').getByRole('link').first()).toBeVisible();
    await shot(page, { path: path.join(SHOTS, `beginMain-table-${device}.png`), fullPage: true });

    await page.goto('/beginMain?view=cards');
    await expect(page.getByTestId('trader-group').first()).toBeVisible();
    await expect(page.getByTestId('trader-rank').getByRole('link').first()).toBeVisible();
    await shot(page, { path: path.join(SHOTS, `beginMain-cards-${device}.png`), fullPage: true });

    // Any type but embed shows the portal frame; the spec's own links say `normal`, old ones `1`.
    for (const type of ['1', 'embed']) {
      await page.goto(`/firminfo/${userId}/${type}`);
      await expect(page.getByTestId('firm-profile')).toBeVisible();
      await expect(page.getByTestId(width < 768 ? 'quote-card' : 'firm-phone').first()).toBeVisible();
      if (width >= 768) await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot(page, {
        path: path.join(SHOTS, `firminfo-${type}-${device}.png`),
        fullPage: true,
      });
    }
  }
});
