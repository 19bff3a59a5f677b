/**
 * Paying for VIP on a phone (issue 30 item 4): a 390 px phone with a mobile user agent orders
 * 免豆会员 on /vipopen, sees the methods that pay in its own browser instead of a QR code, taps
 * one, pays at its page and lands on /vipopen/result with 支付成功. The result page also shows a
 * payment that timed out as closed. WeChat Pay runs through its local double when the e2e server
 * offers it (E2E_WECHAT_PAY_DOUBLE); otherwise that test is skipped. The desktop's QR path is
 * vip.spec.ts's.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { BuyVipInfo } from '@steelport/contracts';
import {
  BASE_URL,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  openWithSession,
  registerMember,
  shot,
} from './helpers.ts';

const SHOTS =
  process.env.VIP_SHOTS ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/screenshots');

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: IPHONE_UA,
});

/** Every visible button and link of `scope` is at least 44 px tall and wide. */
async function expectTapTargets(page: Page, scope: string): Promise<void> {
  const small = await page.locator(scope).evaluate((root) => {
    const found: string[] = [];
    for (const element of root.querySelectorAll('button, a[href]')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.height < 44 || box.width < 44) {
        found.push(
          `${element.tagName} "${(element.textContent ?? '').trim().slice(0, 20)}" ${box.width}×${box.height}`,
        );
      }
    }
    return found;
  });
  expect(small, 'targets under 44 px').toEqual([]);
}

/** A new member orders 免豆会员 for 30 days on the phone; returns its token and the payment. */
async function orderOnPhone(page: Page, request: APIRequestContext, linkMan: string) {
  const buyer = await registerMember(request, { prefix: '137', password: 'steel2026', linkMan });
  await openWithSession(page, '/vipopen?day=30', { 'X-Token': buyer.token });
  const card = page.getByTestId('vip-commodity').filter({ has: page.getByText('免豆会员', { exact: true }) });
  await expect(card.getByRole('checkbox')).toBeChecked();
  await expect(page.getByTestId('vip-amount')).toHaveText(/^[\d,]+\.\d{2} 元$/);
  const amount = (await page.getByTestId('vip-amount').textContent())!.trim();
  await page.getByRole('button', { name: '立即支付' }).click();
  // No QR code on a phone: the methods that pay here, each with the amount.
  const methods = page.getByRole('group', { name: '支付方式' });
  await expect(methods.getByRole('button').first()).toBeVisible();
  await expect(page.getByTestId('pay-qr')).toHaveCount(0);
  await expect(page.getByTestId('pay-amount')).toHaveText(amount);
  const paymentId = Number(new URL(page.url()).searchParams.get('paymentId'));
  expect(paymentId).toBeGreaterThan(0);
  return { token: buyer.token, paymentId, amount, methods };
}

test('a phone pays 免豆会员 with the sandbox method and sees 支付成功 on the result page', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { paymentId, amount, methods } = await orderOnPhone(page, request, '孙一');
  const sandbox = methods.getByRole('button', { name: /模拟支付（开发环境）/ });
  await expect(sandbox).toContainText(amount);
  await expect(page.getByTestId('pay-countdown')).toHaveText(/请在 1[45]:\d{2} 内完成支付/);
  await expectNoSidewaysScroll(page);
  await expectTapTargets(page, '[data-testid="pay-phone"]');
  await shot(page, { path: path.join(SHOTS, 'vip-phone-methods.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'vipopen phone methods');

  await sandbox.click();
  await expect(page).toHaveURL(`${BASE_URL}/m/pay/${paymentId}`);
  await expect(page.getByTestId('mpay-amount')).toHaveText(amount);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('支付成功')).toBeVisible();
  await page.getByTestId('mpay-result').click();

  await expect(page).toHaveURL(`${BASE_URL}/vipopen/result?paymentId=${paymentId}`);
  const success = page.getByTestId('pay-success');
  await expect(success).toContainText('支付成功');
  await expect(success).toContainText(/免豆会员有效期至 \d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId('vip-badge')).toHaveClass(/sp-vipbadge--on/);
  await expectNoSidewaysScroll(page);
  await expectTapTargets(page, '[data-testid="pay-success"]');
  await shot(page, { path: path.join(SHOTS, 'vip-phone-result.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'vipopen result paid');
});

test('the result page waits for a pending payment and shows one that timed out as closed', async ({
  page,
  request,
}) => {
  const { paymentId } = await orderOnPhone(page, request, '孙二');
  await page.goto(`/vipopen/result?paymentId=${paymentId}`);
  const waiting = page.getByTestId('pay-waiting');
  await expect(waiting).toContainText('等待支付结果…');
  await expect(page.getByTestId('pay-countdown')).toHaveText(/请在 1[45]:\d{2} 内完成支付/);
  await expectNoSidewaysScroll(page);
  await shot(page, { path: path.join(SHOTS, 'vip-phone-waiting.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'vipopen result waiting');

  const expired = await request.post('/api/test/vip/expire-payment', { data: { paymentId } });
  expect(expired.ok(), await expired.text()).toBe(true);
  const closed = page.getByTestId('pay-closed');
  await expect(closed).toContainText('订单已关闭', { timeout: 5000 });
  await expect(closed.getByRole('link', { name: '重新下单' })).toHaveAttribute('href', '/vipopen');
  await shot(page, { path: path.join(SHOTS, 'vip-phone-closed.png'), fullPage: true });

  // The order list says the same.
  await page.goto('/vipmember');
  await expect(page.getByTestId('vip-order').first()).toContainText('已关闭');
});

test('a phone pays with 微信支付 at its page and comes back to 支付成功', async ({ page, request }) => {
  test.setTimeout(90_000);
  const info = (
    (await (await request.get('/api/web/2.0/order/getBuyVIPInfo')).json()) as { data: BuyVipInfo }
  ).data;
  test.skip(
    !info.payMethods.some((offer) => offer.method === 'wechat' && offer.scenes.includes('phone')),
    'WeChat Pay is not offered for phones on this server',
  );
  const { paymentId, amount, methods } = await orderOnPhone(page, request, '孙三');
  const wechat = methods.getByRole('button', { name: /微信支付/ });
  await expect(wechat).toContainText(amount);
  await wechat.click();
  await expect(page).toHaveTitle(/微信支付/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/vipopen/result?paymentId=${paymentId}`, { timeout: 15_000 });
  await expect(page.getByTestId('pay-success')).toContainText('支付成功', { timeout: 10_000 });
  await expect(page.getByTestId('vip-badge')).toHaveClass(/sp-vipbadge--on/);
});

test.describe('desktop', () => {
  test.use({
    viewport: { width: 1366, height: 900 },
    isMobile: false,
    hasTouch: false,
    userAgent: undefined,
  });

  test('switches the QR code between the methods that collect by QR', async ({ page, request }) => {
    const info = (
      (await (await request.get('/api/web/2.0/order/getBuyVIPInfo')).json()) as { data: BuyVipInfo }
    ).data;
    test.skip(
      info.payMethods.filter((offer) => offer.scenes.includes('desktop')).length < 2,
      'Only one method collects by QR on this server',
    );
    const buyer = await registerMember(request, { prefix: '137', password: 'steel2026', linkMan: '孙四' });
    await openWithSession(page, '/vipopen?day=30', { 'X-Token': buyer.token });
    await page.getByRole('button', { name: '立即支付' }).click();
    const qr = page.getByTestId('pay-qr');
    await expect(qr.getByRole('img', { name: '支付二维码' })).toBeVisible();
    const first = await qr.getAttribute('data-qr-url');
    const tabs = page.getByRole('radiogroup', { name: '支付方式' });
    await expect(tabs.getByRole('radio')).toHaveCount(
      info.payMethods.filter((o) => o.scenes.includes('desktop')).length,
    );
    await tabs.getByText('微信支付', { exact: true }).click();
    await expect(qr).toHaveAttribute('data-method', 'wechat');
    await expect(qr.getByRole('img', { name: '支付二维码' })).toBeVisible();
    await expect(qr).not.toHaveAttribute('data-qr-url', first!);
    await expect(page.getByText('请使用微信扫描二维码完成支付')).toBeVisible();
  });
});
