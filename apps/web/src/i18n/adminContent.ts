/**
 * The texts of the console's content screens (locales/admin-content.*.ts) under `adminContent`.
 * Only operators open them, so they join i18next when a content screen loads (each page and
 * each component under components/admin imports this module) instead of riding in every first
 * page. Their screen titles stay in `pages` (the layout names every screen).
 */
import { i18n } from './index.ts';
import { adminContentEn } from './locales/admin-content.en.ts';
import { adminContentZhCN } from './locales/admin-content.zh-CN.ts';

i18n.addResourceBundle('zh-CN', 'translation', { adminContent: adminContentZhCN }, true, true);
i18n.addResourceBundle('en', 'translation', { adminContent: adminContentEn }, true, true);
