/**
 * The search vocabulary in the console (issue 29 item 2), as the operator sees it: the demo admin
 * finds 热轧卷板 on /admin/vocabulary, is shown why a word that already names it is refused (the
 * word stays in the field), adds a new alias and sees it among the tags, then removes it after
 * the confirmation, so the other specs search the seeded words. On a 390 px phone the terms are
 * cards with 44 px controls and nothing scrolls sideways. The rules (folding, conflicts, that a
 * search understands the new word at once, the audit row) are API tests:
 * apps/server/src/modules/admin-vocabulary/admin-vocabulary.test.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { createSession, expectNoSidewaysScroll, openWithSession, shot } from './helpers.ts';

const ADMIN_PHONE = '13800000000';
const PRODUCT = '热轧卷板';

/** A word no seeded term uses: letters only (digits would read as a size), new on every run. */
function newAlias(): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXY';
  let word = 'ZQ';
  for (let i = 0; i < 4; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

async function openVocabulary(page: Page, path = '/admin/vocabulary'): Promise<void> {
  const { token } = await createSession(page.request, ADMIN_PHONE);
  await openWithSession(page, path, { 'X-Token': token });
  await expect(page.getByRole('heading', { level: 1, name: '搜索词库' })).toBeVisible();
}

test('an operator is shown why a word is refused, adds an alias and removes it', async ({ page }) => {
  const alias = newAlias();
  await openVocabulary(page, `/admin/vocabulary?keyword=${encodeURIComponent(PRODUCT)}`);
  const row = page.getByTestId('vocabulary-term').filter({ has: page.getByText(PRODUCT, { exact: true }) });
  await expect(row).toHaveCount(1);
  const aliases = row.getByRole('list', { name: `别名 ${PRODUCT}` });
  await expect(aliases).toContainText('热卷');

  // a word that already names the product is refused, saying so, and stays in the field
  const field = row.getByRole('textbox', { name: `${PRODUCT} 的新别名` });
  await field.fill('热卷');
  await row.getByRole('button', { name: `给 ${PRODUCT} 添加别名` }).click();
  await expect(row.getByRole('alert')).toHaveText(`「热卷」已是 ${PRODUCT} 的别名`);
  await expect(field).toHaveValue('热卷');

  await field.fill(alias);
  await row.getByRole('button', { name: `给 ${PRODUCT} 添加别名` }).click();
  await expect(aliases.getByRole('listitem').filter({ hasText: alias })).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(row.getByRole('alert')).toHaveCount(0);
  await shot(page, { path: '/tmp/shots/admin-vocabulary.png' });

  // removed again after the confirmation
  await row.getByRole('button', { name: `删除 ${PRODUCT} 的别名 ${alias}` }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '删除', exact: true }).click();
  await expect(aliases.getByRole('listitem').filter({ hasText: alias })).toHaveCount(0);
  await expect(aliases).toContainText('热卷');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('terms are cards with 44 px controls and nothing scrolls sideways', async ({ page }) => {
    await openVocabulary(page, '/admin/vocabulary?kind=mills');
    const card = page.getByTestId('vocabulary-term').filter({ has: page.getByText('宝钢', { exact: true }) });
    await expect(card).toBeVisible();
    await expect(card.getByRole('list', { name: '别名 宝钢' })).toContainText('宝武');
    for (const control of [
      card.getByRole('textbox', { name: '宝钢 的新别名' }),
      card.getByRole('button', { name: '给 宝钢 添加别名' }),
      card.getByRole('button', { name: '删除 宝钢 的别名 宝武' }),
    ]) {
      const box = await control.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await expectNoSidewaysScroll(page, '/admin/vocabulary?kind=mills');
    await shot(page, { path: '/tmp/shots/admin-vocabulary-390.png', fullPage: true });
  });
});
