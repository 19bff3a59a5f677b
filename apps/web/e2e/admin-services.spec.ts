/**
 * The console's trade services (issue 18): a demo member (the VIP, so no beans move) requests an
 * inspection through the API; the demo admin finds it on /admin/inspections and moves it through
 * 受理 -> 指派验货员 -> a step with findings and a photo (a PNG set on the upload) -> 完成验货; the
 * member then sees the step, its findings and the photo on the portal's trace; the admin finds the
 * four actions in /admin/audit. The admin closes 共享加工 on /admin/switches, the portal shows
 * 即将开放 at once, and opens it again. Screenshots go to /tmp/shots/admin-services-*.png.
 */
import { expect, type Page, test } from '@playwright/test';
import { createSession, expectDialogAccessible, openWithSession, shot, solidPng, USERS } from './helpers.ts';

const ADMIN_PHONE = '13800000000';
const SHOTS = '/tmp/shots';

// Uploads and several screens on a shared 2-core machine: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const PHOTO = solidPng(160, 120, [82, 196, 26]);

async function openAs(page: Page, phone: string, path: string): Promise<string> {
  const { token } = await createSession(page.request, phone);
  await openWithSession(page, path, { 'X-Token': token });
  return token;
}

/** Waits until drawers have slid in or out (a screenshot during the motion cuts them off). */
async function settled(page: Page): Promise<void> {
  await expect(
    page.locator('.ant-drawer-content-wrapper[class*="-motion-"], .ant-drawer-mask[class*="-motion-"]'),
  ).toHaveCount(0);
}

test('the admin moves a member’s inspection through its states with a photo; the member sees the trace', async ({
  page,
  browser,
}) => {
  test.slow(); // five workflow steps with a photo upload, then the member's trace: 21 s in a slow CI
  // the member's request, through the API
  const member = await createSession(page.request, USERS.vip);
  const regions = await (
    await page.request.get('/api/web/2.0/inspection/warehouseList/region', {
      headers: { 'X-Token': member.token },
    })
  ).json();
  const warehouse = regions.data.regions[0].warehouses[0] as { id: number; name: string };
  const coil = `AS${Date.now().toString().slice(-8)}`;
  const tomorrow = new Date(Date.now() + 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  const created = await (
    await page.request.post('/api/web/2.0/inspection/inspections', {
      headers: { 'X-Token': member.token },
      data: {
        warehouseId: warehouse.id,
        coilNumbers: [coil],
        requestedDate: tomorrow,
        contactName: '李先生',
        contactPhone: '13800000002',
      },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(0);
  const id = created.data.id as number;

  // the admin finds it by its number
  await openAs(page, ADMIN_PHONE, `/admin/inspections?keyword=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: '验货管理' })).toBeVisible();
  const row = page.locator('main .ant-table-row', { hasText: coil });
  await expect(row).toContainText('待受理');
  await shot(page, { path: `${SHOTS}/admin-services-inspections.png` });
  await row.getByRole('button', { name: `处理验货申请 ${id}` }).click();
  const drawer = page.getByTestId('admin-inspection');
  const status = page.getByTestId('admin-inspection-status');
  await expect(status).toHaveText('待受理');
  await expectDialogAccessible(page, 'inspection drawer');

  // 受理
  await drawer.getByLabel('受理说明（可选，会员可见）').fill('已与仓库确认货位');
  await drawer.getByRole('button', { name: '受理申请' }).click();
  await expect(status).toHaveText('已受理');

  // 指派验货员: the form says what is missing in Chinese first
  const assign = drawer.getByRole('region', { name: '指派验货员' });
  await assign.getByRole('button', { name: '指派' }).click();
  await expect(assign).toContainText('请填写验货员姓名');
  await assign.getByLabel('验货员姓名').fill('王建国');
  await assign.getByLabel('验货员电话').fill('13900001111');
  await assign.getByRole('button', { name: '指派' }).click();
  await expect(drawer.getByTestId('admin-trace-step').filter({ hasText: '指派验货员' })).toBeVisible();

  // a step with findings and a photo
  const step = drawer.getByRole('region', { name: '添加跟踪步骤' });
  await step.getByLabel('步骤名称').fill('外观检查');
  await step.getByLabel('发现（会员可见）').fill('外圈轻微擦伤约 0.3 m，其余良好');
  await step.getByTestId('upload').locator('input[type="file"]').setInputFiles({
    name: '外观.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await expect(step.getByTestId('upload-item').filter({ hasText: '外观.png' })).toHaveAttribute(
    'data-status',
    'success',
  );
  await step.getByRole('button', { name: '添加步骤' }).click();
  await expect(status).toHaveText('验货中');
  const photoStep = drawer.getByTestId('admin-trace-step').filter({ hasText: '外观检查' });
  await expect(photoStep).toContainText('外圈轻微擦伤');
  const adminPhoto = photoStep.getByRole('img', { name: '外观检查 照片 1' });
  await expect.poll(() => adminPhoto.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(160);

  // 完成验货
  await drawer.getByLabel('验货结论（会员可见）').fill('货物与单据相符，外圈轻微擦伤，可以提货。');
  await drawer.getByRole('button', { name: '完成验货' }).click();
  await expect(status).toHaveText('已完成');
  await expect(drawer).toContainText('该申请已结束，不能再操作');
  await settled(page);
  await shot(page, { path: `${SHOTS}/admin-services-inspection-drawer.png`, fullPage: true });

  // the member sees the trace with the step and the photo
  const memberContext = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const memberPage = await memberContext.newPage();
  await openWithSession(memberPage, '/beginInspection', { 'X-Token': member.token });
  const mine = memberPage.getByTestId('inspection-row').filter({ hasText: coil });
  await expect(mine).toContainText('已完成');
  await mine.getByRole('button', { name: /查看跟踪/ }).click();
  const trace = memberPage.getByTestId('inspection-trace');
  await expect(trace).toContainText('货物与单据相符，外圈轻微擦伤，可以提货。');
  const seen = trace.getByTestId('trace-step').filter({ hasText: '外观检查' });
  await expect(seen).toContainText('外圈轻微擦伤约 0.3 m，其余良好');
  await expect(seen).toContainText('王建国');
  const memberPhoto = seen.getByRole('img').first();
  await expect.poll(() => memberPhoto.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(160);
  await shot(memberPage, { path: `${SHOTS}/admin-services-member-trace.png` });
  await memberContext.close();

  // the audit log holds each action of this request
  await page.goto(`/admin/audit`);
  const audit = page.locator('main');
  for (const action of ['inspection.accept', 'inspection.assign', 'inspection.step', 'inspection.complete']) {
    await expect(
      audit
        .locator('.ant-table-row', { hasText: action })
        .filter({ hasText: `验货 #${id}` })
        .first(),
    ).toBeVisible();
  }
  await shot(page, { path: `${SHOTS}/admin-services-audit.png` });
});

test('the admin closes a service and the portal shows 即将开放 at once; processing lists offers', async ({
  page,
  browser,
}) => {
  await openAs(page, ADMIN_PHONE, '/admin/switches');
  await expect(page.getByRole('heading', { level: 1, name: '服务开关' })).toBeVisible();
  const processing = page.locator('main .ant-table-row', { hasText: '共享加工' });
  await expect(processing).toContainText('开放');
  await processing.getByRole('button', { name: '关闭 共享加工' }).click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: '关闭' }).click();
  await expect(processing).toContainText('已关闭');
  await shot(page, { path: `${SHOTS}/admin-services-switches.png` });

  const visitor = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const portal = await visitor.newPage();
  await portal.goto('/process');
  await expect(portal.locator('.sp-comingsoon')).toContainText('共享加工服务即将开放');

  await processing.getByRole('button', { name: '开放 共享加工' }).click();
  await expect(processing).not.toContainText('已关闭');
  await portal.reload();
  await expect(portal.locator('.sp-comingsoon')).toHaveCount(0);
  await expect(portal.getByText('即将开放', { exact: true })).toHaveCount(0);
  await visitor.close();

  await page.goto('/admin/processing');
  await expect(page.getByRole('heading', { level: 1, name: '共享加工管理' })).toBeVisible();
  await expect(page.locator('main .ant-table-row').first()).toBeVisible();
  await shot(page, { path: `${SHOTS}/admin-services-processing.png` });
  await page.getByRole('tab', { name: '询价与拼单' }).click();
  await expect(page).toHaveURL(/view=enquiries/);
  await expect(page.locator('main .ant-table-row, main .ant-table-placeholder').first()).toBeVisible();
  await shot(page, { path: `${SHOTS}/admin-services-enquiries.png` });
});
