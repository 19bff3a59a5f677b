/**
 * The texts of the 保存搜索 and 指数提醒 buttons (locales/subscribe.*.ts) under `subscribe`.
 * Only the search screens and the index dashboard show them, so they join i18next when those
 * buttons load (components/subscription imports this module) instead of riding in every first
 * page. /vipopen states the limits with its own texts (locales/vip.*.ts).
 */
import { addScreenTexts } from './index.ts';
import { subscribeZhCN } from './locales/subscribe.zh-CN.ts';

addScreenTexts({ subscribe: subscribeZhCN }, () =>
  import('./locales/subscribe.en.ts').then(({ subscribeEn }) => ({ subscribe: subscribeEn })),
);
