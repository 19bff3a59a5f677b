/**
 * The `/account/*` subtree of the route table (router.tsx): pages/account and its sections. The
 * signed-in screens' titles come with it (i18n/signedInPages.ts): the frame names a screen with them.
 */
import '../i18n/signedInPages.ts';
import type { RouteObject } from 'react-router';
import { handle, page, redirectKeepingQuery } from './lazyPage.tsx';

export const accountRoute: RouteObject = {
  // "My account" (ACCOUNT_SITE_URL); every section needs a login.
  path: 'account',
  handle: handle({ page: 'account', access: 'member' }),
  element: page(() => import('../pages/account/index.tsx'), 'AccountPage'),
  children: [
    { index: true, loader: redirectKeepingQuery('/account/profile') },
    {
      path: 'profile',
      handle: handle({ page: 'accountProfile' }),
      element: page(() => import('../pages/account/profile/index.tsx'), 'AccountProfilePage'),
    },
    {
      path: 'membership',
      handle: handle({ page: 'accountMembership' }),
      element: page(() => import('../pages/account/membership/index.tsx'), 'AccountMembershipPage'),
    },
    {
      path: 'beans',
      handle: handle({ page: 'accountBeans' }),
      element: page(() => import('../pages/account/beans/index.tsx'), 'AccountBeansPage'),
    },
    {
      // 消息中心 and 我的订阅 (issue 19): every member's subscriptions and their matches.
      path: 'inbox',
      handle: handle({ page: 'accountInbox' }),
      element: page(() => import('../pages/account/inbox/index.tsx'), 'AccountInboxPage'),
    },
    {
      path: 'subscriptions',
      handle: handle({ page: 'accountSubscriptions' }),
      element: page(() => import('../pages/account/subscriptions/index.tsx'), 'AccountSubscriptionsPage'),
    },
    {
      // Company membership seats (issue 30 item 6): a buyer's seats, and the seat a colleague holds.
      path: 'seats',
      handle: handle({ page: 'accountSeats' }),
      element: page(() => import('../pages/account/seats/index.tsx'), 'AccountSeatsPage'),
    },
    {
      // The trader's own rows (issue 17): a user with a company, or an admin.
      path: 'quotations',
      handle: handle({ page: 'accountQuotations', access: 'trader' }),
      element: page(() => import('../pages/account/quotations/index.tsx'), 'AccountQuotationsPage'),
    },
    {
      path: 'stock',
      handle: handle({ page: 'accountStock', access: 'trader' }),
      element: page(() => import('../pages/account/stock/index.tsx'), 'AccountStockPage'),
    },
    {
      path: 'surplus',
      handle: handle({ page: 'accountSurplus', access: 'trader' }),
      element: page(() => import('../pages/account/surplus/index.tsx'), 'AccountSurplusPage'),
    },
    {
      // The trader's workspace beyond its rows (issue 17): import, leads, firm, ERP keys.
      path: 'import',
      handle: handle({ page: 'accountImport', access: 'trader' }),
      element: page(() => import('../pages/account/import/index.tsx'), 'AccountImportPage'),
    },
    {
      path: 'enquiries',
      handle: handle({ page: 'accountEnquiries', access: 'trader' }),
      element: page(() => import('../pages/account/enquiries/index.tsx'), 'AccountEnquiriesPage'),
    },
    {
      path: 'firm',
      handle: handle({ page: 'accountFirm', access: 'trader' }),
      element: page(() => import('../pages/account/firm/index.tsx'), 'AccountFirmPage'),
    },
    {
      path: 'keys',
      handle: handle({ page: 'accountKeys', access: 'trader' }),
      element: page(() => import('../pages/account/keys/index.tsx'), 'AccountKeysPage'),
    },
    {
      // What a member without a company is offered: how to become a trader.
      path: 'become-trader',
      handle: handle({ page: 'accountBecomeTrader' }),
      element: page(() => import('../pages/account/become-trader/index.tsx'), 'AccountBecomeTraderPage'),
    },
  ],
};
