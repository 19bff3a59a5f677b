/** The main menu, in the order docs/portal.md#menu gives it. */
export const MENU_ITEMS = [
  { path: '/', label: 'menu.home' },
  { path: '/wareHouse', label: 'menu.wareHouse' },
  { path: '/beginMain', label: 'menu.quotation' },
  { path: '/surplus', label: 'menu.surplus' },
  { path: '/exponentMain', label: 'menu.exponent' },
  { path: '/priceTable', label: 'priceTable.menu' },
  { path: '/process', label: 'menu.process' },
  { path: '/beginInspection', label: 'menu.inspection' },
  { path: '/beginClound', label: 'menu.selfService' },
  // 资讯: one entry for the news, market dynamics and index articles, each a tab with its own URL
  // (layout/NewsSections.tsx).
  { path: '/moreInfo', label: 'menu.news' },
] as const;
