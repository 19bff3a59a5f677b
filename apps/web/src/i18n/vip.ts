/**
 * The texts of the VIP screens (/vipopen, /vipmember, /m/pay: locales/vip.*.ts) under `vip`.
 * They join i18next when one of those screens loads instead of riding in every first page; the
 * header's VIP link and gate notices use the main bundle's own keys.
 */
import { i18n } from './index.ts';
import { vipEn } from './locales/vip.en.ts';
import { vipZhCN } from './locales/vip.zh-CN.ts';

i18n.addResourceBundle('zh-CN', 'translation', { vip: vipZhCN }, true, true);
i18n.addResourceBundle('en', 'translation', { vip: vipEn }, true, true);
