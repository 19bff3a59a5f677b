/**
 * 行情样本 in the console (issue 34), as the operator sees it: the demo admin opens
 * /admin/price-items on 热轧卷板, hides an item the public table shows, sees it marked and gone
 * from the portal's table, and releases it again so the other specs read the seeded rows. The
 * rules (frequency, pinning a rare item, the audit row) are API tests:
 * apps/server/src/modules/price-table.
 */
import { expect, test } from '@playwright/test';
import { createSession, openWithSession, shot } from './helpers.ts';

const ADMIN_PHONE = '13800000000';
const PRODUCT = '热轧卷板';

interface TableAnswer {
  data: { rows: { grade: string; spec: string; mill: string }[] };
}

test('an operator hides an item of the price table and releases it again', async ({ page }) => {
  const { token } = await createSession(page.request, ADMIN_PHONE);
  await openWithSession(page, '/admin/price-items', { 'X-Token': token });
  await expect(page.getByRole('heading', { level: 1, name: '行情样本' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '品名' })).toBeVisible();
  await expect(page.locator('.sp-admin-toolbar')).toContainText(PRODUCT);

  const shown = page.locator('main .ant-table-row').filter({ hasText: '按频次' }).filter({ hasText: '显示' });
  await expect(shown.first()).toBeVisible();
  const cells = (await shown.first().locator('td').allTextContents()).map((text) => text.trim());
  const [grade, spec, mill] = cells as [string, string, string];
  const row = page.locator('main .ant-table-row').filter({ hasText: `${grade}${spec}${mill}` });
  await expect(row).toHaveCount(1);

  const publicRows = async () => {
    const answer = await page.request.get(`/api/web/2.0/priceTable?product=${encodeURIComponent(PRODUCT)}`);
    const { data } = (await answer.json()) as TableAnswer;
    return data.rows.filter((r) => r.grade === grade && r.spec === spec && r.mill === mill).length;
  };
  expect(await publicRows()).toBe(1);

  await row.getByRole('button', { name: `隐藏 ${grade} ${spec} ${mill}` }).click();
  await expect(page.getByText(`已隐藏：${grade} ${spec} ${mill}`)).toBeVisible();
  await expect(row.locator('.ant-tag')).toHaveText('隐藏');
  await expect(row).toContainText('不显示');
  expect(await publicRows()).toBe(0);
  await shot(page, { path: '/tmp/shots/admin-price-items.png' });

  await row.getByRole('button', { name: `恢复按频次 ${grade} ${spec} ${mill}` }).click();
  await expect(row.locator('.ant-tag')).toHaveText('按频次');
  expect(await publicRows()).toBe(1);
});
