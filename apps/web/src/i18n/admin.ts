/**
 * The operator console's texts (locales/admin.*.ts) under `admin`. Only /admin shows them, so
 * they join i18next when the console loads (pages/admin/AdminLayout.tsx imports this module)
 * instead of riding in every first page. The screens' titles stay in `pages`.
 */
import { addScreenTexts } from './index.ts';
import { adminZhCN } from './locales/admin.zh-CN.ts';

addScreenTexts({ admin: adminZhCN }, () =>
  import('./locales/admin.en.ts').then(({ adminEn }) => ({ admin: adminEn })),
);
