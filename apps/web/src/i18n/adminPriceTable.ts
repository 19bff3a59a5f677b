/**
 * The texts of the console's price-table rows screen (locales/admin-price-table.*.ts) under
 * `adminPriceTable`. Only operators open it, so they join i18next when the screen loads instead
 * of riding in every first page. The screen's title stays in `pages`.
 */
import { i18n } from './index.ts';
import { adminPriceTableEn } from './locales/admin-price-table.en.ts';
import { adminPriceTableZhCN } from './locales/admin-price-table.zh-CN.ts';

i18n.addResourceBundle('zh-CN', 'translation', { adminPriceTable: adminPriceTableZhCN }, true, true);
i18n.addResourceBundle('en', 'translation', { adminPriceTable: adminPriceTableEn }, true, true);
