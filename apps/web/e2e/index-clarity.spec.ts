/**
 * Issue 13 on the index screens, as a person sees them on a desktop and a 390 px phone: range
 * tabs a caller cannot use are disabled and say why, a gated date says 登录可见 (never 无数据),
 * the home strip shows that it scrolls, deals have their own axis, every index has a weekly
 * review on /morepage, and figures read in the one number format.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  createSession,
  expectDialogAccessible,
  expectNoSidewaysScroll,
  openWithSession,
  shot,
  USERS,
} from './helpers.ts';

const SHOTS = '/tmp/shots-index-clarity';
mkdirSync(SHOTS, { recursive: true });

const GATED = ['3个月', '6个月', '1年', '全部'];

async function indexNames(page: Page): Promise<string[]> {
  const body = await (await page.request.get('/api/web/2.0/index/indexInfo')).json();
  return body.data.definitions.map((d: { name: string }) => d.name);
}

test.describe('desktop 1366×900', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('a visitor sees the longer ranges disabled, each saying 登录可见, and deals on their own axis', async ({
    page,
  }) => {
    await page.goto('/exponentMain');
    const tabs = page.getByTestId('trend-ranges');
    await expect(tabs.locator('.ant-segmented-item-selected')).toHaveText('1个月');
    for (const label of GATED) {
      const item = tabs.locator('.ant-segmented-item', { hasText: label });
      await expect(item).toHaveClass(/ant-segmented-item-disabled/);
      await expect(item.locator('input')).toBeDisabled();
    }
    await tabs.locator('.sp-range-gated', { hasText: '6个月' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('登录可见');

    // a click on a gated range explains what opens it and offers the login, coming back here
    // (force: Playwright will not click inside a disabled control; a mouse still can)
    // The click lands as the label's tip appears (Playwright points and presses at once): the tip
    // must not take the click away from the label (HoverTooltip never replaces its element).
    await tabs.locator('.sp-range-gated', { hasText: '1年' }).click({ force: true });
    const notice = page.getByRole('dialog');
    await expect(notice.getByTestId('gate-notice')).toContainText('游客仅可查看最近30天数据');
    await expectDialogAccessible(page, 'index gate notice');
    await expect(notice.getByRole('link', { name: '登录' })).toHaveAttribute(
      'href',
      /redirect=.*exponentMain/,
    );
    await notice.getByRole('button', { name: '取消' }).click();

    // deals (成交) are drawn against an axis of their own, below the stock bars
    const chart = page.getByTestId('trend-chart');
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(chart).toHaveAttribute('data-axes', '元/吨|库存(吨)|成交(吨)');
    await expect(chart).toHaveAttribute('data-legend', /成交/);
    await page.waitForLoadState('networkidle');
    await shot(chart, { path: `${SHOTS}/trend-chart-1366.png` });
    await shot(page, { path: `${SHOTS}/exponentMain-visitor-1366.png`, fullPage: true });
  });

  test('a member may use up to a year; 全部 says 免豆会员可见', async ({ page, request }) => {
    test.slow(); // a year of two indexes on a machine shared by several suites
    const { token, user } = await createSession(request, USERS.member);
    await openWithSession(page, '/exponentMain', { 'X-Token': token, loginUser: JSON.stringify(user) });
    const tabs = page.getByTestId('trend-ranges');
    await expect(tabs.locator('.ant-segmented-item-selected')).toHaveText('3个月');
    for (const label of ['1个月', '3个月', '6个月', '1年']) {
      await expect(tabs.locator('.ant-segmented-item', { hasText: label })).not.toHaveClass(/disabled/);
    }
    const all = tabs.locator('.ant-segmented-item', { hasText: '全部' });
    await expect(all).toHaveClass(/ant-segmented-item-disabled/);
    await all.locator('.sp-range-gated').hover();
    await expect(page.getByRole('tooltip')).toHaveText('免豆会员可见');
    // a year is a member's whole window: the chart is not cut short
    const answer = page.waitForResponse(
      (r) => r.url().includes('/chartData/index-all') && r.status() === 200,
    );
    await tabs.getByText('1年', { exact: true }).click();
    expect((await (await answer).json()).data.limitedBy).toBeNull();
  });

  test('cross-date says 登录可见 for a date before the visitor window, never 无数据', async ({ page }) => {
    await page.goto('/crossdate');
    const fields = page.locator('.ant-table').first();
    const priceRow = fields.getByRole('row', { name: /价格\(元\/吨\)/ });
    // 元/吨 whole with separators
    await expect(priceRow.getByRole('cell').nth(1)).toHaveText(/^\d{1,3}(,\d{3})*$/);
    await page.getByText('一年前', { exact: true }).click();
    await expect(priceRow.getByRole('cell').nth(2)).toHaveText('登录可见');
    await expect(fields.getByRole('row', { name: /数据来源/ })).toContainText('登录可见');
    const overview = page.locator('.ant-table').nth(1);
    await expect(overview.getByText('登录可见').first()).toBeVisible();
    await expect(page.locator('.sp-crossdate__result')).not.toContainText('无数据');
    // the tonnage fields are whole tonnes, never 34591.613
    const stock = fields
      .getByRole('row', { name: /库存\(吨\)/ })
      .getByRole('cell')
      .nth(1);
    await expect(stock).toHaveText(/^\d{1,3}(,\d{3})*$/);
    await shot(page, { path: `${SHOTS}/crossdate-visitor-1366.png`, fullPage: true });
  });

  test('the home strip shows that more indexes lie to the side, and scrolls to them', async ({ page }) => {
    const names = await indexNames(page);
    await page.goto('/');
    const strip = page.locator('.sp-index-strip');
    await expect(strip.locator('.sp-index-strip__item')).toHaveCount(names.length);
    await expect(page.getByTestId('index-strip-hint')).toHaveText(`共 ${names.length} 个，可左右滑动`);
    const next = page.getByTestId('index-strip-next');
    await expect(next).toBeVisible();
    await shot(page.locator('.sp-index-strip'), { path: `${SHOTS}/home-strip-1366.png` });
    // the last index is hidden until the strip scrolls; the cue brings the next ones in
    const last = strip.locator('.sp-index-strip__item').last();
    await expect(last).not.toBeInViewport({ ratio: 1 });
    const track = page.getByTestId('index-strip-track');
    await next.click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    await expect(page.getByRole('button', { name: '向左滚动指数' })).toBeVisible();
    // at the far end the right cue goes, the last index is whole
    await track.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(last).toBeInViewport({ ratio: 0.9 });
    await expect(next).toHaveCount(0);
  });

  test('/morepage lists a generated weekly review for every index', async ({ page }) => {
    const names = await indexNames(page);
    expect(names.length).toBe(12);
    await page.goto('/morepage');
    const weekly = page.getByTestId('weekly-reviews');
    const items = weekly.locator('.sp-weekly__item');
    await expect(items).toHaveCount(12);
    for (const name of names) {
      const item = items.filter({ hasText: name });
      await expect(item.locator('.sp-weekly__index')).toHaveText(name);
      await expect(item.getByText('数据生成')).toBeVisible();
    }
    await shot(page, { path: `${SHOTS}/morepage-1366.png`, fullPage: true });
    const last = names[names.length - 1] as string;
    await items.filter({ hasText: last }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${last}周评`) })).toBeVisible();
    await expect(page.locator('.sp-article-body')).toContainText('本文由系统根据钢市通指数数据自动生成');
    await expect(page.locator('.sp-article-body')).toContainText(/\d{1,3}(,\d{3})*元\/吨/);
  });
});

test.describe('phone 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the home strip cue is visible and nothing scrolls sideways', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.sp-index-strip__item').first()).toBeVisible();
    await expect(page.getByTestId('index-strip-next')).toBeVisible();
    await expect(page.getByTestId('index-strip-hint')).toBeVisible();
    const box = await page.getByTestId('index-strip-next').boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await expectNoSidewaysScroll(page);
    await shot(page.locator('.sp-index-strip'), { path: `${SHOTS}/home-strip-390.png` });
  });

  for (const route of ['/exponentMain', '/crossdate', '/morepage']) {
    test(`${route} fits 390 px`, async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (route === '/exponentMain') {
        await expect(page.getByTestId('trend-chart').locator('canvas').first()).toBeVisible();
        await expect(page.getByTestId('trend-ranges').locator('.ant-segmented-item-disabled')).toHaveCount(4);
        // the indexes to overlay wrap as chips a finger can tap
        const chips = page.getByRole('group', { name: '叠加指数' }).getByRole('button');
        await expect(chips).toHaveCount(12);
        for (const box of await chips.evaluateAll((all) => all.map((c) => c.getBoundingClientRect())))
          expect(box.height).toBeGreaterThanOrEqual(44);
        await page.waitForLoadState('networkidle');
        await shot(page.locator('.sp-trend-chart'), { path: `${SHOTS}/trend-chart-390.png` });
      }
      if (route === '/crossdate') {
        await expect(page.locator('.ant-table-row').first()).toBeVisible();
        // the overview is a card per index on a phone; a gated date says so there too
        const cards = page.getByTestId('crossdate-cards');
        await expect(cards.locator('.sp-crossdate-card')).toHaveCount(12);
        await page.getByText('一年前', { exact: true }).click();
        await expect(cards.getByText('登录可见').first()).toBeVisible();
      }
      if (route === '/morepage') await expect(page.locator('.sp-weekly__item')).toHaveCount(12);
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page);
      await shot(page, { path: `${SHOTS}${route.replace('/', '/')}-390.png`, fullPage: true });
    });
  }
});
