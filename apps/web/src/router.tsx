/**
 * The route table (docs/portal.md#routes). Layout flags, the highlighted menu entry and the
 * page title are route metadata (`handle`); sections are pathless groups so every child lights
 * its menu entry. Redirect shells keep the query string, so /quotation?indexSearch=x lands on
 * /beginMain?indexSearch=x.
 *
 * URL -> folder. The URLs are the product's spec and keep their old names; the page folders are
 * named by what they hold (the same table as data: routes/pageFolders.ts, read by the build):
 *   /                                    pages/home
 *   /moreInfo, /moreInfo/article/:id     pages/news (news, article)
 *   /agency, /agency/detail/:id          pages/agencies (list, detail)
 *   /wareHouse                           pages/stock
 *   /beginMain (/quotation redirects)    pages/quotations
 *   /firminfo/:userId/:type              pages/firm
 *   /surplus                             pages/surplus
 *   /exponentMain (/exponent redirects)  pages/steelIndex
 *   /priceTable[/:product[/:city]]       pages/priceTable
 *   /crossdate                           pages/crossDate
 *   /morepage, /morepage/article/:id     pages/indexArticles (list, article)
 *   /process                             pages/processing
 *   /beginInspection (/inspection)       pages/inspection
 *   /beginClound (/selfservice)          pages/cloudWarehouse
 *   /commercialAffairs/list, /detail/:id pages/affairs (list, detail)
 *   /vipopen, /vipopen/result            pages/vip/open (index, ResultPage)
 *   /vipmember                           pages/vip/member
 *   /m/qr/:tempCode, /m/pay/:paymentId   pages/qrConfirm, pages/mobilePay
 *   /login, /agreement, /privacy         pages/login, pages/agreement, pages/privacy
 *   /account/*                           pages/account (its routes: routes/account.tsx)
 *   /admin/*                             pages/admin (its routes: routes/admin.tsx)
 *   anything else                        pages/notFound
 *
 * The signed-in areas' tables join the frame's on the first navigation into them
 * (`patchSignedInArea`), so a visitor's first page does not carry them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isValidElement } from 'react';
import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { getToken } from './auth/session.ts';
import { RouteError } from './components/RouteError.tsx';
import { withScreenTexts } from './i18n/index.ts';
import { Layout, PageFallback } from './layout/Layout.tsx';
import { FRAMELESS, handle, page, redirectKeepingQuery, screenLoaderOf } from './routes/lazyPage.tsx';

/**
 * The price tables' screen, one element for its three addresses: the same lazy component, so
 * moving from /priceTable to a product or a city keeps the screen mounted.
 */
const priceTableScreen = page(() => import('./pages/priceTable/index.tsx'), 'PriceTablePage');

/**
 * The 资讯 menu entry: its three tabs (新闻资讯 /moreInfo, 市场动态 /commercialAffairs/list,
 * 指数资讯 /morepage; layout/NewsSections.tsx) and their articles light it, wherever their routes
 * sit in the table.
 */
const NEWS_MENU_KEY = '/moreInfo';

/** The route under the frame whose children are the screens; the signed-in areas join it. */
export const FRAME_ROUTE_ID = 'frame';

/**
 * The table with `areas` (the signed-in areas' routes) among the frame's screens. The browser
 * starts without them (`routes`); tests and anything that reads the whole table pass them in
 * (routes/allRoutes.ts).
 */
export function buildRoutes(areas: RouteObject[]): RouteObject[] {
  return [
    {
      path: '/',
      element: <Layout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageFallback />,
      children: [
        {
          // Page errors render inside the layout, so the header and menu stay usable.
          id: FRAME_ROUTE_ID,
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
                  handle: handle({ page: 'moreInfo', menuKey: NEWS_MENU_KEY }),
                  element: page(() => import('./pages/news/index.tsx'), 'NewsPage'),
                },
                {
                  path: 'moreInfo/article/:id',
                  handle: handle({ page: 'moreInfoArticle', menuKey: NEWS_MENU_KEY }),
                  element: page(() => import('./pages/news/article/index.tsx'), 'NewsArticlePage'),
                },
                {
                  path: 'agency',
                  handle: handle({ page: 'agency' }),
                  element: page(() => import('./pages/agencies/index.tsx'), 'AgenciesPage'),
                },
                {
                  path: 'agency/detail/:id',
                  handle: handle({ page: 'agencyDetail' }),
                  element: page(() => import('./pages/agencies/detail/index.tsx'), 'AgencyDetailPage'),
                },
              ],
            },
            {
              path: 'wareHouse',
              handle: handle({ menuKey: '/wareHouse', page: 'wareHouse' }),
              element: page(() => import('./pages/stock/index.tsx'), 'StockPage'),
            },
            {
              handle: handle({ menuKey: '/beginMain' }),
              children: [
                { path: 'quotation', loader: redirectKeepingQuery('/beginMain') },
                {
                  path: 'beginMain',
                  handle: handle({ page: 'beginMain' }),
                  element: page(() => import('./pages/quotations/index.tsx'), 'QuotationsPage'),
                },
                {
                  path: 'firminfo/:userId/:type',
                  // Embedded in another site's iframe the firm page shows without the portal frame.
                  // Opened from 现货 or 余料 (?from=), the menu stays on that screen.
                  handle: handle({
                    page: 'firminfo',
                    layout: ({ type }) => (type === 'embed' ? FRAMELESS : {}),
                    menuFromQuery: true,
                  }),
                  element: page(() => import('./pages/firm/index.tsx'), 'FirmPage'),
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
                  element: page(() => import('./pages/steelIndex/index.tsx'), 'SteelIndexPage'),
                },
                {
                  path: 'crossdate',
                  handle: handle({ page: 'crossdate' }),
                  element: page(() => import('./pages/crossDate/index.tsx'), 'CrossDatePage'),
                },
                {
                  path: 'morepage',
                  handle: handle({ page: 'morepage', menuKey: NEWS_MENU_KEY }),
                  element: page(() => import('./pages/indexArticles/index.tsx'), 'IndexArticlesPage'),
                },
                {
                  path: 'morepage/article/:id',
                  handle: handle({ page: 'morepageArticle', menuKey: NEWS_MENU_KEY }),
                  element: page(() => import('./pages/indexArticles/article/index.tsx'), 'IndexArticlePage'),
                },
              ],
            },
            {
              // One screen under three addresses: the default product (the frame the build
              // prerenders), a product, a product's city.
              path: 'priceTable',
              handle: handle({ menuKey: '/priceTable', page: 'priceTable' }),
              children: [
                { index: true, element: priceTableScreen },
                { path: ':product/:city?', element: priceTableScreen },
              ],
            },
            {
              handle: handle({ menuKey: '/process' }),
              children: [
                {
                  path: 'process',
                  handle: handle({ page: 'process' }),
                  element: page(() => import('./pages/processing/index.tsx'), 'ProcessingPage'),
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
                  element: page(() => import('./pages/inspection/index.tsx'), 'InspectionPage'),
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
                  element: page(() => import('./pages/cloudWarehouse/index.tsx'), 'CloudWarehousePage'),
                },
              ],
            },
            {
              path: 'commercialAffairs',
              handle: handle({ menuKey: NEWS_MENU_KEY }),
              children: [
                { index: true, loader: redirectKeepingQuery('/commercialAffairs/list') },
                {
                  path: 'list',
                  handle: handle({ page: 'commercialAffairsList' }),
                  element: page(() => import('./pages/affairs/list/index.tsx'), 'AffairsListPage'),
                },
                {
                  path: 'detail/:id',
                  handle: handle({ page: 'commercialAffairsDetail' }),
                  element: page(() => import('./pages/affairs/detail/index.tsx'), 'AffairsDetailPage'),
                },
              ],
            },
            {
              path: 'vipopen',
              handle: handle({ page: 'vipopen', layout: { menu: false, footer: false } }),
              element: page(() => import('./pages/vip/open/index.tsx'), 'VipOpenPage'),
            },
            {
              // Where a phone comes back to after paying at the provider (its return address).
              path: 'vipopen/result',
              handle: handle({ page: 'vipresult', access: 'member', layout: { menu: false, footer: false } }),
              element: page(() => import('./pages/vip/open/ResultPage.tsx'), 'VipResultPage'),
            },
            {
              path: 'vipmember',
              handle: handle({ page: 'vipmember' }),
              element: page(() => import('./pages/vip/member/index.tsx'), 'VipMemberPage'),
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
              element: page(() => import('./pages/mobilePay/index.tsx'), 'MobilePayPage'),
            },
            ...areas,
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
}

/** The table a browser starts with: every public screen, no signed-in area. */
export const routes: RouteObject[] = buildRoutes([]);

/** The signed-in areas, each by its first path segment, and the module holding its routes. */
const SIGNED_IN_AREAS: Record<string, () => Promise<RouteObject>> = {
  // With their screens' titles (i18n/signedInPages.ts), in the page's language.
  account: () =>
    withScreenTexts(() => import('./routes/account.tsx'))().then((module) => module.accountRoute),
  admin: () => withScreenTexts(() => import('./routes/admin.tsx'))().then((module) => module.adminRoute),
};

/** The loader of the signed-in area a path is in, if any. */
function areaOf(path: string): (() => Promise<RouteObject>) | undefined {
  const segment = path.split(/[/?#]/)[1] ?? '';
  return Object.hasOwn(SIGNED_IN_AREAS, segment) ? SIGNED_IN_AREAS[segment] : undefined;
}

/**
 * React Router asks for more routes when a path does not match fully (here: the frame's `*`
 * catches it): an address in a signed-in area fetches that area's table and adds it to the
 * frame, before the navigation renders. Any other path stays the not-found screen.
 */
export const patchSignedInArea: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const load = areaOf(path);
  if (load) patch(FRAME_ROUTE_ID, [await load()]);
};

/**
 * Creates the browser router over the route table. A page opened in a signed-in area starts
 * with that area's table, fetched first: a first navigation that waited for its patch could be
 * overtaken by the app's own (the language kept in the URL), and React Router then never
 * finished starting (the page stayed on its placeholder).
 */
export async function createAppRouter(pathname: string) {
  const load = areaOf(pathname);
  const table = load ? buildRoutes([await load()]) : routes;
  return createBrowserRouter(table, { patchRoutesOnNavigation: patchSignedInArea });
}

export type AppRouter = Awaited<ReturnType<typeof createAppRouter>>;

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
  const load = isValidElement(element) ? screenLoaderOf(element.type as object) : undefined;
  if (!load) return;
  const { pathname, search } = router.state.location;
  load()
    .then((module) => module.prefetch?.(queryClient, { pathname, search }))
    // A chunk that fails to load fails again when React asks for it, and shows the route error.
    .catch(() => undefined);
}
