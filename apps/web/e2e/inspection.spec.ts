/**
 * Warehouse inspection (issue 16): a visitor browses the partner warehouses by region and is
 * told to log in; a member sees what a request costs; the VIP demo user (free, so no demo
 * user's beans change) requests an inspection with an attachment, watches its progress, finds
 * it in 我的验货申请 and opens its trace; the demo member opens the trace of a finished one with
 * the inspector's photos. A failing upload leaves the list with its error message.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { createSession, expectDialogAccessible, openWithSession, shot, USERS } from './helpers.ts';

const SHOTS =
  process.env.INSPECTION_SHOTS ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/screenshots');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(2048, 7),
]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]);

async function openAs(page: Page, who: keyof typeof USERS): Promise<void> {
  const { token } = await createSession(page.request, USERS[who]);
  await openWithSession(page, '/beginInspection', { 'X-Token': token });
  await expect(page.getByRole('heading', { level: 1, name: '仓库验货' })).toBeVisible();
}

const attach = (page: Page) => page.getByTestId('upload').locator('input[type="file"]');

test('a visitor browses partner warehouses by region and is asked to log in', async ({ page }) => {
  await page.goto('/inspection');
  await expect(page).toHaveURL(/\/beginInspection$/);
  await expect(page.getByRole('heading', { level: 1, name: '仓库验货' })).toBeVisible();
  await expect(page.getByText('验货流程')).toBeVisible();
  await expect(page.getByText('每次申请 20 钢豆，免豆会员免费')).toBeVisible();
  const tree = page.getByTestId('region-tree');
  await expect(tree.getByText(/^华东（\d+）$/)).toBeVisible();
  await expect(page.getByText(/共 \d+ 个合作仓库/)).toBeVisible();
  await tree.getByText('上海 · 上海宝钢钢材物流宝山库').click();
  const detail = page.getByTestId('warehouse-detail');
  await expect(detail.getByRole('heading', { name: '上海宝钢钢材物流宝山库' })).toBeVisible();
  await expect(detail).toContainText('上海市宝山区月浦镇宝钢物流园');
  await expect(detail).toContainText('300,000 吨');
  await expect(detail).toContainText(/饱和度\s*\d+\.\d{2}%/);
  await expect(page.getByTestId('inspection-login')).toContainText('登录后即可在线申请验货');
  await expect(page.getByRole('link', { name: '登录', exact: true })).toHaveAttribute(
    'href',
    /\/login\?redirect=/,
  );
  await expect(page.getByText('我的验货申请')).toHaveCount(0);
});

test('a member is told the cost before sending and sees the demo requests with a photographed trace', async ({
  page,
}) => {
  await openAs(page, 'member');
  await expect(page.getByTestId('inspection-cost')).toHaveText(
    '本次申请将扣除 20 钢豆（当前余额 20 颗）；开通免豆会员可免费验货',
  );
  await expect(page.getByRole('button', { name: '提交申请（20 钢豆）' })).toBeVisible();
  const rows = page.getByTestId('inspection-row');
  await expect(rows.first()).toBeVisible();
  for (const status of ['待受理', '验货中', '已完成', '已取消']) {
    await expect(
      page.locator('.sp-inspection__history').getByText(status, { exact: true }).first(),
    ).toBeVisible();
  }
  const done = rows.filter({ hasText: '已完成' }).first();
  await done.getByRole('button', { name: /查看跟踪/ }).click();
  const drawer = page.getByTestId('inspection-trace');
  await expect(drawer.getByTestId('trace-step')).toHaveCount(4);
  await expect(drawer).toContainText('验货结论');
  await expectDialogAccessible(page, 'inspection trace drawer');
  await expect(drawer.getByTestId('trace-step').nth(1)).toContainText(/验货员 \S+/);
  const photo = drawer.getByRole('img', { name: /到库核对现场照片 1/ });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await shot(page, { path: path.join(SHOTS, 'inspection-trace-1366.png') });
});

test('a VIP requests an inspection with an attachment and follows it', async ({ page }) => {
  // many steps on a shared 2-core machine: three times the usual 30 s
  test.slow();
  await page.setViewportSize({ width: 1366, height: 900 });
  await openAs(page, 'vip');
  await expect(page.getByTestId('inspection-cost')).toHaveText('您已开通免豆会员，本次验货免费');
  const form = page.getByTestId('inspection-form');
  await form.getByLabel('验货仓库').click();
  await form.getByLabel('验货仓库').fill('乐从钢铁世界仓');
  await page.locator('.ant-select-item-option').filter({ hasText: '乐从 · 乐从钢铁世界仓' }).click();
  const coil = `E2E${Date.now().toString().slice(-8)}`;
  await form.getByLabel('卷号').fill(`${coil}\nb24h0312765`);
  await form.getByLabel('备注').fill('看边部');

  // hold the upload back a little so its progress shows
  await page.route('**/api/web/upload', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await attach(page).setInputFiles({ name: '质保书.png', mimeType: 'image/png', buffer: PNG });
  const item = page.getByTestId('upload-item').filter({ hasText: '质保书.png' });
  await expect(item).toHaveAttribute('data-status', 'uploading');
  await expect(item.getByRole('progressbar')).toBeVisible();
  await expect(item).toHaveAttribute('data-status', 'success');
  await expect(item).toContainText('上传成功');
  await expect(item).toContainText('KB');
  await expect(item.getByRole('link', { name: '质保书.png' })).toHaveAttribute(
    'href',
    /\/api\/web\/upload\/file\/\d+\?exp=/,
  );
  await page.unroute('**/api/web/upload');
  await shot(page, { path: path.join(SHOTS, 'inspection-form-1366.png') });

  await page.getByRole('button', { name: '提交申请（免费）' }).click();
  await expect(page.getByText(/验货申请已提交，编号 \d+/)).toBeVisible();
  const row = page.getByTestId('inspection-row').filter({ hasText: coil });
  await expect(row).toContainText('待受理');
  await expect(row).toContainText('免费');
  await row.getByRole('button', { name: /查看跟踪/ }).click();
  const drawer = page.getByTestId('inspection-trace');
  await expect(drawer).toContainText(coil);
  await expect(drawer).toContainText('B24H0312765');
  await expect(drawer.getByRole('link', { name: '质保书.png' })).toBeVisible();
  await expect(drawer).toContainText('尚未开始验货');
});

test('a failing upload leaves the list with its error message', async ({ page }) => {
  await openAs(page, 'vip');
  // a program renamed .jpg: the server reads its bytes and refuses it with its own words
  await attach(page).setInputFiles({ name: '照片.jpg', mimeType: 'image/jpeg', buffer: EXE });
  await expect(page.getByTestId('upload-error').filter({ hasText: '照片.jpg 上传失败' })).toContainText(
    '文件类型不支持',
  );
  await expect(page.getByTestId('upload-item')).toHaveCount(0);

  // no words from the server: fail to {method} {url} {status}
  await page.route('**/api/web/upload', (route) =>
    route.fulfill({ status: 413, body: 'Request Entity Too Large' }),
  );
  await attach(page).setInputFiles({ name: '大图.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('upload-error').filter({ hasText: '大图.png 上传失败' })).toContainText(
    'fail to post /api/web/upload 413',
  );
  await expect(page.getByTestId('upload-item')).toHaveCount(0);

  // more than five files at once: the exceed handler says so, nothing is listed
  await attach(page).setInputFiles(
    Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: PNG })),
  );
  await expect(page.getByTestId('upload-error')).toContainText('最多上传 5 个文件，本次选择了 6 个');
  await expect(page.getByTestId('upload-item')).toHaveCount(0);
});

test('on a 390 px phone the screen fits and requests are cards', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await openAs(page, 'member');
  await expect(page.getByTestId('inspection-row').first()).toBeVisible();
  await expect(page.locator('.sp-inspection__cards')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, { path: path.join(SHOTS, 'inspection-390.png'), fullPage: true });
  await shot(page, { path: path.join(SHOTS, 'inspection-390-top.png') });
  await page.getByTestId('inspection-form').scrollIntoViewIfNeeded();
  await shot(page, { path: path.join(SHOTS, 'inspection-390-form.png') });
  await page.getByTestId('inspection-row').first().scrollIntoViewIfNeeded();
  await shot(page, { path: path.join(SHOTS, 'inspection-390-history.png') });
  await context.close();
});
