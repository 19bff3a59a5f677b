/**
 * The operator console's texts (locales/admin.*.ts) under `admin`. Only /admin shows them, so
 * they join i18next when the console loads (pages/admin/AdminLayout.tsx imports this module)
 * instead of riding in every first page. The screens' titles stay in `pages`.
 */
import { i18n } from './index.ts';
import { adminEn } from './locales/admin.en.ts';
import { adminZhCN } from './locales/admin.zh-CN.ts';

i18n.addResourceBundle('zh-CN', 'translation', { admin: adminZhCN }, true, true);
i18n.addResourceBundle('en', 'translation', { admin: adminEn }, true, true);
