/**
 * The texts of the price tables (/priceTable: locales/zh-CN/priceTable.ts) under `priceTable`. They
 * join i18next when the screen loads (each file that reads them imports this module, and so does
 * the build's prerender for the heads) instead of riding in every first page; the menu's entry
 * `priceTable.menu` stays in the main bundle (zh-CN/common.ts).
 */
import { addScreenTexts } from './index.ts';
import { priceTableZhCN } from './locales/zh-CN/priceTable.ts';

addScreenTexts(priceTableZhCN, () =>
  import('./locales/en/priceTable.ts').then(({ priceTableEn }) => priceTableEn),
);
