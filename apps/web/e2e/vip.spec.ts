/**
 * VIP membership paid by QR code (issue 14), in a real browser against the real server and its
 * sandbox payment provider: a member buys 免豆会员 on /vipopen, a phone-sized context opens the
 * QR's address and confirms, the desktop shows success within 3 s, the header's badge turns on
 * without a new login, and unlocking a supplier's phone on /wareHouse then costs no beans.
 * Then the visitor's way through the login site, the closed and expired views, /vipmember and
 * both screens at 390 px. Every buyer is a member registered here, so no other spec's demo
 * user changes membership.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import type { MyInfo } from '@steelport/contracts';
import {
  BASE_URL,
  DEMO_PASSWORD,
  footer,
  menu,
  openWithSession,
  registerMember,
  shot,
  storedSession,
  topBar,
  USERS,
} from './helpers.ts';
import { lotRows, settled } from './lots.ts';

// Screenshots land in the repo's .tmp/ (git-ignored), or where VIP_SHOTS says.
const SHOTS =
  process.env.VIP_SHOTS ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/screenshots');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

const BUYER_PASSWORD = 'steel2026';

async function myInfo(request: APIRequestContext, token: string): Promise<MyInfo> {
  const answer = await request.get('/api/web/user/myInfo', { headers: { 'X-Token': token } });
  return ((await answer.json()) as { data: MyInfo }).data;
}

/** The page is no wider than the window: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/** Every visible button, link, checkbox and radio of `main` is at least 44 px tall and wide. */
async function expectTapTargets(page: Page, scope = 'main'): Promise<void> {
  const small = await page.locator(scope).evaluate((root) => {
    const found: string[] = [];
    const targets = root.querySelectorAll(
      'button, a[href], .ant-radio-button-wrapper, .ant-checkbox-wrapper, input.ant-input-number-input',
    );
    for (const element of targets) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // An input inside its bordered wrapper: the wrapper is the target.
      const target = element.closest('.ant-input-number') ?? element;
      const outer = target.getBoundingClientRect();
      if (outer.height < 44 || outer.width < 44) {
        found.push(
          `${element.tagName} "${(element.textContent ?? '').trim().slice(0, 20)}" ${Math.round(outer.width)}×${Math.round(outer.height)}`,
        );
      }
    }
    return found;
  });
  expect(small, 'targets under 44 px').toEqual([]);
}

/** Orders 免豆会员 for `days` on /vipopen (already open) and returns the QR's address. */
async function orderVip(page: Page, days: number): Promise<string> {
  const card = page.getByTestId('vip-commodity').filter({ has: page.getByText('免豆会员', { exact: true }) });
  await expect(card.getByRole('checkbox')).toBeChecked();
  const radio = page.getByRole('radio', { name: new RegExp(`^${days}天`) });
  await page.locator('label.sp-vipopen__day', { has: radio }).click();
  await expect(radio).toBeChecked();
  await expect(page.getByTestId('vip-amount')).toHaveText(/^[\d,]+\.\d{2} 元$/);
  await page.getByRole('button', { name: '立即支付' }).click();
  const qr = page.getByTestId('pay-qr');
  await expect(qr.getByRole('img', { name: '支付二维码' })).toBeVisible();
  await expect(page.getByTestId('pay-countdown')).toHaveText(/请在 1[45]:\d{2} 内完成支付/);
  const url = await qr.getAttribute('data-qr-url');
  expect(url).toMatch(/\/m\/pay\/\d+$/);
  return url!;
}

/** A phone-sized browser context on the QR's address, logged in with `token` (null: not logged in). */
async function openOnPhone(browser: Browser, qrUrl: string, token: string | null) {
  const context = await browser.newContext({ ...PHONE, baseURL: BASE_URL, locale: 'zh-CN' });
  const phone = await context.newPage();
  if (token) await openWithSession(phone, new URL(qrUrl).pathname, { 'X-Token': token });
  else await phone.goto(new URL(qrUrl).pathname);
  return { context, phone };
}

test('a member buys 免豆会员 for 30 days by QR; the badge lights and unlocking costs no beans', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const buyer = await registerMember(request, { prefix: '136', password: BUYER_PASSWORD, linkMan: '赵六' });
  const token = buyer.token;
  await openWithSession(page, `/vipopen?redirect=${encodeURIComponent('/wareHouse')}`, { 'X-Token': token });

  await expect(page.getByRole('heading', { level: 1, name: '开通VIP' })).toBeVisible();
  await expect(menu(page)).toHaveCount(0);
  await expect(footer(page)).toHaveCount(0);
  await expect(page.getByTestId('vip-status')).toContainText('您尚未开通免豆会员');
  await expect(page.getByTestId('vip-badge')).not.toHaveClass(/sp-vipbadge--on/);
  await expect(page.getByTestId('vip-amount')).toHaveText(/元$/);
  await shot(page, { path: path.join(SHOTS, 'vipopen-desktop.png'), fullPage: true });

  const qrUrl = await orderVip(page, 30);
  // The amount comes with the payment's own answer, which may follow the QR code.
  await expect(page.getByTestId('pay-amount')).toHaveText(/^[\d,]+\.\d{2} 元$/);
  const amount = (await page.getByTestId('pay-amount').textContent())?.trim();
  await shot(page, { path: path.join(SHOTS, 'vip-pay-desktop.png'), fullPage: true });

  // The phone opens the QR's address with the same account and confirms.
  const { context, phone } = await openOnPhone(browser, qrUrl, token);
  await expect(phone.getByRole('heading', { name: '确认支付' })).toBeVisible();
  await expect(phone.getByTestId('mpay-amount')).toHaveText(amount!);
  await expect(phone.getByTestId('mpay')).toContainText('免豆会员 · 30天');
  await expectNoSidewaysScroll(phone);
  await shot(phone, { path: path.join(SHOTS, 'vip-mpay-phone.png'), fullPage: true });
  await phone.getByRole('button', { name: '确认支付' }).click();
  const confirmedAt = Date.now();
  await expect(phone.getByText('支付成功')).toBeVisible();

  // The desktop, polling every 2 s, shows success within 3 s.
  await expect(page.getByTestId('pay-success')).toBeVisible({ timeout: 3000 });
  console.log(`desktop showed success ${Date.now() - confirmedAt} ms after the phone confirmed`);
  await expect(page.getByTestId('pay-success')).toContainText(/免豆会员有效期至 \d{4}-\d{2}-\d{2}/);
  // The badge turns on without logging in again; storage holds the new membership.
  await expect(page.getByTestId('vip-badge')).toHaveClass(/sp-vipbadge--on/);
  const stored = await storedSession(page);
  expect(JSON.parse(stored.VIPINFO ?? '{}')).toMatchObject({ name: '免豆会员', isVip: 1 });
  expect(JSON.parse(stored.memberVipInfo ?? '[]')).toEqual(
    expect.arrayContaining([expect.objectContaining({ name: '免豆会员', isVip: 1 })]),
  );
  await shot(page, { path: path.join(SHOTS, 'vip-success-desktop.png'), fullPage: true });
  await context.close();

  // 返回原页面 goes back to /wareHouse, where a supplier's phone now costs no beans.
  await page.getByTestId('pay-back').click();
  await expect(page).toHaveURL(`${BASE_URL}/wareHouse`);
  await settled(page);
  await expect(page.getByTestId('enquiry-total')).toContainText('免豆会员');
  const before = (await myInfo(request, token)).beans;
  const row = lotRows(page)
    .filter({ has: page.getByRole('button', { name: '查看联系方式' }) })
    .first();
  const target = page.locator(`tr[data-row-key="${await row.getAttribute('data-row-key')}"]`);
  await target.getByRole('button', { name: '查看联系方式' }).click();
  await expect(target.getByTestId('supplier-phone')).toHaveText(/^1\d{10}$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect((await myInfo(request, token)).beans).toBe(before);
});

test('a visitor is sent to log in and comes back to the same choice', async ({ page }) => {
  await page.goto('/vipopen?day=90');
  await expect(page.getByTestId('vip-commodity').first()).toBeVisible();
  await expect(page.getByRole('radio', { name: /^90天/ })).toBeChecked();
  await expect(page.getByTestId('vip-beans-note')).toContainText('登录后可使用钢豆抵扣');
  await page.getByRole('button', { name: '登录后支付' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe(
    `${BASE_URL}/vipopen?day=90`,
  );
  await page.getByRole('tab', { name: '密码登录' }).click();
  const form = page.getByRole('form', { name: '密码登录' });
  await form.getByLabel('手机号').fill(USERS.member);
  await form.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/vipopen?day=90`);
  await expect(page.getByRole('radio', { name: /^90天/ })).toBeChecked();
  await expect(page.getByRole('button', { name: '立即支付' })).toBeVisible();
  await expect(page.getByTestId('vip-status')).toContainText('钢豆余额');
});

test('beans take off at most the stated share; the phone can cancel and the desktop shows it closed', async ({
  page,
  browser,
  request,
}) => {
  const buyer = await registerMember(request, { prefix: '136', password: BUYER_PASSWORD, linkMan: '钱八' });
  const { beans } = await myInfo(request, buyer.token);
  await openWithSession(page, '/vipopen?day=365', { 'X-Token': buyer.token });
  await expect(page.getByTestId('vip-amount')).toHaveText(/元$/);
  const note = page.getByTestId('vip-beans-note');
  await expect(note).toContainText('最多抵扣订单金额的');
  const toggle = page.getByRole('checkbox', { name: '使用钢豆抵扣' });
  if (beans > 0) {
    const full = await page.getByTestId('vip-amount').textContent();
    // Controlled by the URL: the box shows the new state once the address changed.
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(note).toContainText(/使用 \d+ 颗钢豆，抵扣 [\d,.]+ 元/);
    await expect(page.getByTestId('vip-amount')).not.toHaveText(full!);
    expect(new URL(page.url()).searchParams.get('beans')).toBe('1');
  } else {
    await expect(toggle).toBeDisabled();
  }

  const qrUrl = await orderVipKeepingChoice(page);
  // The phone is not logged in: it logs in on the page and comes back to the payment.
  const { context, phone } = await openOnPhone(browser, qrUrl, null);
  await expect(phone.getByText('请先登录下单的钢市通账号，再确认支付')).toBeVisible();
  await phone.getByLabel('手机号').fill(buyer.user.phone);
  await phone.getByLabel('密码', { exact: true }).fill(BUYER_PASSWORD);
  await phone.getByRole('button', { name: '登录' }).click();
  await expect(phone.getByTestId('mpay-amount')).toHaveText(/元$/);
  await phone.getByRole('button', { name: '取消' }).click();
  await expect(phone.getByText('已取消支付')).toBeVisible();
  await context.close();

  await expect(page.getByTestId('pay-closed')).toBeVisible({ timeout: 5000 });
  await expect(page.getByTestId('pay-closed')).toContainText('订单已关闭');
  // Held beans came back with the close.
  expect((await myInfo(request, buyer.token)).beans).toBe(beans);
  await page.getByRole('button', { name: '重新下单' }).click();
  await expect(page.getByRole('button', { name: '立即支付' })).toBeVisible();
});

/** 立即支付 with whatever is chosen; the QR's address. */
async function orderVipKeepingChoice(page: Page): Promise<string> {
  await page.getByRole('button', { name: '立即支付' }).click();
  const qr = page.getByTestId('pay-qr');
  await expect(qr.getByRole('img', { name: '支付二维码' })).toBeVisible();
  return (await qr.getAttribute('data-qr-url'))!;
}

test('another account cannot pay the order: the phone page says why', async ({ page, browser, request }) => {
  const buyer = await registerMember(request, { prefix: '136', password: BUYER_PASSWORD, linkMan: '孙九' });
  await openWithSession(page, '/vipopen', { 'X-Token': buyer.token });
  const qrUrl = await orderVip(page, 30);
  const other = await request.post('/api/test/session', { data: { phone: USERS.member } });
  const otherToken = ((await other.json()) as { data: { token: string } }).data.token;
  const { context, phone } = await openOnPhone(browser, qrUrl, otherToken);
  await expect(phone.getByText('无法支付')).toBeVisible();
  await expect(phone.getByRole('button', { name: '确认支付' })).toHaveCount(0);
  await context.close();
  await expect(page.getByTestId('pay-qr')).toBeVisible();
});

test('an expired QR shows the expired view with the way to order again', async ({ page, request }) => {
  const buyer = await registerMember(request, { prefix: '136', password: BUYER_PASSWORD, linkMan: '周十' });
  // The server's clock is the real one; the page's is moved on past the 15 minutes.
  await page.clock.install();
  await openWithSession(page, '/vipopen', { 'X-Token': buyer.token });
  await orderVip(page, 30);
  await page.clock.fastForward('15:05');
  await expect(page.getByTestId('pay-expired')).toBeVisible();
  await expect(page.getByTestId('pay-expired')).toContainText('支付二维码已过期');
  await page.getByRole('button', { name: '重新下单' }).click();
  await expect(page.getByRole('button', { name: '立即支付' })).toBeVisible();
});

test('/vipmember: the VIP demo user sees the member picture, memberships, benefits and orders', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const session = await request.post('/api/test/session', { data: { phone: USERS.vip } });
  const { token } = ((await session.json()) as { data: { token: string } }).data;
  await openWithSession(page, '/vipmember', { 'X-Token': token });
  await expect(page.getByRole('heading', { level: 1, name: '会员中心' })).toBeVisible();
  await expect(menu(page)).toBeVisible();
  const hero = page.getByTestId('vip-hero');
  await expect(hero).toHaveAttribute('data-member', 'yes');
  await expect(hero.locator('svg[data-state="member"]')).toBeVisible();
  await expect(hero).toContainText(/免豆会员 · 有效期至 \d{4}-\d{2}-\d{2}/);
  const vipEntry = page.getByTestId('vip-entry').filter({ hasText: '免豆会员' });
  await expect(vipEntry).toContainText('生效中');
  await expect(vipEntry).toContainText(/剩余 \d+ 天/);
  await expect(page.getByTestId('vip-benefit').first()).toBeVisible();
  await expect(page.getByTestId('vip-orders').getByTestId('vip-order').first()).toBeVisible();
  await expect(page.getByTestId('vip-orders')).toContainText('已支付');
  await hero.getByRole('link', { name: '续费会员' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/vipopen?redirect=%2Fvipmember`);
  await expect(page.getByTestId('vip-status')).toContainText('您已开通免豆会员');
  await page.goBack();
  await shot(page, { path: path.join(SHOTS, 'vipmember-desktop.png'), fullPage: true });
});

test('/vipmember: a visitor sees the non-member picture, the benefits and a way to log in', async ({
  page,
}) => {
  await page.goto('/vipmember');
  const hero = page.getByTestId('vip-hero');
  await expect(hero).toHaveAttribute('data-member', 'no');
  await expect(hero.locator('svg[data-state="nonmember"]')).toBeVisible();
  await expect(hero).toContainText('登录后查看您的会员与开通记录');
  await expect(hero.getByRole('link', { name: '登录查看' })).toHaveAttribute(
    'href',
    `${BASE_URL}/login?redirect=${encodeURIComponent(`${BASE_URL}/vipmember`)}`,
  );
  const vipBenefits = page.getByTestId('vip-benefit').filter({ hasText: '免豆会员' });
  await expect(vipBenefits).toBeVisible();
  // 免费订阅 says how many (issue 19), as /vipopen does.
  await expect(vipBenefits).toContainText('免费订阅：会员 1 个、免豆会员 50 个保存的搜索与指数提醒');
  await expect(page.getByTestId('vip-orders')).toHaveCount(0);
});

test.describe('phone 390 px', () => {
  test.use(PHONE);

  test('/vipopen and its pay step fit, with 44 px targets', async ({ page, request }) => {
    const buyer = await registerMember(request, { prefix: '136', password: BUYER_PASSWORD, linkMan: '吴一' });
    await openWithSession(page, '/vipopen', { 'X-Token': buyer.token });
    await expect(page.getByTestId('vip-commodity').first()).toBeVisible();
    await expect(page.getByTestId('vip-amount')).toHaveText(/元$/);
    await expect(topBar(page)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectTapTargets(page);
    await shot(page, { path: path.join(SHOTS, 'vipopen-phone.png'), fullPage: true });
    await orderVip(page, 90);
    await expectNoSidewaysScroll(page);
    await expectTapTargets(page);
    await shot(page, { path: path.join(SHOTS, 'vip-pay-phone.png'), fullPage: true });
  });

  test('/vipmember fits as cards, with 44 px targets', async ({ page, request }) => {
    const session = await request.post('/api/test/session', { data: { phone: USERS.vip } });
    const { token } = ((await session.json()) as { data: { token: string } }).data;
    await openWithSession(page, '/vipmember', { 'X-Token': token });
    await expect(page.getByTestId('vip-order').first()).toBeVisible();
    await expect(page.getByTestId('vip-orders').locator('table')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectTapTargets(page);
    await shot(page, { path: path.join(SHOTS, 'vipmember-phone.png'), fullPage: true });
  });
});
