import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  createSession,
  expectNoOverlap,
  footer,
  MENU_LABELS,
  menu,
  openWithSession,
  shot,
  topBar,
  USERS,
} from './helpers.ts';

// Screenshots land in the repo's .tmp/ (git-ignored) where a reviewer can open them.
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/screenshots');

test.describe('phone 375×812', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('home shows menu and footer without horizontal overflow or overlap', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: '热轧卷板', exact: true })).toBeVisible();

    const widths = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
    }));
    expect(widths.document).toBeLessThanOrEqual(375);
    expect(widths.body).toBeLessThanOrEqual(375);

    // Issue 13: on a phone the nine entries live in a drawer opened by 菜单 beside the logo.
    await expect(menu(page)).toHaveCount(0);
    await page.getByRole('button', { name: '菜单' }).click();
    const links = menu(page).getByRole('link');
    await expect(links).toHaveText(MENU_LABELS);
    for (const link of await links.all()) await expect(link).toBeInViewport();
    await expectNoOverlap(links);
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expectNoOverlap(topBar(page).locator('.sp-topbar__group > *'));
    await expectNoOverlap(page.locator('.sp-brandbar__inner > *'));
    await expectNoOverlap(page.locator('.sp-features > *'));

    await footer(page).scrollIntoViewIfNeeded();
    await expect(footer(page)).toBeVisible();
    await expect(footer(page)).toContainText('© 2026 钢市通 SteelPort');
    await expectNoOverlap(footer(page).locator('section'));

    await shot(page, { path: path.join(SHOTS, 'home-phone.png'), fullPage: true });
  });
});

test('desktop 1440: home laid out in one row of header, menu and boxes', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: '热轧卷板', exact: true })).toBeVisible();
  const links = menu(page).getByRole('link');
  const first = await links.first().boundingBox();
  const last = await links.last().boundingBox();
  // All nine entries sit on one line at desktop width.
  expect(Math.abs((first?.y ?? 0) - (last?.y ?? 1))).toBeLessThan(2);
  await expectNoOverlap(page.locator('.sp-home__top > *'));
  await expectNoOverlap(page.locator('.sp-categories > *'));
  await shot(page, { path: path.join(SHOTS, 'home-desktop.png'), fullPage: true });
});

/** Fails when the page scrolls sideways at the current viewport width. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const scroll = await page.evaluate(() =>
    Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
  );
  expect(scroll).toBeLessThanOrEqual(width);
}

/** A live QR code's confirm address, created the way the desktop login page does. */
async function freshQrPath(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/uaa/login/wechatXcxTempQrLoginCreate?clientId=3');
  const body = (await response.json()) as { data: { qrUrl: string } };
  const url = new URL(body.data.qrUrl);
  return `${url.pathname}${url.search}`;
}

for (const [device, use] of [
  ['desktop', { viewport: { width: 1440, height: 900 } }],
  ['phone', { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }],
] as const) {
  test.describe(`account screens, ${device}`, () => {
    test.use(use);

    test('login: QR, password and register views', async ({ page }) => {
      if (device === 'desktop') {
        await page.goto('/login');
        await expect(page.getByTestId('login-qr').getByRole('img', { name: '登录二维码' })).toBeVisible();
        await expectNoSidewaysScroll(page);
        await shot(page, { path: path.join(SHOTS, `login-qr-${device}.png`), fullPage: true });
      }
      await page.goto('/login?mode=password');
      await expect(page.getByRole('form', { name: '密码登录' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, { path: path.join(SHOTS, `login-password-${device}.png`), fullPage: true });

      await page.goto('/login?mode=register');
      const form = page.getByRole('form', { name: '注册' });
      await form.getByRole('button', { name: '注册并登录' }).click();
      await expect(form.getByText('请输入手机号')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoOverlap(form.locator('.ant-form-item'));
      await shot(page, { path: path.join(SHOTS, `login-register-${device}.png`), fullPage: true });
    });

    test('phone confirm page: login form, then the confirmation', async ({ page, request }) => {
      const qrPath = await freshQrPath(request);
      await page.goto(qrPath);
      await expect(page.getByText('请先登录钢市通账号')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, { path: path.join(SHOTS, `qr-confirm-login-${device}.png`), fullPage: true });

      const { token } = await createSession(request, USERS.member);
      await page.evaluate((value) => localStorage.setItem('X-Token', value), token);
      await page.reload();
      await expect(page.getByRole('button', { name: '确认登录' })).toBeVisible();
      await expectNoOverlap(page.locator('.sp-mobile__confirm > *'));
      await expectNoSidewaysScroll(page);
      await shot(page, { path: path.join(SHOTS, `qr-confirm-${device}.png`), fullPage: true });
    });

    test('my account: profile and membership', async ({ page, request }) => {
      const { token } = await createSession(request, USERS.vip);
      await openWithSession(page, '/account/profile', { 'X-Token': token });
      await expect(page.getByRole('region', { name: '基本资料' }).getByLabel('联系人')).toHaveValue(/李娜/);
      await expectNoSidewaysScroll(page);
      await expectNoOverlap(page.locator('.sp-account > *'));
      await shot(page, { path: path.join(SHOTS, `account-profile-${device}.png`), fullPage: true });

      await page.goto('/account/membership');
      await expect(page.getByRole('row', { name: /免豆会员/ })).toContainText('已开通');
      await expectNoSidewaysScroll(page);
      await shot(page, { path: path.join(SHOTS, `account-membership-${device}.png`), fullPage: true });
    });
  });
}
