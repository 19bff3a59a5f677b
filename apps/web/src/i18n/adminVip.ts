/**
 * The texts of the console's VIP screens (locales/admin-vip.*.ts) under `adminVip`. Only
 * operators open them, so they join i18next when /admin/vip-prices or /admin/orders loads (each
 * imports this module) instead of riding in every first page.
 */
import { addScreenTexts } from './index.ts';
import { adminVipZhCN } from './locales/admin-vip.zh-CN.ts';

addScreenTexts({ adminVip: adminVipZhCN }, () =>
  import('./locales/admin-vip.en.ts').then(({ adminVipEn }) => ({ adminVip: adminVipEn })),
);
