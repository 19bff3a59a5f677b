/**
 * The route table of PORTAL §2. Layout flags, the highlighted menu entry and the page title
 * are route metadata (`handle`); sections are pathless groups so every child lights its menu
 * entry. Redirect shells keep the query string, so /quotation?indexSearch=x lands on
 * /beginMain?indexSearch=x.
 */
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, isValidElement, lazy } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { getToken } from './auth/session.ts';
import { RouteError } from './components/RouteError.tsx';
import { Layout, PageFallback } from './layout/Layout.tsx';
import type { RouteHandle } from './layout/routeMeta.ts';
import type { ScreenPrefetch } from './lib/prefetch.ts';

/** A page module: its screen, and optionally the reads it starts before rendering. */
type ScreenModule<K extends string> = Record<K, ComponentType> & { prefetch?: ScreenPrefetch };

/** Each lazy screen's loader, so the screen a visit opens on can be started ahead of React. */
const screenLoaders = new WeakMap<object, () => Promise<{ prefetch?: ScreenPrefetch }>>();

/** A lazily loaded screen: each page folder becomes its own chunk, fetched on first visit. */
function page<K extends string>(load: () => Promise<ScreenModule<K>>, name: K) {
  const Screen = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  screenLoaders.set(Screen, load);
  return <Screen />;
}

/** A loader that sends the shell route on to its main screen with the same query. */
function redirectKeepingQuery(to: string) {
  return ({ request }: LoaderFunctionArgs) => redirect(`${to}${new URL(request.url).search}`);
}

const handle = (value: RouteHandle): RouteHandle => value;

const FRAMELESS = { header: false, menu: false, footer: false };

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageFallback />,
    children: [
      {
        // Page errors render inside the layout, so the header and menu stay usable.
        errorElement: <RouteError />,
        children: [
          {
            handle: handle({ menuKey: '/' }),
            children: [
              {
                index: true,
                handle: handle({ page: 'home' }),
                element: page(() => import('./pages/home/index.tsx'), 'HomePage'),
              },
              {
                path: 'moreInfo',
                handle: handle({ page: 'moreInfo' }),
                element: page(() => import('./pages/moreInfo/index.tsx'), 'MoreInfoPage'),
              },
              {
                path: 'moreInfo/article/:id',
                handle: handle({ page: 'moreInfoArticle' }),
                element: page(() => import('./pages/moreInfo/article/index.tsx'), 'MoreInfoArticlePage'),
              },
              {
                path: 'agency',
                handle: handle({ page: 'agency' }),
                element: page(() => import('./pages/agency/index.tsx'), 'AgencyPage'),
              },
              {
                path: 'agency/detail/:id',
                handle: handle({ page: 'agencyDetail' }),
                element: page(() => import('./pages/agency/detail/index.tsx'), 'AgencyDetailPage'),
              },
            ],
          },
          {
            path: 'wareHouse',
            handle: handle({ menuKey: '/wareHouse', page: 'wareHouse' }),
            element: page(() => import('./pages/wareHouse/index.tsx'), 'WareHousePage'),
          },
          {
            handle: handle({ menuKey: '/beginMain' }),
            children: [
              { path: 'quotation', loader: redirectKeepingQuery('/beginMain') },
              {
                path: 'beginMain',
                handle: handle({ page: 'beginMain' }),
                element: page(() => import('./pages/beginMain/index.tsx'), 'BeginMainPage'),
              },
              {
                path: 'firminfo/:userId/:type',
                // Embedded in another site's iframe the firm page shows without the portal frame.
                handle: handle({
                  page: 'firminfo',
                  layout: ({ type }) => (type === 'embed' ? FRAMELESS : {}),
                }),
                element: page(() => import('./pages/firminfo/index.tsx'), 'FirmInfoPage'),
              },
            ],
          },
          {
            path: 'surplus',
            handle: handle({ menuKey: '/surplus', page: 'surplus' }),
            element: page(() => import('./pages/surplus/index.tsx'), 'SurplusPage'),
          },
          {
            handle: handle({ menuKey: '/exponentMain' }),
            children: [
              { path: 'exponent', loader: redirectKeepingQuery('/exponentMain') },
              {
                path: 'exponentMain',
                handle: handle({ page: 'exponentMain' }),
                element: page(() => import('./pages/exponentMain/index.tsx'), 'ExponentMainPage'),
              },
              {
                path: 'crossdate',
                handle: handle({ page: 'crossdate' }),
                element: page(() => import('./pages/crossdate/index.tsx'), 'CrossDatePage'),
              },
              {
                path: 'morepage',
                handle: handle({ page: 'morepage' }),
                element: page(() => import('./pages/morepage/index.tsx'), 'MorePage'),
              },
              {
                path: 'morepage/article/:id',
                handle: handle({ page: 'morepageArticle' }),
                element: page(() => import('./pages/morepage/article/index.tsx'), 'MorePageArticlePage'),
              },
            ],
          },
          {
            handle: handle({ menuKey: '/process' }),
            children: [
              {
                path: 'process',
                handle: handle({ page: 'process' }),
                element: page(() => import('./pages/process/index.tsx'), 'ProcessPage'),
              },
            ],
          },
          {
            handle: handle({ menuKey: '/beginInspection' }),
            children: [
              { path: 'inspection', loader: redirectKeepingQuery('/beginInspection') },
              {
                path: 'beginInspection',
                handle: handle({ page: 'beginInspection' }),
                element: page(() => import('./pages/beginInspection/index.tsx'), 'BeginInspectionPage'),
              },
            ],
          },
          {
            handle: handle({ menuKey: '/beginClound' }),
            children: [
              { path: 'selfservice', loader: redirectKeepingQuery('/beginClound') },
              {
                path: 'beginClound',
                handle: handle({ page: 'beginClound' }),
                element: page(() => import('./pages/beginClound/index.tsx'), 'BeginCloundPage'),
              },
            ],
          },
          {
            path: 'commercialAffairs',
            handle: handle({ menuKey: '/commercialAffairs/list' }),
            children: [
              { index: true, loader: redirectKeepingQuery('/commercialAffairs/list') },
              {
                path: 'list',
                handle: handle({ page: 'commercialAffairsList' }),
                element: page(
                  () => import('./pages/commercialAffairs/list/index.tsx'),
                  'CommercialAffairsListPage',
                ),
              },
              {
                path: 'detail/:id',
                handle: handle({ page: 'commercialAffairsDetail' }),
                element: page(
                  () => import('./pages/commercialAffairs/detail/index.tsx'),
                  'CommercialAffairsDetailPage',
                ),
              },
            ],
          },
          {
            path: 'vipopen',
            handle: handle({ page: 'vipopen', layout: { menu: false, footer: false } }),
            element: page(() => import('./pages/vipopen/index.tsx'), 'VipOpenPage'),
          },
          {
            // Where a phone comes back to after paying at the provider (its return address).
            path: 'vipopen/result',
            handle: handle({ page: 'vipresult', access: 'member', layout: { menu: false, footer: false } }),
            element: page(() => import('./pages/vipopen/ResultPage.tsx'), 'VipResultPage'),
          },
          {
            path: 'vipmember',
            handle: handle({ page: 'vipmember' }),
            element: page(() => import('./pages/vipmember/index.tsx'), 'VipMemberPage'),
          },
          {
            path: 'login',
            handle: handle({ page: 'login', layout: { header: false, menu: false, footer: true } }),
            element: page(() => import('./pages/login/index.tsx'), 'LoginPage'),
          },
          {
            // Our own 《用户服务协议》 and 《隐私政策》: linked from registration and the footer.
            path: 'agreement',
            handle: handle({ page: 'agreement' }),
            element: page(() => import('./pages/agreement/index.tsx'), 'AgreementPage'),
          },
          {
            path: 'privacy',
            handle: handle({ page: 'privacy' }),
            element: page(() => import('./pages/privacy/index.tsx'), 'PrivacyPage'),
          },
          {
            // The page a login QR code opens on a phone: a mobile card, no portal frame.
            path: 'm/qr/:tempCode',
            handle: handle({ page: 'qrConfirm', layout: FRAMELESS }),
            element: page(() => import('./pages/qrConfirm/index.tsx'), 'QrConfirmPage'),
          },
          {
            // The page a payment QR code opens on a phone (issue 14): the buyer confirms or
            // cancels; no menu or footer, like /vipopen.
            path: 'm/pay/:paymentId',
            handle: handle({ page: 'mpay', layout: { menu: false, footer: false } }),
            element: page(() => import('./pages/mpay/index.tsx'), 'MobilePayPage'),
          },
          {
            // "My account" (ACCOUNT_SITE_URL); every section needs a login.
            path: 'account',
            handle: handle({ page: 'account', access: 'member' }),
            element: page(() => import('./pages/account/index.tsx'), 'AccountPage'),
            children: [
              { index: true, loader: redirectKeepingQuery('/account/profile') },
              {
                path: 'profile',
                handle: handle({ page: 'accountProfile' }),
                element: page(() => import('./pages/account/profile/index.tsx'), 'AccountProfilePage'),
              },
              {
                path: 'membership',
                handle: handle({ page: 'accountMembership' }),
                element: page(() => import('./pages/account/membership/index.tsx'), 'AccountMembershipPage'),
              },
              {
                path: 'beans',
                handle: handle({ page: 'accountBeans' }),
                element: page(() => import('./pages/account/beans/index.tsx'), 'AccountBeansPage'),
              },
              {
                // 消息中心 and 我的订阅 (issue 19): every member's subscriptions and their matches.
                path: 'inbox',
                handle: handle({ page: 'accountInbox' }),
                element: page(() => import('./pages/account/inbox/index.tsx'), 'AccountInboxPage'),
              },
              {
                path: 'subscriptions',
                handle: handle({ page: 'accountSubscriptions' }),
                element: page(
                  () => import('./pages/account/subscriptions/index.tsx'),
                  'AccountSubscriptionsPage',
                ),
              },
              {
                // Company membership seats (issue 30 item 6): a buyer's seats, and the seat a colleague holds.
                path: 'seats',
                handle: handle({ page: 'accountSeats' }),
                element: page(() => import('./pages/account/seats/index.tsx'), 'AccountSeatsPage'),
              },
              {
                // The trader's own rows (issue 17): a user with a company, or an admin.
                path: 'quotations',
                handle: handle({ page: 'accountQuotations', access: 'trader' }),
                element: page(() => import('./pages/account/quotations/index.tsx'), 'AccountQuotationsPage'),
              },
              {
                path: 'stock',
                handle: handle({ page: 'accountStock', access: 'trader' }),
                element: page(() => import('./pages/account/stock/index.tsx'), 'AccountStockPage'),
              },
              {
                path: 'surplus',
                handle: handle({ page: 'accountSurplus', access: 'trader' }),
                element: page(() => import('./pages/account/surplus/index.tsx'), 'AccountSurplusPage'),
              },
              {
                // The trader's workspace beyond its rows (issue 17): import, leads, firm, ERP keys.
                path: 'import',
                handle: handle({ page: 'accountImport', access: 'trader' }),
                element: page(() => import('./pages/account/import/index.tsx'), 'AccountImportPage'),
              },
              {
                path: 'enquiries',
                handle: handle({ page: 'accountEnquiries', access: 'trader' }),
                element: page(() => import('./pages/account/enquiries/index.tsx'), 'AccountEnquiriesPage'),
              },
              {
                path: 'firm',
                handle: handle({ page: 'accountFirm', access: 'trader' }),
                element: page(() => import('./pages/account/firm/index.tsx'), 'AccountFirmPage'),
              },
              {
                path: 'keys',
                handle: handle({ page: 'accountKeys', access: 'trader' }),
                element: page(() => import('./pages/account/keys/index.tsx'), 'AccountKeysPage'),
              },
              {
                // What a member without a company is offered: how to become a trader.
                path: 'become-trader',
                handle: handle({ page: 'accountBecomeTrader' }),
                element: page(
                  () => import('./pages/account/become-trader/index.tsx'),
                  'AccountBecomeTraderPage',
                ),
              },
            ],
          },
          {
            // The operator console (issue 18): its own frame, admins only; every screen is a
            // child of AdminLayout, which draws the console's menu and top bar.
            path: 'admin',
            handle: handle({ page: 'admin', access: 'admin', layout: FRAMELESS }),
            element: page(() => import('./pages/admin/AdminLayout.tsx'), 'AdminLayout'),
            children: [
              {
                index: true,
                handle: handle({ page: 'adminDashboard' }),
                element: page(() => import('./pages/admin/dashboard/index.tsx'), 'AdminDashboardPage'),
              },
              {
                path: 'users',
                handle: handle({ page: 'adminUsers' }),
                element: page(() => import('./pages/admin/users/index.tsx'), 'AdminUsersPage'),
              },
              {
                path: 'articles',
                handle: handle({ page: 'adminArticles' }),
                element: page(() => import('./pages/admin/articles/index.tsx'), 'AdminArticlesPage'),
              },
              {
                path: 'affairs',
                handle: handle({ page: 'adminAffairs' }),
                element: page(() => import('./pages/admin/affairs/index.tsx'), 'AdminAffairsPage'),
              },
              {
                path: 'agencies',
                handle: handle({ page: 'adminAgencies' }),
                element: page(() => import('./pages/admin/agencies/index.tsx'), 'AdminAgenciesPage'),
              },
              {
                path: 'ads',
                handle: handle({ page: 'adminAds' }),
                element: page(() => import('./pages/admin/ads/index.tsx'), 'AdminAdsPage'),
              },
              {
                path: 'announcement',
                handle: handle({ page: 'adminAnnouncement' }),
                element: page(() => import('./pages/admin/announcement/index.tsx'), 'AdminAnnouncementPage'),
              },
              {
                path: 'vip-prices',
                handle: handle({ page: 'adminVipPrices' }),
                element: page(() => import('./pages/admin/vip-prices/index.tsx'), 'AdminVipPricesPage'),
              },
              {
                path: 'orders',
                handle: handle({ page: 'adminOrders' }),
                element: page(() => import('./pages/admin/orders/index.tsx'), 'AdminOrdersPage'),
              },
              {
                path: 'warehouse-daily',
                handle: handle({ page: 'adminWarehouseDaily' }),
                element: page(
                  () => import('./pages/admin/warehouse-daily/index.tsx'),
                  'AdminWarehouseDailyPage',
                ),
              },
              {
                path: 'index-corrections',
                handle: handle({ page: 'adminIndexCorrections' }),
                element: page(
                  () => import('./pages/admin/index-corrections/index.tsx'),
                  'AdminIndexCorrectionsPage',
                ),
              },
              {
                path: 'inspections',
                handle: handle({ page: 'adminInspections' }),
                element: page(() => import('./pages/admin/inspections/index.tsx'), 'AdminInspectionsPage'),
              },
              {
                path: 'processing',
                handle: handle({ page: 'adminProcessing' }),
                element: page(() => import('./pages/admin/processing/index.tsx'), 'AdminProcessingPage'),
              },
              {
                path: 'switches',
                handle: handle({ page: 'adminSwitches' }),
                element: page(() => import('./pages/admin/switches/index.tsx'), 'AdminSwitchesPage'),
              },
              {
                path: 'vocabulary',
                handle: handle({ page: 'adminVocabulary' }),
                element: page(() => import('./pages/admin/vocabulary/index.tsx'), 'AdminVocabularyPage'),
              },
              {
                path: 'audit',
                handle: handle({ page: 'adminAudit' }),
                element: page(() => import('./pages/admin/audit/index.tsx'), 'AdminAuditPage'),
              },
            ],
          },
          {
            path: '*',
            handle: handle({ page: 'notFound' }),
            element: page(() => import('./pages/notFound/index.tsx'), 'NotFoundPage'),
          },
        ],
      },
    ],
  },
];

/** Creates the browser router over the route table. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Loads the screen a visitor opened and starts its first reads (its `prefetch`), while React
 * renders the frame: the chunk is the one React will ask for (the shell preloads it), and the
 * data's round trip starts before the screen's first render instead of after it.
 */
export function prefetchScreen(router: AppRouter, queryClient: QueryClient): void {
  // A visitor's first visit only: a stored session may have expired, and that is found and
  // announced (toast, move home) by the app once it is mounted, not by a read before it.
  if (getToken()) return;
  const element = router.state.matches.at(-1)?.route.element;
  const load = isValidElement(element) ? screenLoaders.get(element.type as object) : undefined;
  if (!load) return;
  const { pathname, search } = router.state.location;
  load()
    .then((module) => module.prefetch?.(queryClient, { pathname, search }))
    // A chunk that fails to load fails again when React asks for it, and shows the route error.
    .catch(() => undefined);
}
