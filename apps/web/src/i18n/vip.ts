/**
 * The texts of the VIP screens (/vipopen, /vipmember, /m/pay: locales/vip.*.ts) under `vip`.
 * They join i18next when one of those screens loads instead of riding in every first page; the
 * header's VIP link and gate notices use the main bundle's own keys.
 */
import { addScreenTexts } from './index.ts';
import { vipZhCN } from './locales/vip.zh-CN.ts';

addScreenTexts({ vip: vipZhCN }, () => import('./locales/vip.en.ts').then(({ vipEn }) => ({ vip: vipEn })));
