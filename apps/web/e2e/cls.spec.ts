/**
 * No layout shift (issue 12): each data screen reserves the final size of what is loading, so
 * the content under the header and the footer stay where they were first painted.
 *
 * A `layout-shift` PerformanceObserver (buffered, installed before the page's own scripts)
 * adds up every shift not caused by input from navigation until the page has settled: network
 * idle, no skeleton or spinner left, and the screen's data on show. Every API answer is held
 * back a little, so the loading state is always painted before the data replaces it — the check
 * sees the same transition on a fast machine as on a slow one. The sum (stricter than the
 * session-window CLS Lighthouse reports) must stay under 0.05.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createSession, openWithSession, USERS } from './helpers.ts';

const CLS_LIMIT = 0.05;
/** How long each API answer is held back, so skeletons always show first. */
const API_DELAY_MS = 300;

interface Shift {
  value: number;
  at: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts?: Shift[];
  }
}

/**
 * Screens with data, and what shows that the data has arrived. A `session` screen is opened
 * logged in as that seeded user; `:firm` stands for a trader with a firm page.
 */
const SCREENS: { path: string; ready: string[]; session?: keyof typeof USERS }[] = [
  {
    path: '/',
    ready: [
      '.sp-category',
      '.sp-index-strip__item',
      '.sp-home-affairs__row',
      '.sp-home-stock tbody tr',
      '.sp-home-rank__row',
      '.sp-home-quotes__card',
    ],
  },
  { path: '/commercialAffairs/list', ready: ['[data-testid="affair-item"]'] },
  { path: '/agency', ready: ['[data-testid="agency-card"]'] },
  { path: '/moreInfo', ready: ['.sp-news-item__title', '.sp-news-headlines__leadlink'] },
  { path: '/moreInfo/article/1', ready: ['.sp-news-article h1', '.sp-news-related__list a'] },
  { path: '/wareHouse', ready: ['.sp-lots__table .ant-table-row', '[data-testid="lot-totals"]'] },
  { path: '/surplus', ready: ['.sp-lots__table .ant-table-row', '[data-testid="lot-totals"]'] },
  { path: '/exponentMain', ready: ['.sp-index-card', '.sp-chart canvas'] },
  { path: '/crossdate', ready: ['.sp-crossdate__result .ant-table-row'] },
  { path: '/beginMain', ready: ['main .ant-table-row'] },
  { path: '/firminfo/:firm/normal', ready: ['[data-testid="firm-profile"]', 'main .ant-table-row'] },
  { path: '/agreement', ready: ['.sp-legal__section'] },
  { path: '/privacy', ready: ['.sp-legal__section'] },
  // 钢豆明细 of a member (what /account's 会员与钢豆 links to), under the account's balance.
  {
    path: '/account/beans',
    ready: ['.sp-beanlog .ant-table-row', '.sp-beanlog__balance:has-text("颗")'],
    session: 'member',
  },
  // the trader's own quotes and stock (issue 17): the list keeps its placeholders' height
  { path: '/account/quotations', ready: ['.sp-trader__table .sp-trader__cell-edit'], session: 'trader' },
  { path: '/account/stock', ready: ['.sp-trader__table .sp-trader__cell-edit'], session: 'trader' },
  // enquiries received, API keys and the firm profile (issue 17): placeholders of the final size
  { path: '/account/enquiries', ready: ['.sp-enquiries__row, .sp-enquiries__empty'], session: 'trader' },
  { path: '/account/keys', ready: ['.sp-keys__row, .sp-keys__empty'], session: 'trader' },
  { path: '/account/firm', ready: ['[data-testid="embed-code"]'], session: 'trader' },
  // 消息中心 and 我的订阅 (issue 19)
  { path: '/account/inbox', ready: ['[data-testid="inbox-item"], .sp-inbox__empty'], session: 'member' },
  {
    path: '/account/subscriptions',
    ready: ['[data-testid="searches-used"]', '.sp-subs__digest form'],
    session: 'member',
  },
  { path: '/vipopen', ready: ['[data-testid="vip-commodity"]'] },
  { path: '/vipmember', ready: ['[data-testid="vip-benefit"] h3'] },
  { path: '/beginInspection', ready: ['[data-testid="region-tree"]'] },
  // the member's view, entered through /inspection (a distinct title; it redirects to /beginInspection)
  {
    path: '/inspection',
    ready: ['[data-testid="region-tree"]', '[data-testid="inspection-row"]'],
    session: 'member',
  },
  { path: '/beginClound', ready: ['[data-testid="cloud-warehouse"]'] },
  {
    // another title than the visitor's entry: the member's coils and history
    path: '/beginClound?status=in_stock',
    ready: ['[data-testid="cloud-coil"]', '[data-testid="cloud-move"]', '[data-testid="cloud-warehouse"]'],
    session: 'member',
  },
  { path: '/process', ready: ['[data-testid="process-offer"]', '[data-testid="process-count"]'] },
];

/** A trader with a firm page: the first of the newest quotes that has one. */
async function firmUserId(request: APIRequestContext): Promise<number> {
  const response = await request.post('/api/web/2.0/quotation/list-index', {
    data: { page: 1, pageSize: 20 },
  });
  const body = (await response.json()) as { data: { list: { trader: { userId: number | null } }[] } };
  const userId = body.data.list.find((quote) => quote.trader.userId !== null)?.trader.userId;
  if (!userId) throw new Error('no quote with a firm page among the newest 20');
  return userId;
}

async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const describe = (node: Node | null | undefined): string => {
      const element = node instanceof Element ? node : node?.parentElement;
      if (!element) return '?';
      const classes = [...element.classList].slice(0, 3).join('.');
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}`;
    };
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    const shifts: Shift[] = [];
    window.__shifts = shifts;
    type LayoutShift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map(
            (s) => `${describe(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Waits until the observer has had the frames the last layout produced. */
async function settledShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => setTimeout(() => resolve(window.__shifts ?? []), 0)),
        ),
      ),
  );
}

for (const { path: pattern, ready, session } of SCREENS) {
  test(`${pattern} does not shift while its data loads (CLS < ${CLS_LIMIT})`, async ({ page, request }) => {
    const path = pattern.includes(':firm')
      ? pattern.replace(':firm', String(await firmUserId(request)))
      : pattern;
    await recordShifts(page);
    await page.route('**/api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
      await route.continue();
    });
    if (session) {
      const { token } = await createSession(request, USERS[session]);
      // The storage is written on /login; the shifts counted are the screen's own (a new document).
      await openWithSession(page, path, { 'X-Token': token });
      await page.waitForLoadState('networkidle');
    } else {
      await page.goto(path, { waitUntil: 'networkidle' });
    }
    for (const selector of ready) await expect(page.locator(selector).first()).toBeVisible();
    await expect(page.locator('main .ant-skeleton, main .ant-spin-spinning')).toHaveCount(0);
    await page.waitForLoadState('networkidle');

    const shifts = await settledShifts(page);
    const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
    const detail = shifts
      .map((s) => `  ${s.value.toFixed(4)} at ${s.at} ms\n${s.sources.map((x) => `    ${x}`).join('\n')}`)
      .join('\n');
    console.log(`CLS ${path}: ${cls.toFixed(4)}${shifts.length ? `\n${detail}` : ''}`);
    expect(cls, `layout shifts on ${path}:\n${detail}`).toBeLessThan(CLS_LIMIT);
  });
}
