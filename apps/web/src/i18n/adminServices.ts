/**
 * The texts of the console's trade-service screens (locales/admin-services.*.ts) under
 * `adminServices`. Only operators open them, so they join i18next when one of those screens
 * loads (each page imports this module) instead of riding in every first page. Their screen
 * titles stay in `pages` (the layout names every screen).
 */
import { addScreenTexts } from './index.ts';
import { adminServicesZhCN } from './locales/admin-services.zh-CN.ts';

addScreenTexts({ adminServices: adminServicesZhCN }, () =>
  import('./locales/admin-services.en.ts').then(({ adminServicesEn }) => ({
    adminServices: adminServicesEn,
  })),
);
