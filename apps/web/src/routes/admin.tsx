/**
 * The `/admin/*` subtree of the route table (router.tsx): pages/admin, the operator console. The
 * console screens' titles come with it (i18n/signedInPages.ts): the frame names a screen with them.
 */
import '../i18n/signedInPages.ts';
import type { RouteObject } from 'react-router';
import { FRAMELESS, handle, page } from './lazyPage.tsx';

export const adminRoute: RouteObject = {
  // The operator console (issue 18): its own frame, admins only; every screen is a
  // child of AdminLayout, which draws the console's menu and top bar.
  path: 'admin',
  handle: handle({ page: 'admin', access: 'admin', layout: FRAMELESS }),
  element: page(() => import('../pages/admin/AdminLayout.tsx'), 'AdminLayout'),
  children: [
    {
      index: true,
      handle: handle({ page: 'adminDashboard' }),
      element: page(() => import('../pages/admin/dashboard/index.tsx'), 'AdminDashboardPage'),
    },
    {
      path: 'users',
      handle: handle({ page: 'adminUsers' }),
      element: page(() => import('../pages/admin/users/index.tsx'), 'AdminUsersPage'),
    },
    {
      path: 'articles',
      handle: handle({ page: 'adminArticles' }),
      element: page(() => import('../pages/admin/articles/index.tsx'), 'AdminArticlesPage'),
    },
    {
      path: 'affairs',
      handle: handle({ page: 'adminAffairs' }),
      element: page(() => import('../pages/admin/affairs/index.tsx'), 'AdminAffairsPage'),
    },
    {
      path: 'agencies',
      handle: handle({ page: 'adminAgencies' }),
      element: page(() => import('../pages/admin/agencies/index.tsx'), 'AdminAgenciesPage'),
    },
    {
      path: 'ads',
      handle: handle({ page: 'adminAds' }),
      element: page(() => import('../pages/admin/ads/index.tsx'), 'AdminAdsPage'),
    },
    {
      path: 'announcement',
      handle: handle({ page: 'adminAnnouncement' }),
      element: page(() => import('../pages/admin/announcement/index.tsx'), 'AdminAnnouncementPage'),
    },
    {
      path: 'vip-prices',
      handle: handle({ page: 'adminVipPrices' }),
      element: page(() => import('../pages/admin/vip-prices/index.tsx'), 'AdminVipPricesPage'),
    },
    {
      path: 'orders',
      handle: handle({ page: 'adminOrders' }),
      element: page(() => import('../pages/admin/orders/index.tsx'), 'AdminOrdersPage'),
    },
    {
      path: 'warehouse-daily',
      handle: handle({ page: 'adminWarehouseDaily' }),
      element: page(() => import('../pages/admin/warehouse-daily/index.tsx'), 'AdminWarehouseDailyPage'),
    },
    {
      path: 'index-corrections',
      handle: handle({ page: 'adminIndexCorrections' }),
      element: page(() => import('../pages/admin/index-corrections/index.tsx'), 'AdminIndexCorrectionsPage'),
    },
    {
      path: 'price-items',
      handle: handle({ page: 'adminPriceItems' }),
      element: page(() => import('../pages/admin/price-items/index.tsx'), 'AdminPriceItemsPage'),
    },
    {
      path: 'inspections',
      handle: handle({ page: 'adminInspections' }),
      element: page(() => import('../pages/admin/inspections/index.tsx'), 'AdminInspectionsPage'),
    },
    {
      path: 'processing',
      handle: handle({ page: 'adminProcessing' }),
      element: page(() => import('../pages/admin/processing/index.tsx'), 'AdminProcessingPage'),
    },
    {
      path: 'switches',
      handle: handle({ page: 'adminSwitches' }),
      element: page(() => import('../pages/admin/switches/index.tsx'), 'AdminSwitchesPage'),
    },
    {
      path: 'vocabulary',
      handle: handle({ page: 'adminVocabulary' }),
      element: page(() => import('../pages/admin/vocabulary/index.tsx'), 'AdminVocabularyPage'),
    },
    {
      path: 'audit',
      handle: handle({ page: 'adminAudit' }),
      element: page(() => import('../pages/admin/audit/index.tsx'), 'AdminAuditPage'),
    },
  ],
};
