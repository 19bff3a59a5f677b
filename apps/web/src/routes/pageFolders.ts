/**
 * The first segment of a screen's URL -> its folder under `src/pages` (`home` for `/`), the
 * legend of router.tsx as data. The URLs are the product's and stay as they were (`/beginMain`);
 * the folders are named by what they hold (`pages/quotations`). The build's route preload
 * (`routePreload.ts`) names each screen's chunks by its URL segment through this table, because
 * the server looks them up by the requested path (`screenSegmentOf` in contracts). Plain data, no
 * imports: Node reads it while Vite loads its config. `/m/qr` and `/m/pay` (pages/qrConfirm,
 * pages/mobilePay) share their first segment and are not listed; redirect shells (`/quotation`)
 * have no folder.
 */
export const PAGE_FOLDERS: Readonly<Record<string, string>> = {
  home: 'home',
  moreInfo: 'news',
  agency: 'agencies',
  wareHouse: 'stock',
  beginMain: 'quotations',
  firminfo: 'firm',
  surplus: 'surplus',
  exponentMain: 'steelIndex',
  priceTable: 'priceTable',
  crossdate: 'crossDate',
  morepage: 'indexArticles',
  process: 'processing',
  beginInspection: 'inspection',
  beginClound: 'cloudWarehouse',
  commercialAffairs: 'affairs',
  vipopen: 'vip/open',
  vipmember: 'vip/member',
  login: 'login',
  agreement: 'agreement',
  privacy: 'privacy',
  account: 'account',
  admin: 'admin',
};

/** The URL segment of the screen whose entry is `pages/<folder>/index.tsx`, if it has one. */
export function urlSegmentOf(folder: string): string | undefined {
  return Object.keys(PAGE_FOLDERS).find((segment) => PAGE_FOLDERS[segment] === folder);
}
