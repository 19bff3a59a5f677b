import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import {
  animationsSettled,
  createSession,
  expectColumnsInView,
  expectNoSidewaysScroll,
  menu,
  openWithSession,
  shot,
  USERS,
} from './helpers.ts';
import { beanBalance, columnTexts, facetChip, lotRows, MASKED_PHONE, settled } from './lots.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/screenshots');
const GRADES = ['正品', '协议品', '次品', '等外品'];
const GRADE_COLUMN = '等级 / 缺陷说明';

test('surplus lots show their quality grade and filter by it', async ({ page }) => {
  await page.goto('/surplus');
  await expect(page.getByRole('heading', { level: 1, name: '余料市场' })).toBeVisible();
  await settled(page);
  for (const grade of GRADES) await expect(facetChip(page, '等级', grade)).toBeVisible();
  const grades = (await lotRows(page).locator('.sp-lots__grade').allTextContents()).map((g) => g.trim());
  expect(grades.length).toBe(20);
  for (const grade of grades) expect(GRADES).toContain(grade);

  await facetChip(page, '等级', '次品').click();
  await expect(page).toHaveURL(/grades=%E6%AC%A1%E5%93%81/);
  await settled(page);
  await expect
    .poll(async () => new Set(await lotRows(page).locator('.sp-lots__grade').allTextContents()))
    .toEqual(new Set(['次品']));
  // A defective lot says what is wrong with it.
  const notes = await columnTexts(page, GRADE_COLUMN);
  expect(notes.every((note) => note.startsWith('次品') && note.length > 2)).toBe(true);
  for (const phone of await page.getByTestId('supplier-phone').allTextContents())
    expect(phone).toMatch(MASKED_PHONE);
});

test('只看电议 shows call-for-price lots as 电议', async ({ page }) => {
  await page.goto('/surplus');
  await settled(page);
  await page.getByRole('checkbox', { name: '只看电议' }).click();
  await expect(page).toHaveURL(/callForPrice=1/);
  await expect(page.getByRole('checkbox', { name: '只看电议' })).toBeChecked();
  await settled(page);
  await expect.poll(async () => new Set(await columnTexts(page, '单价(元/吨)'))).toEqual(new Set(['电议']));
  // Issue 13: an average over no priced row is —, never 电议 (a way to quote a lot, not a figure).
  await expect(page.getByTestId('lot-totals')).toContainText(/均价 —$/);
});

test('a supplier link on /surplus opens its firm page on its surplus, graded, under 余料市场', async ({
  page,
}) => {
  await page.goto('/surplus');
  await settled(page);
  const supplier = lotRows(page).locator('.sp-contact a[href^="/firminfo/"]').first();
  await expect(supplier).toHaveAttribute('href', /^\/firminfo\/\d+\/normal\?from=surplus$/);
  await supplier.click();
  // Issue 35: the firm's surplus, the market the link came from, not its (maybe empty) 报价.
  await expect(page.getByRole('tab', { name: /^余料 \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: /^现货 \(\d+\)$/ })).toBeVisible();
  await settled(page);
  const grades = (await lotRows(page).locator('.sp-lots__grade').allTextContents()).map((g) => g.trim());
  expect(grades.length).toBeGreaterThan(0);
  for (const grade of grades) expect(GRADES).toContain(grade);
  await expect(menu(page).locator('[aria-current="page"]')).toHaveText('余料市场');
  await shot(page, { path: path.join(SHOTS, 'firm-surplus-1280.png'), fullPage: true });
});

test('a member unlocks a surplus supplier for a bean', async ({ page, request }) => {
  const { token } = await createSession(request, USERS.member);
  await openWithSession(page, '/surplus', { 'X-Token': token });
  await settled(page);
  await expect(page.getByTestId('enquiry-total')).toContainText('钢豆余额');
  const before = await beanBalance(page);
  const row = lotRows(page)
    .filter({ has: page.getByRole('button', { name: '查看联系方式' }) })
    .first();
  const target = page.locator(`tr[data-row-key="${await row.getAttribute('data-row-key')}"]`);
  await target.getByRole('button', { name: '查看联系方式' }).click();
  // antd's confirm zooms in; a click before it has settled can miss its button.
  await expect(page.getByRole('dialog')).toBeVisible();
  await animationsSettled(page);
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(target.getByTestId('supplier-phone')).toHaveText(/^1\d{10}$/);
  await expect.poll(() => beanBalance(page)).toBe(before - 1);
});

test('screenshots: /surplus at 1440 and 375', async ({ page }) => {
  await page.goto(`/surplus?keyword=${encodeURIComponent('热轧卷板 Q235B')}`);
  await settled(page);
  await expect(page.getByTestId('understood').locator('[data-kind="product"]')).toBeVisible();
  await shot(page, { path: path.join(SHOTS, 'surplus-desktop.png'), fullPage: true });

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/surplus');
  // Issue 13 replaced the sideways-scrolling table with cards on a phone: each card carries its
  // grade line and fits the screen.
  const cards = page.getByTestId('lot-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first().locator('.sp-lots__grade')).toBeVisible();
  await expect(page.locator('.sp-lots__table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, { path: path.join(SHOTS, 'surplus-phone.png'), fullPage: true });
});

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('every column, 更新时间 too, is seen without scrolling sideways', async ({ page }) => {
    await page.goto('/surplus');
    await settled(page);
    await expectColumnsInView(page, page.locator('.sp-lots__table'), [
      '品名',
      GRADE_COLUMN,
      '供应商',
      '备注',
      '更新时间',
    ]);
    await expectNoSidewaysScroll(page);
    await shot(page, { path: path.join(SHOTS, 'surplus-1366.png') });
  });
});
