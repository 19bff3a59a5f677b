/**
 * The texts of the console's VIP screens (locales/admin-vip.*.ts) under `adminVip`. Only
 * operators open them, so they join i18next when /admin/vip-prices or /admin/orders loads (each
 * imports this module) instead of riding in every first page.
 */
import { i18n } from './index.ts';
import { adminVipEn } from './locales/admin-vip.en.ts';
import { adminVipZhCN } from './locales/admin-vip.zh-CN.ts';

i18n.addResourceBundle('zh-CN', 'translation', { adminVip: adminVipZhCN }, true, true);
i18n.addResourceBundle('en', 'translation', { adminVip: adminVipEn }, true, true);
