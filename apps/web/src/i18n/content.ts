/**
 * The texts of market dynamics, agencies, ads and the home page's blocks (locales/content.*.ts)
 * under `content`. They join i18next when one of those loads (each file that reads them imports
 * this module) instead of riding in every first page.
 */
import { addScreenTexts } from './index.ts';
import { contentZhCN } from './locales/content.zh-CN.ts';

addScreenTexts({ content: contentZhCN }, () =>
  import('./locales/content.en.ts').then(({ contentEn }) => ({ content: contentEn })),
);
