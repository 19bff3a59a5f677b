import { expect, type Page, test } from '@playwright/test';
import { BASE_URL, menu } from './helpers.ts';
import { columnTexts, settled } from './lots.ts';

const box = (page: Page) => page.getByPlaceholder('请输入品名、规格、材质或产地');

test('whitespace-only text sends no search', async ({ page }) => {
  await page.goto('/wareHouse');
  await box(page).fill('   ');
  await box(page).press('Enter');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/wareHouse`);
  await expect(page.getByRole('heading', { name: '仓库现货' })).toBeVisible();
});

test('a search lands on today’s quotations and the box is cleared when leaving them', async ({ page }) => {
  await page.goto('/wareHouse');
  await box(page).fill('  热轧卷板 Q235B ');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/beginMain?indexSearch=${encodeURIComponent('热轧卷板 Q235B')}`);
  await expect(page.getByTestId('understood').locator('[data-kind="material"]')).toHaveText(/材质\s*Q235B/);
  await expect(menu(page).locator('[aria-current="page"]')).toHaveText('今日报价');

  await menu(page).getByRole('link', { name: '余料市场' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/surplus`);
  await expect(box(page)).toHaveValue('');
});

test('arriving with indexSearch fills the box, and an empty search is still sent', async ({ page }) => {
  await page.goto(`/beginMain?indexSearch=${encodeURIComponent('冷轧')}`);
  await expect(box(page)).toHaveValue('冷轧');
  await box(page).fill('');
  await box(page).press('Enter');
  await expect(page).toHaveURL(`${BASE_URL}/beginMain?indexSearch=`);
  await expect(page.getByTestId('understood')).toHaveCount(0);
  await expect(box(page)).toHaveValue('');
  await expect(page.getByRole('heading', { name: '今日报价' })).toBeVisible();
});

test('without indexSearch in the URL an empty search on the quotation page does nothing', async ({
  page,
}) => {
  await page.goto('/beginMain');
  await box(page).press('Enter');
  await expect(page).toHaveURL(`${BASE_URL}/beginMain`);
});

test('a near miss offers the word it nearly is, and choosing it searches with that word', async ({
  page,
}) => {
  await page.goto('/wareHouse');
  await settled(page);
  const keywordBox = page.getByRole('textbox', { name: '关键词' });
  await keywordBox.fill('宝纲');
  await keywordBox.press('Enter');
  await expect(page).toHaveURL(`${BASE_URL}/wareHouse?keyword=${encodeURIComponent('宝纲')}`);
  const understood = page.getByTestId('understood');
  await expect(understood.locator('[data-kind="ignored"]')).toHaveText(/宝纲/);
  const suggestion = understood.getByRole('button', { name: '您是不是要找「宝钢」（产地）？' });
  await expect(suggestion).toBeVisible();

  await suggestion.click();
  await expect(page).toHaveURL(`${BASE_URL}/wareHouse?keyword=${encodeURIComponent('宝钢')}`);
  await expect(keywordBox).toHaveValue('宝钢');
  await expect(understood.locator('[data-kind="origin"]')).toHaveText(/产地\s*宝钢/);
  await expect(understood.getByTestId('suggestion')).toHaveCount(0);
  await settled(page);
  expect(new Set(await columnTexts(page, '产地'))).toEqual(new Set(['宝钢']));
});
