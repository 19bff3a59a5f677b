import { expect, type Page, test } from '@playwright/test';
import { BEANS_PER_SUPPLIER, INSPECTION_BEANS, SIGN_IN_BEANS, SIGNUP_BEANS } from '@steelport/contracts';
import {
  BASE_URL,
  createSession,
  DEMO_PASSWORD,
  expectNoSidewaysScroll,
  LOGIN_SITE,
  openWithSession,
  readSmsCode,
  shot,
  storedSession,
  topBar,
  USERS,
} from './helpers.ts';

/** The password form of /login (switching to its tab when the page opened on the QR code). */
async function passwordForm(page: Page) {
  await page.getByRole('tab', { name: '密码登录' }).click();
  return page.getByRole('form', { name: '密码登录' });
}

test('register from the header, come back greeted, log out', async ({ page, request }) => {
  // Unique per run; the e2e database is fresh anyway.
  const phone = `139${Date.now().toString().slice(-8)}`;
  await page.goto('/');
  await topBar(page).getByRole('link', { name: '免费注册' }).click();
  await expect(page).toHaveURL(`${LOGIN_SITE}?redirect=${encodeURIComponent(`${BASE_URL}/`)}&mode=register`);

  const form = page.getByRole('form', { name: '注册' });
  await expect(form.getByText('8-32位，须同时包含字母和数字')).toBeVisible();
  await expect(form.getByText('填写公司名称即开通商家账户')).toBeVisible();
  await form.getByLabel('手机号').fill(phone);
  await form.getByRole('button', { name: '获取验证码' }).click();
  // The resend gap counts down on a disabled button.
  await expect(form.getByRole('button', { name: /\d+秒后重发/ })).toBeDisabled();
  const code = await readSmsCode(request, phone);

  await form.getByLabel('验证码').fill(code);
  await form.getByLabel('密码', { exact: true }).fill('steel2026');
  await form.getByLabel('确认密码').fill('steel2027');
  await form.getByLabel('联系人').fill('赵六');
  await form.getByRole('button', { name: '注册并登录' }).click();
  // Nothing is sent while the form is wrong: the mismatch and the missing consent are shown.
  await expect(form.getByText('两次输入的密码不一致')).toBeVisible();
  await expect(form.getByText('请先阅读并同意用户服务协议')).toBeVisible();
  await form.getByLabel('确认密码').fill('steel2026');
  await form.getByRole('checkbox').check();
  // Submitted from the foot of the form: the page it returns to must not open scrolled that far.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await form.getByRole('button', { name: '注册并登录' }).click();

  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(topBar(page).getByText('您好，赵六')).toBeVisible();
  // Welcomed at the top of the page registration started from, with the beans it gives, what
  // they buy and how to get more (issue 35).
  const welcome = page.getByTestId('welcome');
  await expect(page.getByText('欢迎加入钢市通，赵六！')).toBeVisible();
  await expect(welcome).toContainText(`注册赠送的 ${SIGNUP_BEANS} 个钢豆已到账`);
  await expect(welcome).toContainText(`查看联系方式：每家供应商 ${BEANS_PER_SUPPLIER} 个钢豆`);
  await expect(welcome).toContainText(`申请仓库验货：每次 ${INSPECTION_BEANS} 个钢豆`);
  await expect(welcome).toContainText(`每日签到：每天 ${SIGN_IN_BEANS} 个钢豆`);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await shot(page, { path: `/tmp/shots-${process.env.E2E_PORT ?? 3211}/register-welcome.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, { path: `/tmp/shots-${process.env.E2E_PORT ?? 3211}/register-welcome-390.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(new URL(page.url()).search).toBe('');
  const stored = await storedSession(page);
  expect(stored['X-Token']).toBeTruthy();
  expect(stored.CURRENT_LANG).toBe('zh-CN');
  expect(JSON.parse(stored.loginUser ?? '{}')).toMatchObject({
    linkMan: '赵六',
    role: 'member',
    company: null,
  });

  await topBar(page).getByRole('button', { name: '退出' }).click();
  await expect(topBar(page).getByRole('link', { name: '请登录' })).toBeVisible();
  await expect.poll(() => storedSession(page)).toEqual({});
});

test('password login: validation, a wrong password, then back to the page it came from', async ({ page }) => {
  await page.goto('/wareHouse?city=上海');
  const here = page.url();
  await topBar(page).getByRole('link', { name: '请登录' }).click();
  const form = await passwordForm(page);

  await form.getByRole('button', { name: '登录' }).click();
  await expect(form.getByText('请输入手机号')).toBeVisible();
  await expect(form.getByText('请输入密码')).toBeVisible();
  await form.getByLabel('手机号').fill('12345678901');
  await expect(form.getByText('请输入正确的11位手机号')).toBeVisible();

  await form.getByLabel('手机号').fill(USERS.trader);
  await form.getByLabel('密码').fill('wrong-pass1');
  await form.getByRole('button', { name: '登录' }).click();
  await expect(form.getByText('手机号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?/);

  // Enter in the password submits, as the button does.
  await form.getByLabel('密码').fill(DEMO_PASSWORD);
  await form.getByLabel('密码').press('Enter');
  await expect(page).toHaveURL(here);
  await expect(topBar(page).getByText('您好，王强')).toBeVisible();
  expect(JSON.parse((await storedSession(page)).loginUser ?? '{}')).toMatchObject({ role: 'trader' });
});

test('a redirect to a foreign site is refused: the login lands on home', async ({ page }) => {
  await page.goto(`/login?mode=password&redirect=${encodeURIComponent('https://evil.example/steal')}`);
  const form = page.getByRole('form', { name: '密码登录' });
  await form.getByLabel('手机号').fill(USERS.member);
  await form.getByLabel('密码').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(topBar(page).getByText('您好，张伟')).toBeVisible();
});

test('opening /login while logged in offers the way back or a logout', async ({ page, request }) => {
  const { token } = await createSession(request, USERS.member);
  await openWithSession(page, `/login?redirect=${encodeURIComponent(`${BASE_URL}/surplus`)}`, {
    'X-Token': token,
  });
  await expect(page.getByRole('heading', { name: '您已登录' })).toBeVisible();
  await expect(page.getByText('当前账号：张伟')).toBeVisible();

  await page.getByRole('button', { name: '返回原页面' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/surplus`);
  await expect(topBar(page).getByText('您好，张伟')).toBeVisible();

  await page.goto('/login');
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByRole('tab', { name: '扫码登录' })).toBeVisible();
  expect(await storedSession(page)).toEqual({});
});

test('my account needs a login and returns to it afterwards', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(`${LOGIN_SITE}?redirect=${encodeURIComponent(`${BASE_URL}/account/profile`)}`);
  const form = await passwordForm(page);
  await form.getByLabel('手机号').fill(USERS.member);
  await form.getByLabel('密码').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/account/profile`);
  await expect(page.getByRole('heading', { name: '我的账户' })).toBeVisible();
  await expect(page.getByRole('region', { name: '账户信息' })).toContainText(USERS.member);
  await expect(page.getByRole('region', { name: '账户信息' })).toContainText('普通会员');
});

test.describe('my account of the VIP', () => {
  // The VIP's name is shared with other specs: put it back whatever happens here.
  test.afterEach(async ({ request }) => {
    const { token } = await createSession(request, USERS.vip);
    await request.put('/api/web/user/profile', { headers: { 'X-Token': token }, data: { linkMan: '李娜' } });
  });

  test('shows 免豆会员 已开通 and the beans; a new contact name reaches the header', async ({
    page,
    request,
  }) => {
    const { token, user } = await createSession(request, USERS.vip);
    await openWithSession(page, '/account', { 'X-Token': token });
    await expect(page).toHaveURL(`${BASE_URL}/account/profile`);
    await expect(topBar(page).getByText('您好，李娜')).toBeVisible();

    const sections = page.getByRole('navigation', { name: '账户菜单' });
    await sections.getByRole('link', { name: '会员与钢豆' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/account/membership`);
    const vipRow = page.getByRole('row', { name: /免豆会员/ });
    await expect(vipRow).toContainText('已开通');
    await expect(vipRow).toContainText(/\d{4}-\d{2}-\d{2}/);
    await expect(page.getByRole('row', { name: /数据会员/ })).toContainText('未开通');
    await expect(page.getByTestId('beans')).toHaveText(String(user.beans));
    await expect(page.getByRole('link', { name: '续费VIP' })).toHaveAttribute('href', '/vipopen');

    await sections.getByRole('link', { name: '个人资料' }).click();
    const profile = page.getByRole('region', { name: '基本资料' });
    await expect(profile.getByLabel('联系人')).toHaveValue('李娜');
    await profile.getByLabel('联系人').fill('李娜娜');
    await profile.getByRole('button', { name: '保存资料' }).click();
    await expect(page.getByText('资料已保存')).toBeVisible();
    await expect(topBar(page).getByText('您好，李娜娜')).toBeVisible();
    expect(JSON.parse((await storedSession(page)).loginUser ?? '{}')).toMatchObject({ linkMan: '李娜娜' });

    // The change is the server's, not only this tab's.
    await page.reload();
    await expect(topBar(page).getByText('您好，李娜娜')).toBeVisible();
  });

  test('the password form explains the rule and shows the server’s refusal', async ({ page, request }) => {
    const { token } = await createSession(request, USERS.vip);
    await openWithSession(page, '/account/profile', { 'X-Token': token });
    const form = page.getByRole('region', { name: '修改密码' });
    await form.getByLabel('原密码').fill('not-my-pass1');
    await form.getByLabel('新密码', { exact: true }).fill('short');
    await form.getByRole('button', { name: '修改密码' }).click();
    await expect(form.getByText('密码须为8-32位，并同时包含字母和数字')).toBeVisible();
    await form.getByLabel('新密码', { exact: true }).fill('steel2026');
    await form.getByLabel('确认新密码').fill('steel2026');
    await form.getByRole('button', { name: '修改密码' }).click();
    await expect(form.getByText('原密码不正确')).toBeVisible();
  });
});
