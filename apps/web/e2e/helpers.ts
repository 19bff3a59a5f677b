/** Shared steps of the end-to-end specs: real sessions from the test hook, storage, layout checks. */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { LoginResult, MyInfo } from '@steelport/contracts';

/** Where the suite's server listens (playwright.config.ts: E2E_PORT, default 3211). */
export const BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3211)}`;
export const LOGIN_SITE = `${BASE_URL}/login`;

export const SESSION_KEYS = ['X-Token', 'loginUser', 'CURRENT_LANG', 'VIPINFO', 'memberVipInfo'] as const;

export const USERS = {
  member: '13800000001',
  vip: '13800000002',
  trader: '13800000003',
} as const;

/** Password of the seeded demo accounts above. */
export const DEMO_PASSWORD = 'steel123';

export const MENU_LABELS = [
  '首页',
  '仓库现货',
  '今日报价',
  '余料市场',
  '钢材指数',
  '价格行情',
  '共享加工',
  '仓库验货',
  '仓库自助',
  '资讯',
];

/** A real session row for a seeded user (POST /api/test/session, TEST_HOOKS=1). */
export async function createSession(
  request: APIRequestContext,
  phone: string,
  ttlSeconds?: number,
): Promise<{ token: string; user: MyInfo }> {
  const response = await request.post('/api/test/session', { data: { phone, ttlSeconds } });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { code: number; data: { token: string; user: MyInfo } };
  expect(body.code).toBe(0);
  return body.data;
}

/**
 * Writes `items` (plus CURRENT_LANG) into the portal's localStorage, then loads `path`. The
 * storage is written from a static file of the portal's origin, where no app runs: an app page
 * could still send a call after the write, with the token, and an expired one would end the
 * session there before `path` is opened (a CI failure of session.spec).
 */
export async function openWithSession(
  page: Page,
  path: string,
  items: Record<string, string>,
): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate(
    (entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    },
    { CURRENT_LANG: 'zh-CN', ...items },
  );
  await page.goto(path);
}

/** The portal's session keys as stored, absent keys omitted. */
export async function storedSession(page: Page): Promise<Record<string, string>> {
  return page.evaluate((keys) => {
    const out: Record<string, string> = {};
    for (const key of keys) {
      const value = localStorage.getItem(key);
      if (value !== null) out[key] = value;
    }
    return out;
  }, SESSION_KEYS);
}

export function topBar(page: Page): Locator {
  return page.getByRole('banner');
}

export function menu(page: Page): Locator {
  return page.getByRole('navigation', { name: '主导航' });
}

export function footer(page: Page): Locator {
  return page.getByRole('contentinfo');
}

/** Expected href of 请登录 / 免费注册 for the page at `currentUrl`. */
export function loginHref(currentUrl: string, register = false): string {
  return `${LOGIN_SITE}?redirect=${encodeURIComponent(currentUrl)}${register ? '&mode=register' : ''}`;
}

/** Fails when the document scrolls sideways at the current viewport; `label` names the screen. */
export async function expectNoSidewaysScroll(page: Page, label = page.url()): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(
    sizes.scroll,
    `${label}: scrollWidth ${sizes.scroll} > innerWidth ${sizes.inner}`,
  ).toBeLessThanOrEqual(sizes.inner);
}

/**
 * Fails when `table` (an antd Table) scrolls sideways or one of the column `headers` is not wholly
 * inside the viewport: every column, the right-pinned 操作 too, is seen without scrolling.
 */
export async function expectColumnsInView(page: Page, table: Locator, headers: string[]): Promise<void> {
  const viewport = page.viewportSize()!;
  const scroller = table.locator('.ant-table-content, .ant-table-body').first();
  const { scroll, client } = await scroller.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll, `the table scrolls sideways: ${scroll} > ${client}`).toBeLessThanOrEqual(client);
  for (const name of headers) {
    const header = table.getByRole('columnheader', { name }).first();
    // Down to it (the table itself cannot scroll sideways, checked above).
    await header.scrollIntoViewIfNeeded();
    await expect(header).toBeVisible();
    const box = (await header.boundingBox())!;
    expect(box.x, `${name} starts left of the viewport`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends beyond the viewport`).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height, `${name} is below the viewport`).toBeLessThanOrEqual(viewport.height);
    expect(box.y, `${name} is above the viewport`).toBeGreaterThanOrEqual(0);
  }
}

/** Fails when two of the boxes overlap (a few pixels of shared border are tolerated). */
export async function expectNoOverlap(items: Locator): Promise<void> {
  const boxes = [];
  for (const item of await items.all()) {
    const box = await item.boundingBox();
    if (box && box.width > 0 && box.height > 0)
      boxes.push({ box, text: ((await item.textContent()) ?? '').trim() });
  }
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i]!.box;
      const b = boxes[j]!.box;
      const overlapX = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const overlapY = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      expect(overlapX > 1 && overlapY > 1, `"${boxes[i]!.text}" overlaps "${boxes[j]!.text}"`).toBe(false);
    }
  }
}

/** The 6-digit code of the last SMS the sandbox provider sent to `phone` (dev mailbox). */
export async function readSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/sms/latest?phone=${phone}`);
      const body = (await response.json()) as { data: { text: string } | null };
      text = body.data?.text ?? '';
      return text;
    })
    .toMatch(/验证码是\d{6}/);
  return /验证码是(\d{6})/.exec(text)![1]!;
}

/**
 * Resolves once nothing on the page is mid-animation or mid-transition (spinners that run
 * forever excepted). axe reads contrast from what is painted, so a modal still zooming in or a
 * button still fading to its colours would be judged half way. Two frames first, so that a
 * transition a style change has just triggered has started and is seen.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/** axe-core's browser build, read once per worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe (WCAG 2.0-2.2 A/AA and best practice) on the page once it has stopped moving; prints
 * every finding and fails on serious and critical ones.
 *
 * axe runs in the page itself, over the whole document, asked for violations only: the
 * @axe-core/playwright builder ran it frame by frame and merged the results in a second page
 * it opened, which took three times as long (2.4 s against 0.7 s on /wareHouse) and the suite's
 * screens have no frames. A screen that embeds an iframe would need the builder again.
 */
export async function expectNoSeriousViolations(page: Page, name: string): Promise<void> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    (tags) =>
      (
        window as unknown as {
          axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
        }
      ).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((result) =>
          result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
          })),
        ),
    AXE_TAGS,
  );
  const lines = violations.map(
    (v) =>
      `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes
        .slice(0, 6)
        .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
        .join('\n')}`,
  );
  if (lines.length) console.log(`axe ${name}:\n${lines.join('\n')}`);
  const failing = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    failing.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `serious/critical on ${name}:\n${lines.join('\n')}`,
  ).toEqual([]);
}

/** The phone every phone check uses. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/**
 * axe on a screen with a dialog open, as it is and at the 390 px phone width, then back to the
 * page's own size (issue 35: no serious violation with dialogs open, desktop and phone). The
 * dialog stays open across the resize, so one opening serves both widths.
 */
export async function expectDialogAccessible(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await expectNoSeriousViolations(page, name);
  if (!size || size.width <= PHONE_VIEWPORT.width) return;
  await page.setViewportSize(PHONE_VIEWPORT);
  try {
    await expectNoSeriousViolations(page, `${name} (390 px)`);
  } finally {
    await page.setViewportSize(size);
  }
}

/** A real PNG of `width` x `height` in one colour (the browser must decode it: naturalWidth). */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3)]);
  for (let x = 0; x < width; x += 1) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let registered = 0;

/**
 * A new member registered through the API with an SMS code read from the dev mailbox, and its
 * session. `prefix` keeps each spec's phones apart (135…, 136…).
 */
export async function registerMember(
  request: APIRequestContext,
  opts: { prefix: string; password: string; linkMan: string },
): Promise<LoginResult> {
  registered += 1;
  const phone = `${opts.prefix}${String(Date.now() + registered).slice(-8)}`;
  // Lifts the 60 s wait between two SMS codes for this phone and this client (TEST_HOOKS).
  const cleared = await request.post('/api/test/sms/clear-wait', { data: { phone } });
  expect(cleared.ok(), await cleared.text()).toBe(true);
  const sent = await request.post('/api/uaa/sms/send', { data: { phone, purpose: 'register' } });
  expect((await sent.json()).code).toBe(0);
  let code = '';
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/sms/latest?phone=${phone}`);
      const body = (await answer.json()) as { data: { text: string } | null };
      code = /验证码是(\d{6})/.exec(body.data?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  const answer = await request.post('/api/uaa/register', {
    data: { phone, code, password: opts.password, linkMan: opts.linkMan },
  });
  const body = (await answer.json()) as { code: number; data: LoginResult };
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data;
}

/**
 * A picture of the screen for a reviewer, saved only when E2E_SHOTS=1 (`E2E_SHOTS=1 npx playwright
 * test …`, CONTRIBUTING.md, Tests). The suite itself takes none: a picture nobody compares proves
 * nothing, and each full-page one costs a second or more of a two-core CI.
 */
export async function shot(
  target: Page | Locator,
  options: { path: string; fullPage?: boolean },
): Promise<void> {
  if (process.env.E2E_SHOTS !== '1') return;
  if ('goto' in target) await target.screenshot(options);
  else await target.screenshot({ path: options.path });
}

/**
 * The page of the newest published article a visitor may read. Article ids are not fixed: the
 * seed writes the market reports first, and today's is published only later in the day (until
 * then `/moreInfo/article/1` is 文章不存在 — the suite failed every night after 00:00 China time).
 */
export async function publicArticlePath(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/web/2.0/article/page?page=1&pageSize=20');
  const body = (await response.json()) as { data: { list: { id: number; membersOnly: boolean }[] } };
  const article = body.data.list.find((a) => !a.membersOnly);
  if (!article) throw new Error('no public article among the newest 20');
  return `/moreInfo/article/${article.id}`;
}

/** A trader with a firm page (/firminfo/{userId}): the first of the newest quotes that has one. */
export async function firmUserId(request: APIRequestContext): Promise<number> {
  const response = await request.post('/api/web/2.0/quotation/list-index', {
    data: { page: 1, pageSize: 20 },
  });
  const body = (await response.json()) as { data: { list: { trader: { userId: number | null } }[] } };
  const userId = body.data.list.find((quote) => quote.trader.userId !== null)?.trader.userId;
  if (!userId) throw new Error('no quote with a firm page among the newest 20');
  return userId;
}
