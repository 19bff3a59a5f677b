/**
 * The texts of the console's content screens (locales/admin-content.*.ts) under `adminContent`.
 * Only operators open them, so they join i18next when a content screen loads (each page and
 * each component under components/admin imports this module) instead of riding in every first
 * page. Their screen titles stay in `pages` (the layout names every screen).
 */
import { addScreenTexts } from './index.ts';
import { adminContentZhCN } from './locales/admin-content.zh-CN.ts';

addScreenTexts({ adminContent: adminContentZhCN }, () =>
  import('./locales/admin-content.en.ts').then(({ adminContentEn }) => ({ adminContent: adminContentEn })),
);
