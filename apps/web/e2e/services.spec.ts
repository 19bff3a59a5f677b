/**
 * Trade services (issue 16, items 3 and 4): the cloud-warehouse self-service /beginClound and
 * shared processing /process, as a visitor and as the demo accounts see them.
 */
import { expect, type Page, test } from '@playwright/test';
import { createSession, expectDialogAccessible, openWithSession, shot, USERS } from './helpers.ts';

const SHOTS = '/tmp/shots-services';

async function shoot(page: Page, name: string) {
  await shot(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe('/beginClound', () => {
  test('a visitor sees the partner warehouses with capacity and saturation, and how to join', async ({
    page,
  }) => {
    await page.goto('/beginClound');
    await expect(page.getByRole('heading', { level: 1, name: '仓库自助' })).toBeVisible();
    await expect(page).toHaveTitle('仓库自助 - 钢市通 SteelPort');
    const warehouses = page.getByTestId('cloud-warehouse');
    await expect(warehouses.first()).toBeVisible();
    await expect(warehouses.nth(3)).toBeVisible();
    await expect(warehouses.first()).toContainText(/库容 [\d,]+ 吨/);
    await expect(warehouses.first()).toContainText(/饱和度\s*\d+\.\d{2}%/);
    const join = page.getByTestId('cloud-join');
    await expect(join).toContainText('如何使用仓库自助');
    await expect(join.getByRole('link', { name: '登录查看我的货物' })).toBeVisible();
    await expect(page.getByTestId('cloud-coil')).toHaveCount(0);
    await shoot(page, 'cloud-visitor');
  });

  test('the demo member sees its coils, totals per warehouse and in/out history', async ({
    page,
    request,
  }) => {
    const { token } = await createSession(request, USERS.member);
    await openWithSession(page, '/beginClound', { 'X-Token': token });
    await expect(page.getByTestId('cloud-summary')).toContainText(
      /在库 \d+ 卷，共 [\d,]+ 吨，分布在 \d+ 个仓库/,
    );
    const totals = page.getByTestId('cloud-total');
    await expect(totals.first()).toContainText(/\d+ 卷 · [\d,]+\.\d{3} 吨/);
    const coils = page.getByTestId('cloud-coils').getByTestId('cloud-coil');
    await expect(coils.first()).toBeVisible();
    await expect(coils.first()).toContainText('在库');
    await expect(coils.first()).toContainText(/[A-Z]{2}\d{4}-\d{5}/);
    const history = page.getByTestId('cloud-move');
    await expect(history.first()).toBeVisible();
    await expect(page.getByTestId('cloud-history')).toContainText('出库');
    await expect(page.getByTestId('cloud-history')).toContainText('入库');
    await shoot(page, 'cloud-member');
  });

  test('a bad coil number shows 输入的数据不合法! and a good one finds the coil', async ({
    page,
    request,
  }) => {
    const { token } = await createSession(request, USERS.member);
    await openWithSession(page, '/beginClound', { 'X-Token': token });
    const first = page.getByTestId('cloud-coils').getByTestId('cloud-coil').first();
    await expect(first).toBeVisible();
    const coilNo = ((await first.textContent()) ?? '').match(/[A-Z]{2}\d{4}-\d{5}/)?.[0];
    expect(coilNo).toBeTruthy();

    await page.getByRole('button', { name: '卷号查询' }).click();
    const dialog = page.getByRole('dialog', { name: '按卷号查询' });
    await dialog.getByLabel('请输入卷号').fill('卷号#1');
    await dialog.getByRole('button', { name: '查询' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('输入的数据不合法!');
    await expectDialogAccessible(page, 'coil query dialog');
    await expect(dialog).toBeVisible();
    await shoot(page, 'cloud-invalid');

    await dialog.getByLabel('请输入卷号').fill(coilNo as string);
    await dialog.getByRole('button', { name: '查询' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`coilNo=${coilNo}`));
    await expect(page.getByRole('heading', { name: `卷号 ${coilNo} 的查询结果` })).toBeVisible();
    await expect(page.getByTestId('cloud-coils').getByTestId('cloud-coil')).toHaveCount(1);
    await expect(page.getByTestId('cloud-coils')).toContainText(coilNo as string);

    // another depositor's coil number (or one nobody has) shows nothing
    await page.goto('/beginClound?coilNo=ZZ9999-99999&status=all');
    await expect(page.getByTestId('cloud-coils')).toContainText('您的货物中没有卷号 ZZ9999-99999');
  });
});

test.describe('/process', () => {
  test('a visitor sees offers with group-order progress and filters by line type', async ({ page }) => {
    await page.goto('/process');
    await expect(page.getByRole('heading', { level: 1, name: '共享加工' })).toBeVisible();
    await expect(page).toHaveTitle('共享加工 - 钢市通 SteelPort');
    await expect(page.getByTestId('process-count')).toHaveText(/共 \d+ 家加工报价/);
    const offers = page.getByTestId('process-offer');
    await expect(offers.first()).toBeVisible();
    await expect(offers.first()).toContainText(/[\d,]+ 元\/吨/);
    await expect(offers.first()).toContainText(/厚度 [\d.]+-[\d.]+ mm/);
    await expect(page.getByTestId('process-group').first()).toContainText(/已拼 [\d,]+ 吨 \/ 目标 [\d,]+ 吨/);
    await shoot(page, 'process-visitor');

    await page.locator('.sp-process__lines').getByText(/^开平/).click();
    await expect(page).toHaveURL(/lineType=/);
    await expect(page.getByTestId('process-count')).toHaveText(/共 \d+ 家加工报价/);
    // the previous page stays until the filtered one arrives
    await expect(offers.locator('.sp-process__line').filter({ hasNotText: '开平' })).toHaveCount(0);
    await expect(offers.locator('.sp-process__line').first()).toHaveText('开平');

    // joining asks a visitor to log in first
    await page.goto('/process?groupOnly=1');
    await page.getByTestId('process-offer').first().getByRole('button', { name: '加入拼单' }).click();
    await expect(page.getByTestId('gate-notice')).toContainText('登录后即可询价或加入拼单');
    await expect(page.getByRole('dialog').getByRole('link', { name: '登录' })).toBeVisible();
  });

  test('a member joins a group order and sees the joined tonnage grow and the plant contact', async ({
    page,
    request,
  }) => {
    const { token } = await createSession(request, USERS.vip);
    await openWithSession(page, '/process?groupOnly=1&sort=deadline', { 'X-Token': token });
    const offer = page.getByTestId('process-offer').first();
    await expect(offer).toBeVisible();
    const id = await offer.getAttribute('data-offer-id');
    const card = page.locator(`[data-offer-id="${id}"]`);
    const joined = async () => {
      const text = (await card.getByTestId('process-joined').textContent()) ?? '';
      return Number((text.match(/已拼 ([\d,]+) 吨/)?.[1] ?? 'NaN').replaceAll(',', ''));
    };
    const before = await joined();
    expect(before).toBeGreaterThanOrEqual(0);

    await card.getByRole('button', { name: /加入拼单|修改拼单/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('拼单吨位（吨）').fill('3');
    await dialog.getByRole('button', { name: '确认拼单' }).click();
    const contact = dialog.getByTestId('process-contact');
    await expect(contact).toContainText('已加入拼单，您的吨位 3 吨');
    await expect(contact).toContainText(/1\d{10}/);
    await expectDialogAccessible(page, 'processing enquiry dialog');
    await shoot(page, 'process-joined');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();

    await expect(card.getByTestId('process-mine')).toHaveText('我已拼 3 吨');
    await expect.poll(joined).toBe(before + 3);

    // joining again changes the share instead of adding one
    await card.getByRole('button', { name: '修改拼单' }).click();
    await dialog.getByLabel('拼单吨位（吨）').fill('5');
    await dialog.getByRole('button', { name: '确认拼单' }).click();
    await expect(dialog.getByTestId('process-contact')).toContainText('您的吨位 5 吨');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    await expect(card.getByTestId('process-mine')).toHaveText('我已拼 5 吨');
    await expect.poll(joined).toBe(before + 5);
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  /** The document does not scroll sideways. */
  async function expectNoOverflow(page: Page, label: string) {
    const sizes = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(sizes.scroll, label).toBeLessThanOrEqual(sizes.inner);
  }

  test('coils and offers are cards with 44 px controls, and nothing scrolls sideways', async ({
    page,
    request,
  }) => {
    const { token } = await createSession(request, USERS.member);
    await openWithSession(page, '/beginClound', { 'X-Token': token });
    const card = page.getByTestId('cloud-coils').getByTestId('cloud-coil').first();
    await expect(card).toBeVisible();
    await expect(page.locator('.sp-cloud__table')).toHaveCount(0);
    await expect(card).toContainText(/[\d.]+ 吨/);
    const lookup = await page.getByRole('button', { name: '卷号查询' }).boundingBox();
    expect(lookup?.height ?? 0).toBeGreaterThanOrEqual(44);
    await expectNoOverflow(page, '/beginClound');
    await shoot(page, 'cloud-phone');

    await page.goto('/process');
    const offer = page.getByTestId('process-offer').first();
    await expect(offer).toBeVisible();
    const box = await offer.getByRole('button', { name: '询价' }).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await expectNoOverflow(page, '/process');
    await shoot(page, 'process-phone');
  });
});
