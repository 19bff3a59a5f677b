/**
 * The texts of the 保存搜索 and 指数提醒 buttons (locales/subscribe.*.ts) under `subscribe`.
 * Only the search screens and the index dashboard show them, so they join i18next when those
 * buttons load (components/subscription imports this module) instead of riding in every first
 * page. /vipopen states the limits with its own texts (locales/vip.*.ts).
 */
import { i18n } from './index.ts';
import { subscribeEn } from './locales/subscribe.en.ts';
import { subscribeZhCN } from './locales/subscribe.zh-CN.ts';

i18n.addResourceBundle('zh-CN', 'translation', { subscribe: subscribeZhCN }, true, true);
i18n.addResourceBundle('en', 'translation', { subscribe: subscribeEn }, true, true);
