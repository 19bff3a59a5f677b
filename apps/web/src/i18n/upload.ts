/**
 * The upload control's texts (locales/upload.*.ts) under `upload`. They join i18next when the
 * control loads (components/upload/Upload.tsx imports this module) instead of riding in every
 * first page.
 */
import { addScreenTexts } from './index.ts';
import { uploadZhCN } from './locales/upload.zh-CN.ts';

addScreenTexts({ upload: uploadZhCN }, () =>
  import('./locales/upload.en.ts').then(({ uploadEn }) => ({ upload: uploadEn })),
);
