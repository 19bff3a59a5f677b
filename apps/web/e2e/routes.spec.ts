import { expect, test } from '@playwright/test';
import { BASE_URL, footer, menu, topBar } from './helpers.ts';

const REDIRECTS: [from: string, to: string, title: string][] = [
  ['/quotation?indexSearch=x', '/beginMain?indexSearch=x', '今日报价'],
  ['/exponent', '/exponentMain', '钢材指数'],
  ['/selfservice', '/beginClound', '仓库自助'],
  ['/inspection', '/beginInspection', '仓库验货'],
  ['/commercialAffairs', '/commercialAffairs/list', '市场动态'],
];

for (const [from, to, title] of REDIRECTS) {
  test(`${from} redirects to ${to}`, async ({ page }) => {
    await page.goto(from);
    await expect(page).toHaveURL(`${BASE_URL}${to}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
}

test('/quotation keeps a Chinese indexSearch through the redirect', async ({ page }) => {
  await page.goto(`/quotation?indexSearch=${encodeURIComponent('镀锌卷 DX51D')}`);
  await expect(page).toHaveURL(`${BASE_URL}/beginMain?indexSearch=${encodeURIComponent('镀锌卷 DX51D')}`);
  await expect(page.getByTestId('understood').locator('[data-kind="product"]')).toHaveText(/品名\s*镀锌卷/);
  await expect(page.getByPlaceholder('请输入品名、规格、材质或产地')).toHaveValue('镀锌卷 DX51D');
});

test('/vipopen hides the menu and the footer', async ({ page }) => {
  await page.goto('/vipopen');
  await expect(page.getByRole('heading', { name: '开通VIP' })).toBeVisible();
  await expect(topBar(page)).toBeVisible();
  await expect(menu(page)).toHaveCount(0);
  await expect(footer(page)).toHaveCount(0);
});

test('/login shows only the footer around the page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  await expect(footer(page)).toBeVisible();
  await expect(topBar(page)).toHaveCount(0);
  await expect(menu(page)).toHaveCount(0);
});

test('/firminfo/:userId/embed drops top bar and footer; normal keeps them', async ({ page }) => {
  // User 3 is the demo trader (润钢贸易).
  await page.goto('/firminfo/3/embed');
  await expect(page.getByRole('heading', { name: '商户报价' })).toBeVisible();
  await expect(topBar(page)).toHaveCount(0);
  await expect(menu(page)).toHaveCount(0);
  await expect(footer(page)).toHaveCount(0);

  await expect(page.getByTestId('firm-profile')).toContainText('润钢贸易');

  await page.goto('/firminfo/3/normal');
  await expect(page.getByRole('heading', { name: '商户报价' })).toBeVisible();
  await expect(topBar(page)).toBeVisible();
  await expect(menu(page)).toBeVisible();
  await expect(footer(page)).toBeVisible();
});

test('an unknown path shows the Chinese 404 page inside the portal', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
  await expect(menu(page)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
});
