/**
 * The texts of the console's price-table rows screen (locales/admin-price-table.*.ts) under
 * `adminPriceTable`. Only operators open it, so they join i18next when the screen loads instead
 * of riding in every first page. The screen's title stays in `pages`.
 */
import { addScreenTexts } from './index.ts';
import { adminPriceTableZhCN } from './locales/admin-price-table.zh-CN.ts';

addScreenTexts({ adminPriceTable: adminPriceTableZhCN }, () =>
  import('./locales/admin-price-table.en.ts').then(({ adminPriceTableEn }) => ({
    adminPriceTable: adminPriceTableEn,
  })),
);
