/**
 * Issue 15 (market dynamics, agencies, ads, home page): the home page shows every block with
 * real data and no layout shift; the floating ad stays closed after a reload; a broken picture
 * becomes a blank pixel; /commercialAffairs and /agency show the demo data.
 */
import { expect, type Page, test } from '@playwright/test';
import { createSession, openWithSession, shot, USERS } from './helpers.ts';
import { holdApiAnswers } from './layoutShift.ts';

const SHOTS = '.tmp/screens';
const MASKED_PHONE = /^1\d{2}\*{4}\d{4}$/;

/** Sums layout shifts without recent input from the start of the document. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __clsSources: string[] };
    w.__cls = 0;
    w.__clsSources = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        for (const s of entry.sources ?? []) {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          w.__clsSources.push(
            `${entry.value.toFixed(4)} ${el?.tagName ?? '?'}.${[...(el?.classList ?? [])].join('.')}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function readShifts(page: Page): Promise<{ cls: number; sources: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ cls: number; sources: string[] }>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const w = window as unknown as { __cls: number; __clsSources: string[] };
            resolve({ cls: w.__cls, sources: w.__clsSources });
          }),
        ),
      ),
  );
}

test.describe('home page', () => {
  test('shows every block with real data, without layout shift', async ({ page }) => {
    await recordShifts(page);
    // Every answer held back, so each block's skeleton is painted before its data replaces it.
    await holdApiAnswers(page, 300);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/', { waitUntil: 'networkidle' });

    // Banner: the running homeBanner ads as pictures, not the expired or scheduled ones.
    const slides = page.locator('.sp-banner__slide--ad img');
    await expect(slides).toHaveCount(3);
    await expect(slides.first()).toHaveAttribute('src', '/ads/home-spot.svg');
    await expect(page.locator('.sp-banner img[alt="双十一限时活动"]')).toHaveCount(0);

    // Index strip: every index with its 8-day sparkline.
    const items = page.locator('.sp-index-strip__item');
    // Retrying: the strip renders once the indices and the trade names have both arrived.
    await expect(items.nth(4)).toBeVisible();
    await expect(page.locator('.sp-sparkline[data-points="8"]').first()).toBeVisible();
    await expect(page.locator('.sp-sparkline polyline')).toHaveCount(await items.count());

    const quotes = page.getByTestId('home-block-quotes');
    await expect(quotes).toHaveAttribute('data-state', 'ready');
    await expect(quotes.locator('.sp-home-quotes__card')).toHaveCount(4);
    await expect(quotes.locator('.sp-home-quotes__card').first().locator('.sp-home-quotes__row')).toHaveCount(
      3,
    );
    await expect(quotes.locator('.sp-home-quotes__price').first()).toHaveText(/[\d,]+|电议/);

    const rank = page.getByTestId('home-block-rank');
    await expect(rank.locator('.sp-home-rank__row')).toHaveCount(10);
    await expect(rank.locator('.sp-home-rank__score').first()).toHaveText(/^[\d,]+ 分$/);

    const stock = page.getByTestId('home-block-stock');
    await expect(stock.locator('tbody tr')).toHaveCount(8);
    await expect(stock.locator('tbody tr').first().locator('td').nth(5)).toHaveText(/^[\d,]+\.\d{3}/);

    const affairs = page.getByTestId('home-block-affairs');
    await expect(affairs.locator('.sp-home-affairs__row')).toHaveCount(8);
    await expect(affairs.locator('.sp-affair-kind').first()).toHaveText(
      /钢厂调价|新库开业|会展活动|市场快讯/,
    );

    await expect(
      page.getByTestId('floating-ad').getByRole('img', { name: '开通VIP，免豆查看联系方式' }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { cls, sources } = await readShifts(page);
    console.log(`CLS /: ${cls.toFixed(4)} ${sources.join(' | ')}`);
    expect(cls, sources.join('\n')).toBeLessThan(0.05);
    await shot(page, { path: `${SHOTS}/1366-home-content.png`, fullPage: true });
  });

  test('the floating ad stays closed after a reload', async ({ page }) => {
    await page.goto('/');
    const ad = page.getByTestId('floating-ad');
    await expect(ad).toBeVisible();
    const close = ad.getByRole('button', { name: '关闭广告' });
    const box = await close.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await close.click();
    await expect(ad).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('floatingAdClosed'))).toBe('1');
    await page.reload();
    await expect(page.getByTestId('home-block-affairs')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('floating-ad')).toHaveCount(0);
  });

  test('on a phone the blocks stack without sideways scroll', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByTestId('home-block-stock').locator('tbody tr')).toHaveCount(8);
    // A phone's stock card has no column headers: the figures carry their units.
    const weight = page.getByTestId('home-block-stock').locator('tbody tr').first().locator('td').nth(5);
    await expect(weight).toHaveText(/^[\d,]+\.\d{3} 吨$/, { useInnerText: true });
    await expect(page.getByTestId('home-block-affairs').locator('.sp-home-affairs__row')).toHaveCount(8);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const link = page.getByTestId('home-block-affairs').locator('.sp-home-affairs__title').first();
    expect((await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await shot(page, { path: `${SHOTS}/390-home-content.png`, fullPage: true });
  });
});

test.describe('market dynamics', () => {
  test('the list shows items with pictures, filters by type and pages', async ({ page }) => {
    await page.goto('/commercialAffairs/list');
    await expect(page.getByRole('heading', { level: 1, name: '市场动态' })).toBeVisible();
    const items = page.getByTestId('affair-item');
    await expect(items).toHaveCount(10);
    await expect(items.first().locator('img')).toHaveAttribute('src', /\/ads\/cover-\w+\.svg$/);
    await expect(
      page.getByRole('navigation', { name: '动态类型' }).getByRole('link', { name: '全部' }),
    ).toHaveAttribute('aria-current', 'page');
    await page.getByTestId('affair-kind-priceAdjust').click();
    await expect(page).toHaveURL(/kind=priceAdjust/);
    await expect(items.first().locator('.sp-affair-kind')).toHaveText('钢厂调价');
    await expect(items.first().getByRole('heading')).toContainText(/出厂价(上调|下调)\d+元\/吨/);
    for (const kind of await items.locator('.sp-affair-kind').allTextContents())
      expect(kind).toBe('钢厂调价');
    await page.getByTestId('affair-kind-all').click();
    await page.locator('.ant-pagination').getByText('2', { exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(items).toHaveCount(10);
    await shot(page, { path: `${SHOTS}/1440-affairs-list.png`, fullPage: true });
  });

  test('an item shows its text and the items beside it', async ({ page }) => {
    await page.goto('/commercialAffairs/list');
    const second = page.getByTestId('affair-item').nth(1).getByRole('heading').getByRole('link');
    const title = (await second.textContent()) ?? '';
    await second.click();
    await expect(page).toHaveURL(/\/commercialAffairs\/detail\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.sp-article-body p').first()).toBeVisible();
    await expect(page.locator('.sp-affair-nav a')).toHaveCount(2);
    await expect(page.locator('.sp-side-ads img')).toHaveCount(2);
    await page.goto('/commercialAffairs/detail/999999');
    await expect(page.getByText('该市场动态不存在或已下线')).toBeVisible();
  });

  test('a picture that fails to load becomes a blank pixel, not a broken-image icon', async ({ page }) => {
    await page.route('**/ads/cover-*.svg', (route) => route.fulfill({ status: 404, body: 'missing' }));
    await page.goto('/commercialAffairs/list');
    const img = page.getByTestId('affair-item').first().locator('img');
    await expect(img).toHaveAttribute('data-state', 'failed');
    const shown = await img.evaluate((el: HTMLImageElement) => ({
      src: el.currentSrc || el.src,
      complete: el.complete,
      naturalWidth: el.naturalWidth,
      naturalHeight: el.naturalHeight,
    }));
    expect(shown.src.startsWith('data:image/gif')).toBe(true);
    expect(shown).toMatchObject({ complete: true, naturalWidth: 1, naturalHeight: 1 });
  });
});

test.describe('agencies', () => {
  test('a visitor sees agency cards with masked phones and filters them', async ({ page }) => {
    await page.goto('/agency');
    await expect(page.getByRole('heading', { level: 1, name: '代理商' })).toBeVisible();
    const cards = page.getByTestId('agency-card');
    await expect(cards).toHaveCount(12);
    await expect(page.getByText('共 40 家')).toBeVisible();
    await expect(cards.first().getByTestId('agency-phone')).toHaveText(MASKED_PHONE);
    await expect(cards.first().getByRole('link', { name: '登录查看' })).toBeVisible();
    await expect(page.locator('.sp-agency-top img')).toHaveAttribute('src', '/ads/list-top.svg');

    // The pages are links to their addresses; a click pages in place.
    const pager = page.getByRole('navigation', { name: '分页' });
    await expect(pager.getByRole('link', { name: '2', exact: true })).toHaveAttribute(
      'href',
      '/agency?page=2',
    );
    await pager.getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pager.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');

    // The brand list is the browser's own select; a choice starts again on the first page.
    const brand = page.getByRole('combobox', { name: '代理品牌' });
    await brand.selectOption('宝钢');
    await expect(page).toHaveURL(/brand=/);
    await expect(page).not.toHaveURL(/page=/);
    // Every card of the new list (the old one stays until the answer arrives).
    await expect
      .poll(async () => {
        const texts = await cards.allTextContents();
        return texts.length > 0 && texts.every((text) => text.includes('宝钢'));
      })
      .toBe(true);
    await shot(page, { path: `${SHOTS}/1440-agency.png`, fullPage: true });
  });

  test('a member sees the full phone on the detail page', async ({ page, request }) => {
    await page.goto('/agency');
    const first = page.getByTestId('agency-card').first().getByRole('heading').getByRole('link');
    const name = (await first.textContent()) ?? '';
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('agency-phone')).toHaveText(MASKED_PHONE);
    const path = new URL(page.url()).pathname;
    const { token } = await createSession(request, USERS.member);
    await openWithSession(page, path, { 'X-Token': token });
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('agency-phone')).toHaveText(/^1\d{10}$/);
    await expect(page.getByText('公司简介')).toBeVisible();
    await page.goto('/agency/detail/999999');
    await expect(page.getByText('该代理商不存在或已下线')).toBeVisible();
  });
});
