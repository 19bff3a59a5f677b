/**
 * Accessibility (issue 12): axe-core (WCAG 2.0-2.2 A and AA rules and best practices) on every
 * real screen, once its data is on show, fails on any serious or critical violation — colour
 * contrast below 4.5:1, unlabelled controls, targets under 24 px, broken ARIA. Moderate and
 * minor findings are printed, not failed.
 */
import { expect, type Page, test } from '@playwright/test';
import { createSession, expectNoSeriousViolations, openWithSession, USERS } from './helpers.ts';

/** Screens a person can use, and what shows their data has arrived. */
const SCREENS: { path: string; ready: string; member?: boolean; trader?: boolean; admin?: boolean }[] = [
  { path: '/', ready: '.sp-category' },
  { path: '/wareHouse', ready: '.sp-lots__table .ant-table-row' },
  { path: '/wareHouse?tab=suppliers', ready: 'main .ant-table-row' },
  { path: '/surplus', ready: '.sp-lots__table .ant-table-row' },
  { path: '/exponentMain', ready: '.sp-chart canvas' },
  { path: '/exponentMain?tab=method', ready: '.sp-methodology' },
  { path: '/crossdate', ready: '.sp-crossdate__result .ant-table-row' },
  { path: '/morepage', ready: '.sp-article-item' },
  { path: '/commercialAffairs/list', ready: '[data-testid="affair-item"]' },
  { path: '/commercialAffairs/detail/1', ready: 'main .sp-affair-nav' },
  { path: '/agency', ready: '[data-testid="agency-card"]' },
  { path: '/moreInfo', ready: '.sp-news-item__title' },
  { path: '/moreInfo/article/1', ready: '.sp-news-article h1' },
  { path: '/agency/detail/1', ready: 'main .sp-agency-detail dl' },
  { path: '/login', ready: 'main h1, main form, main .ant-tabs' },
  { path: '/login?mode=password', ready: 'main form' },
  { path: '/login?mode=register', ready: 'main form' },
  { path: '/account/profile', ready: 'main form', member: true },
  { path: '/account/membership', ready: 'main .ant-table-row', member: true },
  { path: '/account/beans', ready: 'main h1', member: true },
  // the trader's own rows (issue 17), as the demo trader
  { path: '/account/quotations', ready: '.sp-trader__table .sp-trader__cell-edit', trader: true },
  { path: '/account/stock', ready: '.sp-trader__table .sp-trader__cell-edit', trader: true },
  {
    path: '/account/surplus',
    ready: '.sp-trader__table .sp-trader__cell-edit, .sp-trader__empty',
    trader: true,
  },
  // the rest of the trader's workspace (issue 17), and what a member is offered instead
  { path: '/account/import?kind=cargo', ready: '.sp-import .ant-upload-drag', trader: true },
  { path: '/account/enquiries', ready: '.sp-enquiries__row, .sp-enquiries__empty', trader: true },
  { path: '/account/firm', ready: '[data-testid="embed-code"]', trader: true },
  { path: '/account/keys', ready: '.sp-keys__row, .sp-keys__empty', trader: true },
  { path: '/account/become-trader', ready: '[data-testid="trader-benefit"]', member: true },
  { path: '/agreement', ready: 'main h1' },
  { path: '/privacy', ready: 'main h1' },
  { path: '/beginMain', ready: 'main .ant-table-row' },
  { path: '/vipopen', ready: '[data-testid="vip-commodity"]' },
  { path: '/vipopen', ready: '[data-testid="vip-commodity"]', member: true },
  { path: '/vipmember', ready: '[data-testid="vip-benefit"] h3' },
  { path: '/vipmember', ready: '[data-testid="vip-entry"]', member: true },
  { path: '/beginInspection', ready: '[data-testid="region-tree"]' },
  { path: '/beginInspection', ready: '[data-testid="inspection-row"]', member: true },
  { path: '/beginClound', ready: '[data-testid="cloud-warehouse"]' },
  { path: '/beginClound', ready: '[data-testid="cloud-coil"]', member: true },
  { path: '/process', ready: '[data-testid="process-offer"]' },
  { path: '/process?groupOnly=1', ready: '[data-testid="process-offer"]', member: true },
  // The operator console (issue 18), as the demo admin.
  { path: '/admin', ready: '.sp-chart canvas', admin: true },
  { path: '/admin/users', ready: 'main .ant-table-row', admin: true },
  { path: '/admin/audit', ready: 'main .ant-table-row, main .ant-table-placeholder', admin: true },
  { path: '/admin/articles', ready: 'main .ant-table-row, main .ant-table-placeholder', admin: true },
  { path: '/admin/affairs', ready: 'main .ant-table-row, main .ant-table-placeholder', admin: true },
  { path: '/admin/agencies', ready: 'main .ant-table-row, main .ant-table-placeholder', admin: true },
  { path: '/admin/ads', ready: 'main .ant-table-row, main .ant-table-placeholder', admin: true },
  { path: '/admin/announcement', ready: 'main .ant-table-row, main .ant-table-placeholder', admin: true },
  { path: '/admin/vip-prices', ready: 'main .ant-table-row', admin: true },
  { path: '/admin/orders', ready: 'main .ant-table-row, main .ant-table-placeholder', admin: true },
  { path: '/admin/inspections', ready: 'main .ant-table-row, main .ant-table-placeholder', admin: true },
  { path: '/admin/processing', ready: 'main .ant-table-row, main .ant-table-placeholder', admin: true },
  { path: '/admin/switches', ready: 'main .ant-table-row', admin: true },
  {
    path: '/admin/warehouse-daily',
    ready: 'main .ant-table-row, main .ant-table-placeholder',
    admin: true,
  },
  {
    path: '/admin/index-corrections',
    ready: 'main .ant-table-row, main .ant-table-placeholder',
    admin: true,
  },
];

async function settle(page: Page, ready: string): Promise<void> {
  await expect(page.locator(ready).first()).toBeVisible();
  await expect(page.locator('main .ant-skeleton, main .ant-spin-spinning')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

for (const { path, ready, member, trader, admin } of SCREENS) {
  test(`${path}${member ? ' (member)' : trader ? ' (trader)' : admin ? ' (admin)' : ''} has no serious or critical axe violation`, async ({
    page,
    request,
  }) => {
    if (member || trader || admin) {
      const phone = admin ? '13800000000' : trader ? USERS.trader : USERS.member;
      const { token } = await createSession(request, phone);
      await openWithSession(page, path, { 'X-Token': token });
    } else {
      await page.goto(path);
    }
    await settle(page, ready);
    await expectNoSeriousViolations(page, path);
  });
}

test('a firm page (/firminfo/:userId/normal) has no serious or critical axe violation', async ({ page }) => {
  // The first trader of today's quotations: the firm pages exist for the seeded traders only.
  await page.goto('/beginMain');
  const firm = await page.locator('main a[href^="/firminfo/"]').first().getAttribute('href');
  expect(firm).toMatch(/^\/firminfo\/\d+\/normal$/);
  await page.goto(firm!);
  await settle(page, '[data-testid="firm-profile"]');
  await expectNoSeriousViolations(page, firm!);
});
