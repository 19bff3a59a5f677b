import { expect, test } from '@playwright/test';
import {
  animationsSettled,
  BASE_URL,
  createSession,
  expectDialogAccessible,
  loginHref,
  openWithSession,
  storedSession,
  topBar,
  USERS,
} from './helpers.ts';
import { lotRows, settled } from './lots.ts';

test('login carry-over stores the session, drops the query and greets the VIP', async ({ page, request }) => {
  const { token, user } = await createSession(request, USERS.vip);
  const vipEntry = user.userNewVipVo.find((entry) => entry.name === '免豆会员');
  expect(vipEntry?.isVip).toBe(1);
  const loginUser = JSON.stringify({ id: user.id, linkMan: user.linkMan, role: user.role });
  const query = new URLSearchParams({
    'X-Token': token,
    loginUser,
    CURRENT_LANG: 'zh-CN',
    VIPINFO: JSON.stringify(vipEntry),
  });

  await page.goto(`/?${query.toString()}`);
  await expect(topBar(page).getByText('您好，李娜')).toBeVisible();
  // A login nobody asked for in this browser says whose it is, with a way out.
  const arrived = page.locator('.ant-notification-notice').filter({ hasText: '已登录：李娜' });
  await expect(arrived).toBeVisible();
  await expect(arrived.getByRole('button', { name: '退出' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await expect(page).toHaveURL(`${BASE_URL}/`);

  const stored = await storedSession(page);
  expect(stored['X-Token']).toBe(token);
  expect(stored.CURRENT_LANG).toBe('zh-CN');
  expect(JSON.parse(stored.loginUser ?? '{}')).toMatchObject({ linkMan: '李娜' });
  expect(JSON.parse(stored.VIPINFO ?? '{}')).toMatchObject({ name: '免豆会员', isVip: 1 });

  await expect(topBar(page).getByRole('link', { name: '请登录' })).toHaveCount(0);
  await expect(topBar(page).getByRole('button', { name: '退出' })).toBeVisible();
  await expect(topBar(page).getByRole('link', { name: '我的账户' })).toHaveAttribute('href', /\/account/);

  await topBar(page).getByRole('link', { name: 'VIP' }).hover();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await expect(page.getByText('未开通')).toHaveCount(0);

  // The header refreshed the membership list from myInfo.
  await expect
    .poll(async () => JSON.parse((await storedSession(page)).memberVipInfo ?? 'null'))
    .toEqual(user.userNewVipVo);
});

test('a carried login for another account asks which account to keep (login CSRF)', async ({
  page,
  request,
}) => {
  const mine = await createSession(request, USERS.member);
  const theirs = await createSession(request, USERS.vip);
  const link = `/wareHouse?${new URLSearchParams({
    'X-Token': theirs.token,
    loginUser: JSON.stringify({ id: theirs.user.id, linkMan: theirs.user.linkMan, role: theirs.user.role }),
    CURRENT_LANG: 'zh-CN',
  })}`;
  await openWithSession(page, '/', { 'X-Token': mine.token });
  await expect(topBar(page).getByText('您好，张伟')).toBeVisible();

  await page.goto(link);
  const dialog = page.getByRole('dialog', { name: '切换账户？' });
  await expect(dialog).toContainText('此链接将登录为 李娜，而本浏览器已登录 张伟');
  await expectDialogAccessible(page, 'switch account dialog');
  await expect(page).toHaveURL(`${BASE_URL}/wareHouse`);
  await dialog.getByRole('button', { name: '保留 张伟' }).click();
  await expect(dialog).toBeHidden();
  await expect(topBar(page).getByText('您好，张伟')).toBeVisible();
  expect((await storedSession(page))['X-Token']).toBe(mine.token);

  await page.goto(link);
  await page.getByRole('dialog', { name: '切换账户？' }).getByRole('button', { name: '切换为 李娜' }).click();
  await expect(topBar(page).getByText('您好，李娜')).toBeVisible();
  await expect.poll(async () => (await storedSession(page))['X-Token']).toBe(theirs.token);
});

test('a member without 免豆会员 sees 未开通 on the VIP badge', async ({ page, request }) => {
  const { token } = await createSession(request, USERS.member);
  await openWithSession(page, '/wareHouse', { 'X-Token': token });
  // loginUser comes from myInfo: the greeting proves the header fetched it with the token.
  await expect(topBar(page).getByText('您好，张伟')).toBeVisible();
  await topBar(page).getByRole('link', { name: 'VIP' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('未开通');
});

test('an expired session shows the toast, clears storage and ends logged out on /', async ({
  page,
  request,
}) => {
  const { token, user } = await createSession(request, USERS.member, -60);
  await openWithSession(page, '/wareHouse', {
    'X-Token': token,
    loginUser: JSON.stringify(user),
    VIPINFO: JSON.stringify({ name: '免豆会员', isVip: 0 }),
    memberVipInfo: JSON.stringify(user.userNewVipVo),
  });

  await expect(page.getByText('token过期,需要重新登录')).toBeVisible();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect.poll(() => storedSession(page)).toEqual({});
  await expect(topBar(page).getByRole('link', { name: '请登录' })).toBeVisible();
  // Public data failed with the dead token too; it is fetched again without it.
  await expect(page.getByRole('link', { name: '热轧卷板', exact: true }).first()).toBeVisible();
});

test('logout revokes the token, clears storage and shows 请登录', async ({ page, request }) => {
  const { token } = await createSession(request, USERS.member);
  await openWithSession(page, '/surplus', { 'X-Token': token });
  await expect(topBar(page).getByText('您好，张伟')).toBeVisible();
  await expect.poll(async () => 'memberVipInfo' in (await storedSession(page))).toBe(true);

  const logoutCall = page.waitForRequest((r) => r.url().endsWith('/api/uaa/logout') && r.method() === 'POST');
  await topBar(page).getByRole('button', { name: '退出' }).click();
  const logoutRequest = await logoutCall;
  expect(logoutRequest.headers()['x-token']).toBe(token);
  expect((await logoutRequest.response())?.status()).toBe(200);

  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(topBar(page).getByRole('link', { name: '请登录' })).toBeVisible();
  await expect(topBar(page).getByRole('link', { name: '免费注册' })).toBeVisible();
  expect(await storedSession(page)).toEqual({});
  // The server no longer accepts the token.
  await expect
    .poll(async () => (await request.get('/api/web/user/myInfo', { headers: { 'X-Token': token } })).status())
    .toBe(401);
});

test('a call that needs a login (code 4) offers the login site with the way back', async ({
  page,
  request,
}) => {
  const { token } = await createSession(request, USERS.member);
  await openWithSession(page, '/wareHouse', { 'X-Token': token });
  await settled(page);
  await expect(page.getByTestId('enquiry-total')).toBeVisible();
  // The enquiry goes out without its token (as when another tab logged out): the server answers
  // code 4. Stripped on the wire, so the screen cannot notice beforehand and stays a member's.
  await page.route('**/api/web/searchCargo/enquiry', (route) => {
    const headers = { ...route.request().headers() };
    delete headers['x-token'];
    return route.continue({ headers });
  });

  const row = lotRows(page)
    .filter({ has: page.getByRole('button', { name: '查看联系方式' }) })
    .first();
  await row.getByRole('button', { name: '查看联系方式' }).click();
  // antd's confirm zooms in; a click before it has settled can miss its button.
  await expect(page.getByRole('dialog')).toBeVisible();
  await animationsSettled(page);
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();

  const toast = page.locator('.ant-message-notice').filter({ hasText: '请先登录' });
  await expect(toast).toHaveCount(1);
  await expect(toast.getByRole('link', { name: '去登录' })).toHaveAttribute(
    'href',
    loginHref(`${BASE_URL}/wareHouse`),
  );
  // Nothing to end: the page stays where it was.
  await expect(page).toHaveURL(`${BASE_URL}/wareHouse`);
});
