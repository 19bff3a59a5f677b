import { expect, test } from '@playwright/test';
import { BASE_URL, footer, loginHref, MENU_LABELS, menu, shot, topBar } from './helpers.ts';

const SHOTS = `/tmp/shots-${process.env.E2E_PORT ?? 3211}`;

test('home: header, menu, footer and the product map as a visitor sees them', async ({ page }) => {
  await page.goto('/');
  const bar = topBar(page);

  await expect(bar.getByText('欢迎来到钢市通！')).toBeVisible();
  await expect(bar.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  await expect(bar.getByRole('link', { name: '请登录' })).toHaveAttribute('href', loginHref(`${BASE_URL}/`));
  await expect(bar.getByRole('link', { name: '免费注册' })).toHaveAttribute(
    'href',
    loginHref(`${BASE_URL}/`, true),
  );
  await expect(bar.getByRole('link', { name: '产品权益' })).toHaveAttribute('href', '/vipopen');
  await expect(bar.getByPlaceholder('请输入品名、规格、材质或产地')).toBeVisible();

  const vipBadge = bar.getByRole('link', { name: 'VIP' });
  await expect(vipBadge).toHaveAttribute('href', '/vipmember');
  await expect(vipBadge).toHaveAttribute('target', '_blank');
  await vipBadge.hover();
  await expect(page.getByRole('tooltip')).toHaveText('未开通');

  await expect(menu(page).getByRole('link')).toHaveText(MENU_LABELS);
  await expect(menu(page).getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');

  await expect(footer(page)).toBeVisible();
  await expect(footer(page)).toContainText('© 2026 钢市通 SteelPort');
  await expect(footer(page)).toContainText('ICP');

  await expect(page.getByText('平台正式上线')).toBeVisible();
  for (const benefit of [
    '显示VIP身份',
    '免费查现货',
    '免费仓库验货',
    '免费查余料',
    '免费拼单加工',
    '免费订阅',
  ]) {
    await expect(page.getByText(benefit, { exact: true })).toBeVisible();
  }
  const features = page.getByRole('region', { name: '核心服务' });
  await expect(features.getByRole('link', { name: /仓库现货/ })).toHaveAttribute('href', '/wareHouse');
  await expect(features.getByRole('link', { name: /今日报价/ })).toHaveAttribute('href', '/beginMain');
  await expect(features.getByRole('link', { name: /共享加工/ })).toHaveAttribute('href', '/process');
  await expect(features.getByRole('link', { name: /钢材指数/ })).toHaveAttribute('href', '/exponentMain');

  // Product map from the server: category cards with their products, materials, mills and sizes.
  const hotRolled = page.getByRole('region', { name: '热轧', exact: true });
  const coil = hotRolled
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: '热轧卷板', exact: true }) });
  await expect(coil).toContainText('1.5–25.4mm × 1000–2200mm');
  await expect(coil).toContainText('Q235B');
  await expect(page.getByRole('region', { name: '冷轧', exact: true })).toContainText('冷轧卷板');
  await expect(page.getByRole('region', { name: '中厚板', exact: true })).toBeVisible();
});

test('a product name opens today’s quotations with that product selected', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: '热轧卷板', exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/beginMain?products=${encodeURIComponent('热轧卷板')}`);
  await expect(
    page.getByRole('group', { name: '品名', exact: true }).locator('.ant-tag-checkable-checked'),
  ).toHaveText(/^热轧卷板\d*$/);
});

test('login links bring the user back to the page they are on', async ({ page }) => {
  await page.goto('/wareHouse?city=上海');
  const here = page.url();
  await expect(topBar(page).getByRole('link', { name: '请登录' })).toHaveAttribute('href', loginHref(here));
  await menu(page).getByRole('link', { name: '钢材指数' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/exponentMain`);
  await expect(topBar(page).getByRole('link', { name: '免费注册' })).toHaveAttribute(
    'href',
    loginHref(`${BASE_URL}/exponentMain`, true),
  );
});

test('产品权益 opens /vipopen and the VIP badge opens /vipmember in a new tab', async ({ page, context }) => {
  await page.goto('/');
  await topBar(page).getByRole('link', { name: '产品权益' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/vipopen`);
  await expect(page.getByRole('heading', { name: '开通VIP' })).toBeVisible();

  const newTab = context.waitForEvent('page');
  await topBar(page).getByRole('link', { name: 'VIP' }).click();
  const tab = await newTab;
  await expect(tab).toHaveURL(`${BASE_URL}/vipmember`);
  await expect(tab.getByRole('heading', { name: '会员中心' })).toBeVisible();
  await expect(page).toHaveURL(`${BASE_URL}/vipopen`);
});

test('the menu lights the section of child screens', async ({ page }) => {
  const cases: [string, string][] = [
    ['/firminfo/1/normal', '今日报价'],
    ['/crossdate', '钢材指数'],
    ['/morepage/article/3', '资讯'],
    ['/commercialAffairs/detail/2', '资讯'],
  ];
  for (const [path, label] of cases) {
    await page.goto(path);
    await expect(menu(page).locator('[aria-current="page"]'), path).toHaveText(label);
  }
});

test('资讯 is one menu entry whose tabs are the news screens, each with its own URL and title', async ({
  page,
}) => {
  await page.goto('/');
  await menu(page).getByRole('link', { name: '资讯' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/moreInfo`);
  await expect(page).toHaveTitle('新闻资讯 - 钢市通 SteelPort');
  await expect(menu(page).locator('[aria-current="page"]')).toHaveText('资讯');
  const tabs = page.getByRole('navigation', { name: '资讯栏目' });
  await expect(tabs.getByRole('link')).toHaveText(['新闻资讯', '市场动态', '指数资讯']);
  await expect(tabs.getByRole('link', { name: '新闻资讯' })).toHaveAttribute('aria-current', 'page');
  for (const [name, path] of [
    ['市场动态', '/commercialAffairs/list'],
    ['指数资讯', '/morepage'],
  ]) {
    await tabs.getByRole('link', { name }).click();
    await expect(page).toHaveURL(`${BASE_URL}${path}`);
    await expect(page).toHaveTitle(`${name} - 钢市通 SteelPort`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(tabs.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    await expect(menu(page).locator('[aria-current="page"]')).toHaveText('资讯');
  }
  await shot(page, { path: `${SHOTS}/news-tabs-desktop.png` });
  // On a phone the three tabs stay on one row of 44 px tap targets, with no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const box of await tabs
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.right).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, { path: `${SHOTS}/news-tabs-390.png` });
});

test('F5 to F8 are blocked in the layout', async ({ page }) => {
  await page.goto('/wareHouse');
  // The layout listens once it has rendered (the first render is a transition, after `load`).
  await expect(page.getByRole('heading', { name: '仓库现货' })).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { seenKeys: [string, boolean][] };
    w.seenKeys = [];
    // Registered after the layout's listener, so it sees whether the default was prevented.
    window.addEventListener('keydown', (event) => w.seenKeys.push([event.key, event.defaultPrevented]));
  });
  for (const key of ['F5', 'F6', 'F7', 'F8', 'F9']) await page.keyboard.press(key);
  const seen = await page.evaluate(() => (window as unknown as { seenKeys: [string, boolean][] }).seenKeys);
  expect(seen).toEqual([
    ['F5', true],
    ['F6', true],
    ['F7', true],
    ['F8', true],
    ['F9', false],
  ]);
  await expect(page.getByRole('heading', { name: '仓库现货' })).toBeVisible();
});

test('a failed product map shows an error with a working retry', async ({ page }) => {
  let failures = 1;
  await page.route('**/api/web/2.0/common/productMap', async (route) => {
    if (failures-- > 0) {
      await route.fulfill({ status: 500, json: { code: 500, message: '服务器内部错误', data: null } });
    } else {
      await route.continue();
    }
  });
  // An address with a query: the page brings no first data (contracts first-data.ts), so the map is asked for.
  await page.goto('/?from=retry');
  await expect(page.getByText('品种数据加载失败')).toBeVisible();
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByRole('link', { name: '热轧卷板', exact: true })).toBeVisible();
  await expect(page.getByText('品种数据加载失败')).toHaveCount(0);
});
