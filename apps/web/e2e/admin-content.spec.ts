/**
 * The console's content screens (issue 18): the demo admin publishes a members-only article with
 * a picture in its text and a cover through the rich-text editor; it shows on /moreInfo marked 会员,
 * a visitor gets the summary and a member reads the text with the picture. The admin schedules
 * two home banners: one running since a minute ago shows on the home page, one starting
 * tomorrow does not. The drawers refuse empty required fields in Chinese. Screenshots go to
 * /tmp/shots/admin-content-*.png.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createSession, expectDialogAccessible, openWithSession, shot, solidPng, USERS } from './helpers.ts';

const ADMIN_PHONE = '13800000000';
const SHOTS = '/tmp/shots';

// Uploads, a 30 s ad cache and three browsers: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const BLUE = solidPng(880, 300, [22, 119, 255]);
const ORANGE = solidPng(320, 180, [250, 140, 22]);

async function openAs(page: Page, phone: string, path: string): Promise<void> {
  const { token } = await createSession(page.request, phone);
  await openWithSession(page, path, { 'X-Token': token });
}

/**
 * The open editor drawer: the dialog that holds a form. Not "the dialog with a 保存 button": while
 * it saves, the button is named "loading 保存", and such a locator would count the drawer as
 * closed before it was (a CI failure: the next 新建广告 found the first drawer still saving).
 */
const drawer = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('form') });

/**
 * Waits until the drawer has slid in or out (a screenshot during the motion cuts it off): its panel
 * and mask carry motion classes while they move. Only those: a button's click wave inside a drawer
 * that has just been hidden keeps its motion class for good.
 */
async function settled(page: Page): Promise<void> {
  await expect(
    page.locator('.ant-drawer-content-wrapper[class*="-motion-"], .ant-drawer-mask[class*="-motion-"]'),
  ).toHaveCount(0);
}

/** Whether an <img> has decoded (a broken or refused picture has no natural width). */
async function decoded(image: Locator): Promise<number> {
  return image.evaluate((node) => (node as HTMLImageElement).naturalWidth);
}

/** Picks `text` from the antd Select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, text: string): Promise<void> {
  // The options may arrive (and the list re-render) while the drawer opens: pick again until the
  // select shows the choice.
  const select = scope.getByLabel(label, { exact: true });
  const field = scope
    .locator('.ant-select')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .first();
  await expect(async () => {
    await select.click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle(text, { exact: true })
      .click({ timeout: 3_000 });
    await expect(field).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** Types a time into the date picker labelled `label` and confirms it. */
async function typeTime(scope: Locator, label: string, value: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

const stamp = () => new Date().toISOString().slice(11, 19).replace(/:/g, '');
const minutes = (offset: number) => {
  const at = new Date(Date.now() + offset * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  // The browser runs in Asia/Shanghai (playwright.config.ts): type the time as it reads it.
  const local = new Date(at.getTime() + 8 * 3600_000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
};

test('the admin publishes a members-only article with a picture; the portal marks it and a member reads it', async ({
  page,
  browser,
}) => {
  test.slow(); // an editor drawer with an upload, then two more browsers: 25 s in a slow CI
  const title = `会员专享：热卷库存周报 ${stamp()}`;
  await openAs(page, ADMIN_PHONE, '/admin/articles');
  await expect(page.getByRole('heading', { level: 1, name: '文章管理' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('button', { name: '新建文章' }).click();
  const form = drawer(page);
  await expect(form.getByText('新建文章', { exact: true })).toBeVisible();
  await settled(page);
  await expectDialogAccessible(page, 'article editor drawer');

  // Saving an empty form names what is missing, in Chinese.
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('请填写标题')).toBeVisible();
  await expect(form.getByText('请选择分类')).toBeVisible();
  await expect(form.getByText('请填写正文')).toBeVisible();

  await form.getByLabel('标题', { exact: true }).fill(title);
  await choose(page, form, '分类', '库存分析');
  await form.getByLabel('摘要').fill('本周热卷社会库存小幅下降，详见会员全文。');
  const editor = form.getByRole('textbox', { name: '正文' });
  await editor.click();
  await editor.pressSequentially('上海热卷库存环比下降 3.2%。');
  await form.getByRole('button', { name: '加粗' }).click();
  await editor.pressSequentially(' 重点关注乐从到货。');
  await form
    .getByTestId('rte-image')
    .setInputFiles({ name: '库存走势.png', mimeType: 'image/png', buffer: ORANGE });
  await expect(editor.locator('img')).toHaveCount(1);
  await form.getByTestId('upload').locator('input[type="file"]').setInputFiles({
    name: '封面.png',
    mimeType: 'image/png',
    buffer: BLUE,
  });
  await expect(form.getByTestId('image-preview')).toBeVisible();
  await form.getByLabel('标签').fill('热卷');
  await form.getByLabel('标签').press('Enter');
  const membersOnly = form.getByRole('checkbox', { name: '仅会员可读全文' });
  await membersOnly.click();
  await expect(membersOnly).toBeChecked();
  await settled(page);
  await shot(page, { path: `${SHOTS}/admin-content-article-drawer.png` });
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await expect(form).toBeHidden();
  await settled(page);

  const row = page.locator('.ant-table-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('会员', { exact: true })).toBeVisible();
  await expect(row.getByText('已发布')).toBeVisible();
  await shot(page, { path: `${SHOTS}/admin-content-articles.png` });

  // A visitor: the list marks it 会员, the article shows the summary and asks to log in.
  const visitor = await browser.newPage();
  await visitor.goto(`/moreInfo?keyword=${encodeURIComponent(title.slice(0, 30))}`);
  const item = visitor.locator('.sp-news-item').filter({ hasText: title });
  await expect(item).toHaveCount(1);
  await expect(item.getByText('会员', { exact: true })).toBeVisible();
  await shot(visitor, { path: `${SHOTS}/admin-content-moreinfo.png` });
  await item.getByRole('link', { name: title }).click();
  await expect(visitor.getByTestId('article-locked')).toContainText('本周热卷社会库存小幅下降');
  await visitor.close();

  // A member reads the whole text with its picture.
  const member = await browser.newPage();
  await openAs(member, USERS.member, '/moreInfo');
  await member.goto(`/moreInfo?keyword=${encodeURIComponent(title.slice(0, 30))}`);
  await member.locator('.sp-news-item').filter({ hasText: title }).getByRole('link', { name: title }).click();
  const body = member.getByTestId('article-body');
  await expect(body).toContainText('上海热卷库存环比下降 3.2%');
  await expect(body.locator('strong, b')).toContainText('重点关注乐从到货');
  const picture = body.locator('img');
  await expect(picture).toHaveCount(1);
  await expect.poll(() => decoded(picture)).toBeGreaterThan(0);
  await shot(member, { path: `${SHOTS}/admin-content-article-member.png` });
  await member.close();
});

test('a banner running since a minute ago shows on the home page; one starting tomorrow does not', async ({
  page,
  browser,
}) => {
  test.slow(); // two drawers with uploads, then up to 45 s for the home page's 30 s ad cache
  const now = `E2E 横幅（进行中）${stamp()}`;
  const later = `E2E 横幅（明天）${stamp()}`;
  await openAs(page, ADMIN_PHONE, '/admin/ads');
  await expect(page.getByRole('heading', { level: 1, name: '广告管理' })).toBeVisible();

  const create = async (title: string, from: string, picture: Buffer) => {
    await page.getByRole('button', { name: '新建广告' }).click();
    const form = drawer(page);
    await expect(form.getByText('新建广告', { exact: true })).toBeVisible();
    await form.getByLabel('标题（图片的替代文字）').fill(title);
    await form.getByLabel('链接').fill('/vipopen');
    await typeTime(form, '投放开始', from);
    await form.getByTestId('upload').locator('input[type="file"]').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: picture,
    });
    await expect(form.getByTestId('image-preview')).toBeVisible();
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form).toBeHidden();
    await settled(page);
  };

  // The picture is required: the drawer says so in Chinese.
  await page.getByRole('button', { name: '新建广告' }).click();
  const empty = drawer(page);
  await empty.getByRole('button', { name: '保存' }).click();
  await expect(empty.getByText('请上传广告图片')).toBeVisible();
  await expect(empty.getByText('请填写标题（图片的替代文字）')).toBeVisible();
  await empty.getByRole('button', { name: '取消' }).click();
  await expect(empty).toBeHidden();
  await settled(page);

  await create(now, minutes(-1), BLUE);
  await create(later, minutes(24 * 60), ORANGE);
  const nowRow = page.locator('.ant-table-row').filter({ hasText: now });
  const laterRow = page.locator('.ant-table-row').filter({ hasText: later });
  await expect(nowRow.getByText('投放中')).toBeVisible();
  await expect(laterRow.getByText('待投放')).toBeVisible();
  await expect(nowRow.getByText('首页轮播')).toBeVisible();
  await shot(page, { path: `${SHOTS}/admin-content-ads.png` });

  // The home page asks per position with a 30 s server cache: the running one appears within it.
  const visitor = await browser.newPage();
  await expect(async () => {
    await visitor.goto('/');
    await expect(visitor.getByRole('img', { name: now })).toHaveCount(1, { timeout: 3000 });
  }).toPass({ timeout: 45_000, intervals: [2000, 5000] });
  await expect(visitor.getByRole('img', { name: later })).toHaveCount(0);
  await visitor.getByRole('button', { name: now }).click();
  await expect.poll(() => decoded(visitor.getByRole('img', { name: now }))).toBeGreaterThan(0);
  await shot(visitor, { path: `${SHOTS}/admin-content-home-banner.png` });
  await visitor.close();

  // Switched off, it leaves the list's running state (the portal follows within the cache time).
  await nowRow.getByRole('button', { name: `停用 ${now}` }).click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: '停用' }).click();
  await expect(nowRow.getByText('已停用')).toBeVisible();
});

test('the other content screens list their rows and open their drawers', async ({ page }) => {
  await openAs(page, ADMIN_PHONE, '/admin/affairs');
  await expect(page.getByRole('heading', { level: 1, name: '市场动态管理' })).toBeVisible();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-blur')).toHaveCount(0);
  await shot(page, { path: `${SHOTS}/admin-content-affairs.png` });
  await page.locator('.ant-table-row').first().getByRole('button', { name: /^编辑/ }).click();
  await expect(drawer(page).getByRole('textbox', { name: '正文' })).not.toBeEmpty();
  await settled(page);
  await shot(page, { path: `${SHOTS}/admin-content-affair-drawer.png` });

  await page.goto('/admin/agencies');
  await expect(page.getByRole('heading', { level: 1, name: '代理商管理' })).toBeVisible();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-blur')).toHaveCount(0);
  await shot(page, { path: `${SHOTS}/admin-content-agencies.png` });

  await page.goto('/admin/announcement');
  await expect(page.getByRole('heading', { level: 1, name: '首页公告' })).toBeVisible();
  await page.getByRole('button', { name: '新建公告' }).click();
  const form = drawer(page);
  await form.getByLabel('链接').fill('javascript:alert(1)');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('请填写公告文字')).toBeVisible();
  await expect(form.getByText('链接须以 / 开头（站内）或以 http://、https:// 开头')).toBeVisible();
  await form.getByLabel('公告文字').fill('E2E 公告：本周六系统维护');
  await form.getByLabel('链接').fill('/moreInfo');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toBeHidden();
  await settled(page);
  await expect(page.locator('.ant-table-row').filter({ hasText: 'E2E 公告：本周六系统维护' })).toHaveCount(1);
  await shot(page, { path: `${SHOTS}/admin-content-announcement.png` });
  // A live announcement would replace the home page's notice for the specs that follow.
  await removeAnnouncements(page, 'E2E 公告');
});

/** Deletes the announcements whose text holds `keyword` (what a test published). */
async function removeAnnouncements(page: Page, keyword: string): Promise<void> {
  const { token } = await createSession(page.request, ADMIN_PHONE);
  const headers = { 'X-Token': token };
  const found = await page.request.get(`/api/admin/announcements?keyword=${encodeURIComponent(keyword)}`, {
    headers,
  });
  const rows = ((await found.json()) as { data: { list: { id: number }[] } }).data.list;
  for (const row of rows) await page.request.delete(`/api/admin/announcements/${row.id}`, { headers });
}

test('an announcement the operators publish replaces the default notice on the home page', async ({
  page,
}) => {
  const { token } = await createSession(page.request, ADMIN_PHONE);
  const text = `E2E公告 ${Date.now().toString(36)}：春节期间仓库照常收发货`;
  const created = await page.request.post('/api/admin/announcements', {
    headers: { 'X-Token': token },
    data: { text, startsAt: new Date(Date.now() - 60_000).toISOString() },
  });
  expect((await created.json()).code).toBe(0);
  await page.goto('/');
  await expect(page.getByTestId('home-announcement')).toHaveText(text);
  // The default notice stays underneath, hidden: the box keeps its height.
  await expect(page.getByText('平台正式上线')).toBeHidden();
  await removeAnnouncements(page, 'E2E公告');
});
