/**
 * 企业席位 (issue 30 item 6) as a person sees it, on a 390 px phone: a member without seats is
 * told how to buy them (a link to /vipopen with 企业会员 chosen); after buying 3 seats (through the
 * API) the page lists the buyer's own seat, gives one to a registered colleague (seated at once)
 * and invites an unregistered phone (待注册), as cards without sideways scroll and with 44 px
 * buttons; the colleague's own page says whose seat they hold.
 */

import { expect, test } from '@playwright/test';
import type { BuyVipInfo } from '@steelport/contracts';
import {
  expectDialogAccessible,
  expectNoSidewaysScroll,
  openWithSession,
  registerMember,
  shot,
} from './helpers.ts';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

test('the owner gives seats to colleagues, who see whose seat they hold', async ({ page, request }) => {
  test.slow(); // three registrations, a purchase and three page loads on a shared CI machine
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await registerMember(request, { prefix: '157', password: 'steel123', linkMan: '王经理' });
  const colleague = await registerMember(request, { prefix: '157', password: 'steel123', linkMan: '李同事' });
  const headers = { 'X-Token': owner.token };

  // No seats yet: what they are and where to buy them.
  await openWithSession(page, '/account/seats', { 'X-Token': owner.token });
  await expect(page.getByText('还没有企业席位')).toBeVisible();
  const info = (
    (await (await request.get('/api/web/2.0/order/getBuyVIPInfo')).json()) as Envelope<BuyVipInfo>
  ).data;
  const company = info.commodities.find((c) => c.name === '企业会员');
  expect(company?.perSeat).toBe(true);
  await expect(page.getByRole('link', { name: '购买企业会员席位' })).toHaveAttribute(
    'href',
    `/vipopen?ids=${company!.id}&count=3`,
  );

  // The owner buys 3 seats (the checkout has its own spec).
  const saved = (await (
    await request.post('/api/web/order/savePayment?count=3', {
      headers,
      data: { commodityIds: [company!.id], day: 30, useBeans: false },
    })
  ).json()) as Envelope<{ paymentId: number }>;
  expect(saved.code, saved.message).toBe(0);
  const paid = await request.post('/api/web/order/payConfirm', {
    headers,
    data: { paymentId: saved.data.paymentId },
  });
  expect(((await paid.json()) as Envelope<{ state: string }>).data.state).toBe('paid');

  await page.reload();
  await expect(page.getByTestId('seats-bought')).toHaveText('3');
  await expect(page.getByTestId('seats-used')).toHaveText('1');
  const cards = page.getByTestId('seat-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('王经理（本人）');

  // A registered colleague is seated at once.
  const phone = page.getByLabel('同事手机号');
  const give = page.getByRole('button', { name: '分配席位' });
  expect((await give.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await phone.fill(colleague.user.phone);
  await give.click();
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1)).toContainText('李同事');
  await expect(cards.nth(1)).toContainText('已入席');
  await expect(cards.nth(1)).toContainText(
    `${colleague.user.phone.slice(0, 3)}****${colleague.user.phone.slice(-4)}`,
  );
  await expect(page.getByTestId('seats-used')).toHaveText('2');

  // An unregistered phone is invited; the last seat is then given.
  const stranger = `158${String(Date.now()).slice(-8)}`;
  await phone.fill(stranger);
  await give.click();
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(2)).toContainText('待注册');
  await expect(page.getByTestId('seats-used')).toHaveText('3');
  await expect(page.getByText('席位已全部分配')).toBeVisible();
  for (const button of await cards.nth(1).getByRole('button').all()) {
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await expectNoSidewaysScroll(page);
  await shot(page, { path: '/tmp/shots/seats-phone.png', fullPage: true });
  await cards.nth(1).getByRole('button', { name: '更换' }).click();
  const reassign = page.getByRole('dialog', { name: '把席位改给另一位同事' });
  await expect(reassign).toContainText('将立即失去企业会员权益');
  await expectDialogAccessible(page, 'seat reassign dialog');
  await reassign.getByRole('button', { name: /取\s*消/ }).click();
  await expect(reassign).toBeHidden();

  // The colleague's own page says whose seat they hold.
  await openWithSession(page, '/account/seats', { 'X-Token': colleague.token });
  await expect(page.getByTestId('held-seat')).toContainText('您正在使用 王经理 的企业会员席位');
  await expect(page.getByTestId('held-seat')).toContainText('生效中');
  await shot(page, { path: '/tmp/shots/seats-held.png', fullPage: true });
});
