import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { BASE_URL, DEMO_PASSWORD, shot, storedSession, topBar, USERS } from './helpers.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/screenshots');
const QR_URL = new RegExp(`^${BASE_URL}/m/qr/[A-Za-z0-9_-]{16,64}\\?clientId=3$`);

/** A phone: 375×812, touch, its own storage (not logged in). */
async function openPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return context.newPage();
}

/** The address the desktop's QR code encodes, once the code is shown. */
async function qrUrlOf(page: Page): Promise<string> {
  const qr = page.getByTestId('login-qr');
  await expect(qr.getByRole('img', { name: '登录二维码' })).toBeVisible();
  await expect(qr).toHaveAttribute('data-qr-url', QR_URL);
  return (await qr.getAttribute('data-qr-url'))!;
}

async function logInOnPhone(phone: Page): Promise<void> {
  await expect(phone.getByText('请先登录钢市通账号')).toBeVisible();
  const form = phone.getByRole('form', { name: '密码登录' });
  await form.getByLabel('手机号').fill(USERS.member);
  await form.getByLabel('密码').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: '登录' }).click();
}

test('QR login: the phone logs in, confirms, and the desktop is logged in within 3 s', async ({
  page,
  browser,
}) => {
  await page.goto('/beginMain');
  await topBar(page).getByRole('link', { name: '请登录' }).click();
  await expect(page.getByRole('tab', { name: '扫码登录', selected: true })).toBeVisible();
  await expect(page.getByText(/^二维码 \d+ 秒后失效$/)).toBeVisible();
  const qrUrl = await qrUrlOf(page);

  const phone = await openPhone(browser);
  await phone.goto(qrUrl);
  await logInOnPhone(phone);
  await expect(phone.getByText('您好，张伟')).toBeVisible();
  // Opening the page marked the code scanned; the desktop says so.
  await expect(page.getByTestId('login-qr')).toContainText('已扫描，请在手机上确认');
  await shot(page, { path: path.join(SHOTS, 'login-qr-scanned-desktop.png') });

  await phone.getByRole('button', { name: '确认登录' }).click();
  await expect(phone.getByText('已确认登录，请回到电脑端')).toBeVisible();
  await expect(topBar(page).getByText('您好，张伟')).toBeVisible({ timeout: 3000 });
  await expect(page).toHaveURL(`${BASE_URL}/beginMain`);
  expect((await storedSession(page))['X-Token']).toBeTruthy();
  // The phone kept its own session and did not log out by confirming.
  expect((await storedSession(phone))['X-Token']).toBeTruthy();
  await phone.context().close();
});

test('QR login: a cancel on the phone shows 已取消, and a new code can be confirmed', async ({
  page,
  browser,
}) => {
  await page.goto('/login');
  const firstUrl = await qrUrlOf(page);

  const phone = await openPhone(browser);
  await phone.goto(firstUrl);
  await logInOnPhone(phone);
  await phone.getByRole('button', { name: '取消' }).click();
  await expect(phone.getByText('已取消', { exact: true })).toBeVisible();

  const qr = page.getByTestId('login-qr');
  await expect(qr).toContainText('已取消');
  await qr.getByRole('button', { name: '刷新二维码' }).click();
  await expect(qr).toHaveAttribute('data-state', 'waiting');
  const secondUrl = await qrUrlOf(page);
  expect(secondUrl).not.toBe(firstUrl);

  // The old code cannot be reused on the phone.
  await phone.goto(firstUrl);
  await expect(phone.getByText('该二维码已取消')).toBeVisible();

  // Already logged in on the phone: straight to the confirmation.
  await phone.goto(secondUrl);
  await phone.getByRole('button', { name: '确认登录' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(topBar(page).getByText('您好，张伟')).toBeVisible();
  await phone.context().close();
});

test('QR login: an expired code says so and refreshes on click', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  const firstUrl = await qrUrlOf(page);
  await page.clock.fastForward('02:01');
  const qr = page.getByTestId('login-qr');
  await expect(qr).toContainText('二维码已过期');
  await expect(qr).toHaveAttribute('data-state', 'expired');
  await shot(page, { path: path.join(SHOTS, 'login-qr-expired-desktop.png') });
  await qr.getByRole('button', { name: '刷新二维码' }).click();
  await expect(page.getByText(/^二维码 1[12]\d 秒后失效$/)).toBeVisible();
  expect(await qrUrlOf(page)).not.toBe(firstUrl);
});

test('QR polling stops when the password tab is chosen', async ({ page }) => {
  let polls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/wechatXcxTempQrLoginQuery')) polls += 1;
  });
  // The page's timers run on a fake clock: "no more polls" is shown by moving its time on, not by
  // waiting in real time for polls that should not come.
  await page.clock.install();
  await page.goto('/login');
  await qrUrlOf(page);
  await page.clock.runFor(5_000); // two and a half poll intervals (QR_POLL_MS, 2 s)
  await expect.poll(() => polls).toBeGreaterThanOrEqual(2);

  await page.getByRole('tab', { name: '密码登录' }).click();
  await expect(page).toHaveURL(/mode=password/);
  await expect(page.getByRole('form', { name: '密码登录' })).toBeVisible();
  const after = polls;
  await page.clock.runFor(10_000); // five more intervals
  // A request of the page's own after the timers ran: the runner sees requests in order, so a
  // poll those timers had started would have been counted by the time this one is.
  await Promise.all([page.waitForRequest('**/healthz'), page.evaluate(() => fetch('/healthz'))]);
  expect(polls).toBe(after);
});

test('a mangled QR link says so on the phone', async ({ browser }) => {
  const phone = await openPhone(browser);
  await phone.goto(`${BASE_URL}/m/qr/nope`);
  await expect(phone.getByText('二维码链接无效')).toBeVisible();
  await phone.context().close();
});
