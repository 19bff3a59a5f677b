/**
 * The texts of 消息中心 and 我的订阅 (issue 19, locales/subscription.*.ts) under `subscription`.
 * Only /account/inbox and /account/subscriptions show them, so they join i18next when those
 * screens load (each imports this module) instead of riding in every first page. The header's
 * bell has its two words in the main bundle (`header.inbox`).
 */
import { addScreenTexts } from './index.ts';
import { subscriptionZhCN } from './locales/subscription.zh-CN.ts';

addScreenTexts({ subscription: subscriptionZhCN }, () =>
  import('./locales/subscription.en.ts').then(({ subscriptionEn }) => ({ subscription: subscriptionEn })),
);
