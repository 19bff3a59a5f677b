/**
 * 保存搜索 and 指数提醒 (issue 19, web part 1): a member saves the search of /wareHouse and is
 * told where matches arrive; the member's second save is refused with the VIP offer; a visitor
 * is offered the login; a VIP sets an index alert; /vipopen states the limits; the button and
 * dialog fit a phone. What the spec saves it deletes again (other specs share the server), and
 * the limit is tried on a member the spec registers itself.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { MyInfo, SubscriptionOverview } from '@steelport/contracts';
import {
  animationsSettled,
  createSession,
  expectNoSeriousViolations,
  loginHref,
  openWithSession,
  registerMember,
  shot,
  USERS,
} from './helpers.ts';
import { facetChip, settled } from './lots.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.tmp/screenshots');
const PASSWORD = 'subscribe123';

interface Login {
  token: string;
  user: MyInfo;
}

async function overview(request: APIRequestContext, token: string): Promise<SubscriptionOverview> {
  const answer = await request.get('/api/web/subscription/list', { headers: { 'X-Token': token } });
  const body = (await answer.json()) as { code: number; data: SubscriptionOverview };
  expect(body.code).toBe(0);
  return body.data;
}

/** Deletes every saved search and index alert of the caller. */
async function removeAll(request: APIRequestContext, token: string): Promise<void> {
  const { searches, alerts } = await overview(request, token);
  const headers = { 'X-Token': token };
  for (const search of searches)
    await request.delete(`/api/web/subscription/search/${search.id}`, { headers });
  for (const alert of alerts)
    await request.delete(`/api/web/subscription/index-alert/${alert.id}`, { headers });
}

function session(login: Login): Record<string, string> {
  return { 'X-Token': login.token, loginUser: JSON.stringify(login.user) };
}

/** The page is no wider than the window: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/** Every visible button, link and radio inside `scope` is at least 44 px tall and wide. */
async function expectTapTargets(scope: Locator): Promise<void> {
  // a dialog zooms in: measured mid-animation, its buttons would look smaller than they are
  await animationsSettled(scope.page());
  const small = await scope.evaluate((root) => {
    const found: string[] = [];
    for (const element of root.querySelectorAll('button, a[href], .ant-radio-button-wrapper, input')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const target = element.closest('.ant-input-affix-wrapper, .ant-input-number') ?? element;
      const outer = target.getBoundingClientRect();
      if (outer.height < 44 || outer.width < 44)
        found.push(
          `${element.textContent?.trim() || element.getAttribute('aria-label')} ${outer.width}x${outer.height}`,
        );
    }
    return found;
  });
  expect(small).toEqual([]);
}

test('a member saves the search of /wareHouse; the second save is refused with the VIP offer', async ({
  page,
  request,
}) => {
  // four screens and three saves on a 2-core machine
  test.setTimeout(90_000);
  const member = await registerMember(request, { prefix: '137', password: PASSWORD, linkMan: '订阅测试' });
  try {
    await openWithSession(page, '/wareHouse', session(member));
    await settled(page);
    await facetChip(page, '品名', '热轧卷板').click();
    await expect(page).toHaveURL(/products=/);
    await settled(page);
    await facetChip(page, '材质', 'Q235B').click();
    await expect(page).toHaveURL(/materials=Q235B/);
    await settled(page);

    await page.getByTestId('save-search').click();
    const dialog = page.getByRole('dialog', { name: '保存搜索 · 订阅现货' });
    await expect(dialog.getByTestId('subscribe-usage')).toContainText('已保存 0 / 1 个');
    await expect(dialog.getByTestId('subscribe-usage')).toContainText('会员可保存 1 个，免豆会员 50 个。');
    // the name is prefilled from the filter; the conditions are shown as the URL holds them
    await expect(dialog.getByLabel('订阅名称')).toHaveValue('热轧卷板 Q235B');
    await expect(dialog.locator('.sp-subscribe__word')).toHaveText(['热轧卷板', 'Q235B']);
    await expectNoSeriousViolations(page, '/wareHouse save-search dialog');

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/web/subscription/search') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    const body = (await (await saved).json()) as { code: number; data: { filter: unknown; kind: string } };
    expect(body.code).toBe(0);
    // exactly the filter the screen sends to the search API, built from its URL
    expect(body.data.kind).toBe('cargo');
    expect(body.data.filter).toEqual({ products: ['热轧卷板'], materials: ['Q235B'] });

    const done = dialog.getByTestId('subscribe-saved');
    await expect(done).toContainText('已保存订阅“热轧卷板 Q235B”');
    await expect(done).toContainText('消息中心');
    await expect(done.getByTestId('subscribe-usage')).toContainText('已保存 1 / 1 个');
    await expect(done.getByRole('link', { name: '消息中心' })).toHaveAttribute('href', '/account/inbox');
    await expect(done.getByRole('link', { name: '管理我的订阅' })).toHaveAttribute(
      'href',
      '/account/subscriptions',
    );
    await shot(page, { path: path.join(SHOTS, 'subscribe-saved-desktop.png') });
    await dialog.getByRole('button', { name: '完成' }).click();
    await expect(dialog).toBeHidden();

    // the second: the limit is said with the membership that keeps more, before anyone leaves
    await page.getByTestId('save-search').click();
    await expect(dialog.getByTestId('subscribe-full')).toContainText(
      '您已保存 1 个，会员最多 1 个。开通免豆会员后可保存 50 个。',
    );
    await expect(dialog.getByRole('button', { name: '保存', exact: true })).toBeDisabled();
    const vip = dialog.getByRole('link', { name: '开通免豆会员' });
    const here = new URL(page.url());
    await expect(vip).toHaveAttribute(
      'href',
      `/vipopen?redirect=${encodeURIComponent(`${here.pathname}${here.search}`)}`,
    );
    await shot(page, { path: path.join(SHOTS, 'subscribe-full-desktop.png') });

    // /vipopen states the subscription benefit with the numbers of the contracts
    await vip.click();
    await expect(page).toHaveURL(/\/vipopen\?redirect=/);
    await expect(
      page
        .locator('[data-testid="vip-commodity"][data-name="免豆会员"]')
        .getByText('免费订阅：会员 1 个、免豆会员 50 个保存的搜索与指数提醒'),
    ).toBeVisible();
    await expect(page.getByText('免费订阅行情')).toHaveCount(0);

    // the server's own refusal (code 1) shows in the dialog: the list said there was room, but
    // another tab saved meanwhile
    await removeAll(request, member.token);
    await page.goto('/surplus?products=%E7%83%AD%E8%BD%A7%E5%8D%B7%E6%9D%BF');
    await page.getByTestId('save-search').click();
    const surplus = page.getByRole('dialog', { name: '保存搜索 · 订阅余料' });
    await expect(surplus.getByTestId('subscribe-usage')).toContainText('已保存 0 / 1 个');
    const other = await request.post('/api/web/subscription/search', {
      headers: { 'X-Token': member.token },
      data: { kind: 'cargo', name: '另一个标签页', filter: { cities: ['上海'] } },
    });
    expect((await other.json()).code).toBe(0);
    await surplus.getByRole('button', { name: '保存', exact: true }).click();
    const refusal = surplus.getByTestId('subscribe-refusal');
    await expect(refusal).toContainText('会员可保存 1 个订阅，开通免豆会员可保存 50 个');
    // the list is asked again: the limit notice offers the membership that keeps more
    await expect(
      surplus.getByTestId('subscribe-full').getByRole('link', { name: '开通免豆会员' }),
    ).toBeVisible();
  } finally {
    await removeAll(request, member.token);
  }
});

test('a visitor is told that subscribing needs a login and offered it', async ({ page }) => {
  await page.goto('/beginMain?products=%E7%83%AD%E8%BD%A7%E5%8D%B7%E6%9D%BF');
  await expect(page.getByTestId('save-search')).toBeVisible();
  await shot(page, { path: path.join(SHOTS, 'subscribe-beginMain-desktop.png') });
  await page.getByTestId('save-search').click();
  const gate = page.getByRole('dialog', { name: '登录后订阅' });
  await expect(gate.getByTestId('gate-notice')).toContainText('订阅需要登录');
  await expect(gate.getByTestId('gate-notice')).toContainText('会员 1 个，免豆会员 50 个');
  const href = await gate.getByRole('link', { name: '登录' }).getAttribute('href');
  expect(new URL(href ?? '', page.url()).href).toBe(loginHref(page.url()));
  // antd's Modal zooms in: a click before it has settled can miss its button.
  await animationsSettled(page);
  await gate.getByRole('button', { name: '取消' }).click();
  await expect(gate).toBeHidden();

  await page.goto('/exponentMain');
  await page.getByTestId('index-alert').first().click();
  await expect(page.getByRole('dialog', { name: '登录后订阅' })).toContainText('订阅需要登录');
});

test('a VIP sets an index alert on /exponentMain', async ({ page, request }) => {
  const vip = await createSession(request, USERS.vip);
  const before = (await overview(request, vip.token)).alerts.map((a) => a.id);
  try {
    await openWithSession(page, '/exponentMain', session(vip));
    const card = page.locator('.sp-index-card-slot').first();
    const name = (await card.locator('.sp-index-card__name').textContent()) ?? '';
    await card.getByRole('button', { name: `提醒：${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `指数提醒 · ${name}` });
    await expect(dialog.getByTestId('subscribe-usage')).toContainText(`已保存 ${before.length} / 50 个`);
    // the level is prefilled with the latest price
    const latest = (await card.locator('.sp-index-card__price').textContent())?.replace('元/吨', '') ?? '';
    await expect(dialog.getByLabel('价位', { exact: true })).toHaveValue(latest);
    await expectNoSeriousViolations(page, '/exponentMain alert dialog');

    await dialog.getByText('跌破', { exact: true }).click();
    await dialog.getByLabel('价位', { exact: true }).fill('2800');
    await expect(dialog.getByTestId('alert-summary')).toHaveText('价格跌破 2,800 元/吨 时提醒');
    await dialog.getByText('单日涨跌幅超过', { exact: true }).click();
    await dialog.getByLabel('涨跌幅', { exact: true }).fill('1.5');
    await expect(dialog.getByTestId('alert-summary')).toHaveText('单日涨跌幅超过 1.50% 时提醒');
    await dialog.getByText('跌破', { exact: true }).click();
    await dialog.getByLabel('价位', { exact: true }).fill('2800');

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/web/subscription/index-alert'));
    await dialog.getByRole('button', { name: '设置提醒' }).click();
    expect((await (await saved).json()).code).toBe(0);
    await expect(dialog.getByTestId('subscribe-saved')).toContainText(`已设置提醒：${name}`);
    await expect(dialog.getByTestId('subscribe-saved')).toContainText('价格跌破 2,800 元/吨 时提醒');
    await expect(dialog.getByTestId('subscribe-usage')).toContainText(`已保存 ${before.length + 1} / 50 个`);
    await shot(page, { path: path.join(SHOTS, 'subscribe-alert-desktop.png') });

    const alerts = (await overview(request, vip.token)).alerts.filter((a) => !before.includes(a.id));
    expect(alerts).toMatchObject([{ kind: 'below', level: 2800, indexName: name }]);
  } finally {
    const headers = { 'X-Token': vip.token };
    for (const alert of (await overview(request, vip.token)).alerts)
      if (!before.includes(alert.id))
        await request.delete(`/api/web/subscription/index-alert/${alert.id}`, { headers });
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the button and the dialog fit 390 px with 44 px targets', async ({ page, request }) => {
    // only opened, never saved: the demo member's subscriptions stay as they are
    const member = await createSession(request, USERS.member);
    await openWithSession(
      page,
      '/wareHouse?products=%E7%83%AD%E8%BD%A7%E5%8D%B7%E6%9D%BF&cities=%E4%B8%8A%E6%B5%B7',
      session(member),
    );
    const button = page.getByTestId('save-search');
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await expectNoSidewaysScroll(page);

    await button.click();
    const dialog = page.getByRole('dialog', { name: '保存搜索 · 订阅现货' });
    await expect(dialog.getByTestId('subscribe-usage')).toContainText(/已保存 \d+ \/ 1 个/);
    await expectNoSidewaysScroll(page);
    await expectTapTargets(dialog);
    await shot(page, { path: path.join(SHOTS, 'subscribe-dialog-phone.png') });
    await expectNoSeriousViolations(page, '/wareHouse save-search dialog (phone)');
    await dialog.getByRole('button', { name: '取消' }).click();

    await page.goto('/exponentMain');
    const alert = page.getByTestId('index-alert').first();
    await expect(alert).toBeVisible();
    expect((await alert.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await expectNoSidewaysScroll(page);
    await shot(page, { path: path.join(SHOTS, 'subscribe-cards-phone.png') });
    await alert.click();
    const alertDialog = page.getByRole('dialog', { name: /^指数提醒 · / });
    await expect(alertDialog.getByTestId('subscribe-usage')).toContainText(/已保存 \d+ \/ 1 个/);
    await expectNoSidewaysScroll(page);
    await expectTapTargets(alertDialog);
    await shot(page, { path: path.join(SHOTS, 'subscribe-alert-phone.png') });
  });
});
