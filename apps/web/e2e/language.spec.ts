/**
 * The language switch of issue 31 as a person meets it: 中文 / EN in the header, kept in the
 * address, through a reload and a login, saved to the profile, and gone again with the logout;
 * an English link or an English browser opening the portal in English.
 */
import { expect, test } from '@playwright/test';
import { footer, registerMember, storedSession, topBar } from './helpers.ts';

test('a visitor switches /wareHouse to English; it survives a reload and a login, and the logout returns to Chinese', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, {
    prefix: '137',
    password: 'english2026',
    linkMan: 'Wang Lei',
  });
  await page.goto('/wareHouse');
  await expect(topBar(page).getByText('欢迎来到钢市通！')).toBeVisible();
  await topBar(page).getByRole('group', { name: '界面语言' }).getByRole('button', { name: 'EN' }).click();

  // At once, without a reload: the header, the menu, the table and the footer.
  await expect(topBar(page).getByText('Welcome to SteelPort!')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toContainText('Spot stock');
  await expect(page.getByRole('columnheader').first()).not.toHaveText(/[\u4e00-\u9fff]/);
  await expect(footer(page)).toContainText('About SteelPort');
  await expect(page).toHaveURL(/\/wareHouse\?lang=en$/);
  await expect(page).toHaveTitle(/ - SteelPort$/);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  expect((await storedSession(page)).CURRENT_LANG).toBe('en');

  await page.reload();
  await expect(topBar(page).getByText('Welcome to SteelPort!')).toBeVisible();
  await expect(topBar(page).getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');

  // The login page speaks English too, and the login comes back in English.
  await topBar(page).getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByRole('textbox', { name: 'Mobile' }).fill(member.user.phone);
  await page
    .getByRole('form', { name: 'Password' })
    .getByRole('textbox', { name: 'Password' })
    .fill('english2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(topBar(page).getByText('Hello, Wang Lei')).toBeVisible();
  await expect(page).toHaveURL(/\/wareHouse\?lang=en$/);
  expect((await storedSession(page)).CURRENT_LANG).toBe('en');
  // The choice is the user's now: kept in their profile for their other browsers.
  await expect
    .poll(async () => {
      const info = await request.get('/api/web/user/myInfo', { headers: { 'X-Token': member.token } });
      return ((await info.json()) as { data: { lang?: string | null } }).data.lang;
    })
    .toBe('en');

  // Logging out clears CURRENT_LANG (docs/portal.md#logout-and-expired-sessions): the open tab
  // returns to Chinese, no reload.
  await topBar(page).getByRole('button', { name: 'Log out' }).click();
  await expect(topBar(page).getByText('欢迎来到钢市通！')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await storedSession(page)).CURRENT_LANG).toBeUndefined();
});

test('an English link, or an English browser on its first visit, opens the portal in English', async ({
  browser,
}) => {
  const chinese = await browser.newContext({ locale: 'zh-CN' });
  const linked = await chinese.newPage();
  await linked.goto('/beginMain?lang=en');
  await expect(topBar(linked).getByText('Welcome to SteelPort!')).toBeVisible();
  await expect(linked.getByRole('heading', { level: 1 })).not.toHaveText(/[\u4e00-\u9fff]/);
  // A link followed inside keeps the language in its address.
  await linked
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Spot stock' })
    .click();
  await expect(linked).toHaveURL(/\/wareHouse\?lang=en$/);
  await chinese.close();

  const english = await browser.newContext({ locale: 'en-US' });
  const first = await english.newPage();
  await first.goto('/surplus');
  await expect(topBar(first).getByText('Welcome to SteelPort!')).toBeVisible();
  await english.close();
});

test('a phone switches language in the menu drawer', async ({ browser }) => {
  const phone = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await phone.newPage();
  await page.goto('/exponentMain');
  await page.getByRole('button', { name: '菜单' }).click();
  const drawer = page.getByRole('dialog');
  const english = drawer.getByRole('button', { name: 'EN' });
  const box = await english.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await english.click();
  await expect(drawer.getByRole('link', { name: 'Steel index' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');
  await phone.close();
});
