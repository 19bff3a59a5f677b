import { expect, type Page, test } from '@playwright/test';
import type { LotPageOf, Relaxation } from '@steelport/contracts';
import { marketZhCN } from '../src/i18n/locales/zh-CN/market.ts';
import { formatCount } from '../src/lib/numbers.ts';
import { BASE_URL, expectNoSeriousViolations, menu } from './helpers.ts';
import { columnTexts, lotRows, settled } from './lots.ts';

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
  await expectNoSeriousViolations(page, '/wareHouse with a near miss');

  await suggestion.click();
  await expect(page).toHaveURL(`${BASE_URL}/wareHouse?keyword=${encodeURIComponent('宝钢')}`);
  await expect(keywordBox).toHaveValue('宝钢');
  await expect(understood.locator('[data-kind="origin"]')).toHaveText(/产地\s*宝钢/);
  await expect(understood.getByTestId('suggestion')).toHaveCount(0);
  await settled(page);
  expect(new Set(await columnTexts(page, '产地'))).toEqual(new Set(['宝钢']));
});

test('a search that finds nothing offers any width with its count, and choosing it searches wider', async ({
  page,
}) => {
  // A real material and thickness of the demo stock with a width nobody holds.
  const keyword = 'Q235B 2.75*1251';
  await page.goto('/wareHouse');
  await settled(page);
  const keywordBox = page.getByRole('textbox', { name: marketZhCN.lots.keywordLabel });
  await keywordBox.fill(keyword);
  const answer = page.waitForResponse(
    (response) =>
      response.url().endsWith('/searchCargo/page') && response.request().postDataJSON()?.keyword === keyword,
  );
  await keywordBox.press('Enter');
  const { data } = (await (await answer).json()) as { data: LotPageOf<unknown> };
  expect(data.total).toBe(0);
  const width = data.relaxations?.find((relaxation: Relaxation) => relaxation.kind === 'width');
  expect(width, JSON.stringify(data.relaxations)).toBeDefined();
  if (!width) return;

  const offered = page.getByTestId('relaxations');
  await expect(offered).toContainText(marketZhCN.lots.relax.title);
  const button = offered.getByRole('button', {
    name: marketZhCN.lots.relax.width.replace('{{rows}}', formatCount(width.count)),
    exact: true,
  });
  await expect(button).toBeVisible();
  await expectNoSeriousViolations(page, '/wareHouse offering wider searches');
  await button.click();

  await expect(page).toHaveURL(
    (url) => url.pathname === '/wareHouse' && url.searchParams.get('keyword') === width.keyword,
  );
  await expect(keywordBox).toHaveValue(width.keyword);
  await settled(page);
  await expect(offered).toHaveCount(0);
  expect(await lotRows(page).count()).toBeGreaterThan(0);
  for (const spec of await columnTexts(page, marketZhCN.lots.columns.spec)) expect(spec).toMatch(/^2\.75\*/);
});
