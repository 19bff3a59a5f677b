/**
 * News (issue 15): /moreInfo lists articles with section tabs, tags and a keyword kept in the
 * URL and loads more on scroll; an article renders its sanitized body with tags, previous/next
 * and related articles and names the page; a members-only article asks a visitor to log in and
 * shows the body after login; the home page shows the headlines of every section.
 */
import { expect, type Page, test } from '@playwright/test';
import { BASE_URL, DEMO_PASSWORD, publicArticlePath, shot, USERS } from './helpers.ts';

const SHOTS = '/tmp/shots-articles';

interface Summary {
  id: number;
  title: string;
  summary: string;
  membersOnly: boolean;
  categoryName: string;
}

const items = (page: Page) => page.locator('.sp-news-item:not(.sp-news-item--skeleton)');

/**
 * Waits until the list shows the new search: every item's `part` contains `text`. The previous
 * list stays on screen until the answer arrives, so reading it right after a click raced it.
 */
async function expectEveryItem(page: Page, part: string, text: string): Promise<void> {
  await expect
    .poll(async () => {
      const texts = await items(page).locator(part).allTextContents();
      return texts.length > 0 && texts.every((t) => t.includes(text));
    })
    .toBe(true);
}

test('/moreInfo lists news, filters by section, tag and keyword, and loads more on scroll', async ({
  page,
}) => {
  await page.goto('/moreInfo');
  await expect(page.getByRole('heading', { level: 1, name: '新闻资讯' })).toBeVisible();
  await expect(page).toHaveTitle('新闻资讯 - 钢市通 SteelPort');
  await expect(page.locator('.sp-news-headlines__leadlink')).toBeVisible();
  await expect(page.locator('.sp-news-headlines__list li')).toHaveCount(4);
  await expect(items(page)).toHaveCount(10);
  await expect(page.getByTestId('news-total')).toHaveText(/共 [\d,]+ 篇/);
  await shot(page, { path: `${SHOTS}/moreInfo-1366.png`, fullPage: false });

  // Scrolling to the end loads the next page (after the spec's 200 ms delay).
  await page.locator('.sp-news-more').scrollIntoViewIfNeeded();
  await expect(items(page)).toHaveCount(20);

  // A section tab.
  await page.getByRole('tab', { name: '政策法规' }).click();
  await expect(page).toHaveURL(/category=\d+/);
  await expectEveryItem(page, '.sp-news-item__meta', '政策法规');

  // A tag, with the section cleared.
  await page.getByRole('button', { name: '清除筛选' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/moreInfo`);
  await page.getByRole('button', { name: /^市场日报/ }).click();
  await expect(page).toHaveURL(/tag=\d+/);
  await expect(page.getByRole('button', { name: /^市场日报/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(items(page)).toHaveCount(10);
  await expectEveryItem(page, '.sp-news-item__title', '市场日报');

  // A keyword on top of the tag; a reload keeps the whole search.
  await page.getByRole('searchbox', { name: '搜索资讯标题或摘要' }).fill('冷轧');
  await page.getByRole('searchbox', { name: '搜索资讯标题或摘要' }).press('Enter');
  await expect(page).toHaveURL(/keyword=%E5%86%B7%E8%BD%A7/);
  await expectEveryItem(page, '.sp-news-item__title', '冷轧市场日报');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: '搜索资讯标题或摘要' })).toHaveValue('冷轧');
  await expect(page.getByRole('button', { name: /^市场日报/ })).toHaveAttribute('aria-pressed', 'true');

  // Nothing found says so.
  await page.getByRole('searchbox', { name: '搜索资讯标题或摘要' }).fill('没有这样的文章');
  await page.getByRole('searchbox', { name: '搜索资讯标题或摘要' }).press('Enter');
  await expect(page.getByText('暂无符合条件的资讯')).toBeVisible();
});

test('an article renders its body, tags, previous/next and related, and names the page', async ({ page }) => {
  await page.goto('/moreInfo');
  await page.getByRole('button', { name: /^市场日报/ }).click();
  // The section's own list, not the one it replaces (whose first item may be another section's).
  const first = page.locator('.sp-news-item__title a').first();
  await expect(first).toContainText('市场日报');
  const title = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/moreInfo\/article\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const body = page.getByTestId('article-body');
  await expect(body.getByRole('heading', { name: '活跃市场' })).toBeVisible();
  await expect(body.locator('table tbody tr').first()).toBeVisible();
  await expect(body).toContainText('自动生成');
  await expect(page.locator('.sp-news-article__meta')).toContainText('数据生成');
  await expect(page.locator('.sp-news-article__tags')).toContainText('市场日报');
  await expect(page).toHaveTitle(`${title} - 钢市通 SteelPort`);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description).toContain('有效报价');
  await expect(page.locator('.sp-news-related__list a').first()).toBeVisible();
  await expect(page.getByText('上一篇：')).toBeVisible();
  await shot(page, { path: `${SHOTS}/article-1366.png`, fullPage: true });

  // Previous leads to the older article of the section.
  const prev = page.locator('.sp-news-article__pager a').first();
  const prevTitle = (await prev.textContent()) ?? '';
  await prev.click();
  await expect(page.getByRole('heading', { level: 1, name: prevTitle })).toBeVisible();

  await page.goto('/moreInfo/article/999999');
  await expect(page.locator('.ant-result-title')).toHaveText('文章不存在或已下线');
});

test('a members-only article asks a visitor to log in and shows the body after login', async ({
  page,
  request,
}) => {
  const res = await request.get('/api/web/2.0/article/page?categoryCode=policy&pageSize=50');
  const list = (await res.json()).data.list as Summary[];
  const locked = list.find((a) => a.membersOnly);
  expect(locked).toBeDefined();
  const path = `/moreInfo/article/${locked?.id}`;
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: locked?.title })).toBeVisible();
  const gate = page.getByTestId('article-locked');
  await expect(gate).toContainText('本文为会员文章，登录后可阅读全文。');
  await expect(gate).toContainText((locked?.summary ?? '').slice(0, 20));
  await expect(page.getByTestId('article-body')).toHaveCount(0);
  await shot(page, { path: `${SHOTS}/locked-1366.png`, fullPage: true });

  await gate.getByRole('link', { name: '登录阅读全文' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByRole('tab', { name: '密码登录' }).click();
  const form = page.getByRole('form', { name: '密码登录' });
  await form.getByLabel('手机号').fill(USERS.member);
  await form.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(`${BASE_URL}${path}`);
  await expect(page.getByTestId('article-body')).toContainText('演示资讯');
  await expect(page.getByTestId('article-locked')).toHaveCount(0);
});

test('the home page shows the news headlines of every section', async ({ page }) => {
  await page.goto('/');
  const block = page.getByTestId('home-news');
  await expect(block.getByRole('heading', { name: '资讯头条' })).toBeVisible();
  for (const name of ['市场资讯', '钢厂调价', '库存分析', '指数分析', '政策法规', '平台公告']) {
    await expect(block.getByRole('heading', { level: 3, name })).toBeVisible();
  }
  await expect(block.locator('.sp-home-news__list a')).toHaveCount(24);
  await block.scrollIntoViewIfNeeded();
  await shot(block, { path: `${SHOTS}/home-news-1366.png` });
  await block.getByRole('link', { name: '政策法规' }).click();
  await expect(page).toHaveURL(/\/moreInfo\?category=\d+/);
  await expect(page.getByRole('tab', { name: '政策法规', selected: true })).toBeVisible();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('news and an article fit the phone without sideways scroll', async ({ page, request }) => {
    for (const path of ['/moreInfo', await publicArticlePath(request), '/']) {
      await page.goto(path);
      await expect(page.locator('main h1, main .sp-news-item').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await shot(page, {
        path: `${SHOTS}/phone${path.replaceAll('/', '_') || '_home'}.png`,
        fullPage: path !== '/',
      });
    }
  });
});
