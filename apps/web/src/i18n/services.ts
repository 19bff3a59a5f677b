/**
 * The texts of the trade-service screens (/beginInspection, /beginClound, /process:
 * locales/inspection.*.ts and cloud.*.ts) under `inspection`, `cloud` and `processing`. They join
 * i18next when one of those screens loads instead of riding in every first page; the closed-service
 * notice and the upload control (`service`, `upload`) stay in the main bundle.
 */
import { i18n } from './index.ts';
import { cloudEn, processingEn } from './locales/cloud.en.ts';
import { cloudZhCN, processingZhCN } from './locales/cloud.zh-CN.ts';
import { inspectionEn } from './locales/inspection.en.ts';
import { inspectionZhCN } from './locales/inspection.zh-CN.ts';

i18n.addResourceBundle(
  'zh-CN',
  'translation',
  { inspection: inspectionZhCN, cloud: cloudZhCN, processing: processingZhCN },
  true,
  true,
);
i18n.addResourceBundle(
  'en',
  'translation',
  { inspection: inspectionEn, cloud: cloudEn, processing: processingEn },
  true,
  true,
);
