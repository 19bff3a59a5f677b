import { expect, test } from '@playwright/test';
import { createSession, expectDialogAccessible, openWithSession, USERS } from './helpers.ts';

/**
 * Anti-scraping: beyond 60 searches a minute the search answers code 7 until an image captcha
 * is passed. The flood runs under a supplier's own session (the limit counts per client and
 * user), so the other specs' visitors, member and VIP keep searching freely.
 */
test('too many searches bring up the image captcha; a wrong answer gets a new image', async ({
  page,
  request,
}) => {
  const vip = await createSession(request, USERS.vip);
  const headers = { 'X-Token': vip.token };
  const first = await request.post('/api/web/2.0/searchCargo/page', { data: { pageSize: 1 }, headers });
  const lot = ((await first.json()) as { data: { list: { id: number }[] } }).data.list[0];
  const unlocked = await request.post('/api/web/searchCargo/enquiry', {
    data: { kind: 'cargo', ids: [lot?.id] },
    headers,
  });
  const phone = ((await unlocked.json()) as { data: { contacts: { supplier: { phone: string } }[] } }).data
    .contacts[0]?.supplier.phone;
  expect(phone).toMatch(/^1\d{10}$/);
  const trader = await createSession(request, phone ?? '');

  // The e2e server allows 300 searches a minute (SEARCHES_PER_MINUTE in playwright.config.ts).
  let code = 0;
  for (let i = 0; i < 400 && code !== 7; i += 1) {
    const answer = await request.post('/api/web/2.0/searchCargo/page', {
      data: { pageSize: 1 },
      headers: { 'X-Token': trader.token },
    });
    code = ((await answer.json()) as { code: number }).code;
  }
  expect(code).toBe(7);

  await openWithSession(page, '/wareHouse', { 'X-Token': trader.token });
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('安全验证')).toBeVisible();
  const image = dialog.getByTestId('captcha-image');
  await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml/);
  const firstImage = await image.getAttribute('src');
  await expectDialogAccessible(page, 'captcha dialog');

  await dialog.getByRole('textbox', { name: '验证码' }).fill('zzzz');
  await dialog.getByRole('button', { name: '验证' }).click();
  await expect(dialog.getByText('验证码错误，请重新输入')).toBeVisible();
  await expect(image).not.toHaveAttribute('src', firstImage ?? '');

  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page.getByText('查询过于频繁，请完成图形验证后继续')).toBeVisible();
  await page.getByRole('button', { name: '去验证' }).click();
  await expect(dialog.getByText('安全验证')).toBeVisible();
});
