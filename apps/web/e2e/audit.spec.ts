/**
 * Every real screen, opened once on a 1366×900 desktop, checked for what a person notices
 * whatever the screen shows (issues 12 and 13):
 *
 * - **No layout shift while its data loads** (`cls: true`): each data screen reserves the final
 *   size of what is loading, so the content under the header and the footer stay where they were
 *   first painted. A `layout-shift` PerformanceObserver (buffered, installed before the page's own
 *   scripts) adds up every shift not caused by input until the screen has settled: network idle,
 *   no skeleton or spinner left, and its data on show. Every API answer is held back a little, so
 *   the loading state is always painted before the data replaces it — the check sees the same
 *   transition on a fast machine as on a slow one. The sum (stricter than the session-window CLS
 *   Lighthouse reports) must stay under 0.05.
 * - **No sideways scroll** at the laptop width (the 390 px phone is phone.spec.ts).
 * - **Accessibility**: axe-core (WCAG 2.0-2.2 A and AA rules and best practices) once the data is
 *   on show fails on any serious or critical violation — contrast below 4.5:1, unlabelled
 *   controls, targets under 24 px, broken ARIA. Moderate and minor findings are printed.
 *
 * One load serves the three checks (they were three specs, each loading every screen).
 */
import { type BrowserContext, expect, test } from '@playwright/test';
import {
  createSession,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  firmUserId,
  publicArticlePath,
  USERS,
} from './helpers.ts';
import { expectNoShift, holdApiAnswers, recordShifts } from './layoutShift.ts';

/** How long each API answer is held back on a `cls` screen, so skeletons always show first. */
const API_DELAY_MS = 300;
const ADMIN_PHONE = '13800000000';

interface Screen {
  /** `:firm` stands for a trader with a firm page, `:article` for a published public article. */
  path: string;
  /** What shows that the screen's data has arrived: the first match of each must be visible. */
  ready: string[];
  /** Opened logged in as that seeded user. */
  as?: 'member' | 'trader' | 'admin';
  /** Measured for layout shift while it loads. */
  cls?: boolean;
}

const SCREENS: Screen[] = [
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
    cls: true,
  },
  { path: '/wareHouse', ready: ['.sp-lots__table .ant-table-row', '[data-testid="lot-totals"]'], cls: true },
  { path: '/wareHouse?tab=suppliers', ready: ['main .ant-table-row'] },
  { path: '/surplus', ready: ['.sp-lots__table .ant-table-row', '[data-testid="lot-totals"]'], cls: true },
  { path: '/exponentMain', ready: ['.sp-index-card', '.sp-chart canvas'], cls: true },
  { path: '/exponentMain?tab=method', ready: ['.sp-methodology'] },
  {
    path: '/priceTable',
    ready: [
      '[data-testid="price-grid"] .ant-table-row',
      '[data-testid="price-summary"] [data-testid="price-moves"]',
    ],
    cls: true,
  },
  { path: '/crossdate', ready: ['.sp-crossdate__result .ant-table-row'], cls: true },
  { path: '/morepage', ready: ['.sp-article-item'] },
  { path: '/commercialAffairs/list', ready: ['[data-testid="affair-item"]'], cls: true },
  { path: '/commercialAffairs/detail/1', ready: ['main .sp-affair-nav'] },
  { path: '/agency', ready: ['[data-testid="agency-card"]'], cls: true },
  { path: '/agency/detail/1', ready: ['main .sp-agency-detail dl'] },
  { path: '/moreInfo', ready: ['.sp-news-item__title', '.sp-news-headlines__leadlink'], cls: true },
  { path: ':article', ready: ['.sp-news-article h1', '.sp-news-related__list a'], cls: true },
  { path: '/beginMain', ready: ['main .ant-table-row'], cls: true },
  {
    path: '/firminfo/:firm/normal',
    ready: ['[data-testid="firm-profile"]', 'main .ant-table-row'],
    cls: true,
  },
  { path: '/login', ready: ['main h1, main form, main .ant-tabs'] },
  { path: '/login?mode=password', ready: ['main form'] },
  { path: '/login?mode=register', ready: ['main form'] },
  { path: '/agreement', ready: ['.sp-legal__section'], cls: true },
  { path: '/privacy', ready: ['.sp-legal__section'], cls: true },
  // The pay button is enabled once the price has arrived: axe must not read it mid-change (a CI
  // run measured its disabled grey as 1.8:1 while the attribute was already gone).
  {
    path: '/vipopen',
    ready: ['[data-testid="vip-commodity"]', '.sp-vipopen__pay:not([disabled])'],
    cls: true,
  },
  {
    path: '/vipopen',
    ready: ['[data-testid="vip-commodity"]', '.sp-vipopen__pay:not([disabled])'],
    as: 'member',
  },
  { path: '/vipmember', ready: ['[data-testid="vip-benefit"] h3'], cls: true },
  { path: '/vipmember', ready: ['[data-testid="vip-entry"]'], as: 'member' },
  { path: '/beginInspection', ready: ['[data-testid="region-tree"]'], cls: true },
  // the member's view, entered through /inspection (a distinct title; it redirects to /beginInspection)
  {
    path: '/inspection',
    ready: ['[data-testid="region-tree"]', '[data-testid="inspection-row"]'],
    as: 'member',
    cls: true,
  },
  { path: '/beginClound', ready: ['[data-testid="cloud-warehouse"]'], cls: true },
  {
    // another title than the visitor's entry: the member's coils and history
    path: '/beginClound?status=in_stock',
    ready: ['[data-testid="cloud-coil"]', '[data-testid="cloud-move"]', '[data-testid="cloud-warehouse"]'],
    as: 'member',
    cls: true,
  },
  { path: '/process', ready: ['[data-testid="process-offer"]', '[data-testid="process-count"]'], cls: true },
  { path: '/process?groupOnly=1', ready: ['[data-testid="process-offer"]'], as: 'member' },
  // My account; 钢豆明细 is what /account's 会员与钢豆 links to, under the account's balance.
  { path: '/account/profile', ready: ['main form'], as: 'member' },
  { path: '/account/membership', ready: ['main .ant-table-row'], as: 'member' },
  // 企业席位: a member without seats sees how to buy them
  { path: '/account/seats', ready: ['.sp-seats__empty'], as: 'member', cls: true },
  {
    path: '/account/beans',
    ready: ['.sp-beanlog .ant-table-row', '.sp-beanlog__balance:has-text("颗")'],
    as: 'member',
    cls: true,
  },
  // 消息中心 and 我的订阅 (issue 19)
  {
    path: '/account/inbox',
    ready: ['[data-testid="inbox-item"], .sp-inbox__empty'],
    as: 'member',
    cls: true,
  },
  {
    path: '/account/subscriptions',
    ready: ['[data-testid="searches-used"]', '.sp-subs__digest form'],
    as: 'member',
    cls: true,
  },
  { path: '/account/become-trader', ready: ['[data-testid="trader-benefit"]'], as: 'member' },
  // The trader's workspace (issue 17), as the demo trader: its own rows keep their placeholders' height.
  {
    path: '/account/quotations',
    ready: ['.sp-trader__table .sp-trader__cell-edit'],
    as: 'trader',
    cls: true,
  },
  { path: '/account/stock', ready: ['.sp-trader__table .sp-trader__cell-edit'], as: 'trader', cls: true },
  {
    path: '/account/surplus',
    ready: ['.sp-trader__table .sp-trader__cell-edit, .sp-trader__empty'],
    as: 'trader',
  },
  { path: '/account/import?kind=cargo', ready: ['.sp-import .ant-upload-drag'], as: 'trader' },
  {
    path: '/account/enquiries',
    ready: ['.sp-enquiries__row, .sp-enquiries__empty'],
    as: 'trader',
    cls: true,
  },
  { path: '/account/firm', ready: ['[data-testid="embed-code"]'], as: 'trader', cls: true },
  { path: '/account/keys', ready: ['.sp-keys__row, .sp-keys__empty'], as: 'trader', cls: true },
  // The operator console (issue 18), as the demo admin.
  { path: '/admin', ready: ['.sp-chart canvas'], as: 'admin' },
  { path: '/admin/users', ready: ['main .ant-table-row'], as: 'admin' },
  ...[
    'audit',
    'articles',
    'affairs',
    'agencies',
    'ads',
    'announcement',
    'orders',
    'inspections',
    'processing',
    'warehouse-daily',
    'index-corrections',
  ].map(
    (screen): Screen => ({
      path: `/admin/${screen}`,
      ready: ['main .ant-table-row, main .ant-table-placeholder'],
      as: 'admin',
    }),
  ),
  { path: '/admin/vip-prices', ready: ['main .ant-table-row'], as: 'admin' },
  { path: '/admin/switches', ready: ['main .ant-table-row'], as: 'admin' },
  { path: '/admin/vocabulary', ready: ['main .ant-table-row'], as: 'admin' },
  { path: '/admin/price-items', ready: ['main .ant-table-row, main .ant-table-placeholder'], as: 'admin' },
];

type Role = 'visitor' | 'member' | 'trader' | 'admin';
const ROLE_PHONES = { member: USERS.member, trader: USERS.trader, admin: ADMIN_PHONE } as const;

/**
 * One browser context per role for the whole spec (creating one cost about a second, once per
 * screen), one session per logged-in role, and a new page — a new document, with its own buffered
 * layout-shift observer — per screen. Each page's first document starts from CURRENT_LANG and the
 * token alone (an empty storage for a visitor), not from what the role's earlier screens cached
 * (loginUser, VIP info...): a screen never paints from another's cache.
 */
const audit = test.extend<object, { roleContext: (role: Role) => Promise<BrowserContext> }>({
  roleContext: [
    async ({ browser, playwright }, use, workerInfo) => {
      const { baseURL, locale, timezoneId } = workerInfo.project.use;
      const api = await playwright.request.newContext({ baseURL });
      const contexts = new Map<Role, Promise<BrowserContext>>();
      const open = async (role: Role): Promise<BrowserContext> => {
        const items: Record<string, string> =
          role === 'visitor'
            ? {}
            : { CURRENT_LANG: 'zh-CN', 'X-Token': (await createSession(api, ROLE_PHONES[role])).token };
        const context = await browser.newContext({
          baseURL,
          locale,
          timezoneId,
          viewport: { width: 1366, height: 900 },
        });
        await context.addInitScript(
          ({ origin, items }) => {
            // The first document of each page only (sessionStorage is the page's own).
            if (window.location.origin !== origin || sessionStorage.getItem('e2e-audit-storage')) return;
            sessionStorage.setItem('e2e-audit-storage', '1');
            localStorage.clear();
            for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
          },
          { origin: new URL(baseURL as string).origin, items },
        );
        return context;
      };
      await use((role) => {
        let context = contexts.get(role);
        if (!context) {
          context = open(role);
          contexts.set(role, context);
        }
        return context;
      });
      for (const context of contexts.values()) await (await context).close();
      await api.dispose();
    },
    { scope: 'worker' },
  ],
});

// Each screen is its own page: the screens are shared between the workers (each worker opens its
// own role contexts) rather than waiting for one worker at the end of the run.
audit.describe.configure({ mode: 'parallel' });

for (const { path: pattern, ready, as, cls } of SCREENS) {
  const checks = cls
    ? 'no layout shift, no sideways scroll, no serious axe violation'
    : 'no sideways scroll, no serious axe violation';
  const name = pattern === ':article' ? '/moreInfo/article/:id' : pattern;
  audit(`${name}${as ? ` (${as})` : ''}: ${checks}`, async ({ roleContext, request }) => {
    const path = pattern.includes(':firm')
      ? pattern.replace(':firm', String(await firmUserId(request)))
      : pattern === ':article'
        ? await publicArticlePath(request)
        : pattern;
    const page = await (await roleContext(as ?? 'visitor')).newPage();
    try {
      if (cls) {
        await recordShifts(page);
        await holdApiAnswers(page, API_DELAY_MS);
      }
      await page.goto(path);
      for (const selector of ready) await expect(page.locator(selector).first()).toBeVisible();
      await expect(page.locator('main .ant-skeleton, main .ant-spin-spinning')).toHaveCount(0);
      await page.waitForLoadState('networkidle');

      if (cls) await expectNoShift(page, path);
      await expectNoSidewaysScroll(page, `${path} at 1366 px`);
      await expectNoSeriousViolations(page, path);
    } finally {
      await page.close();
    }
  });
}
