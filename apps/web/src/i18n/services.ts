/**
 * The texts of the trade-service screens (/beginInspection, /beginClound, /process:
 * locales/inspection.*.ts and cloud.*.ts) under `inspection`, `cloud` and `processing`. They join
 * i18next when one of those screens loads instead of riding in every first page; the closed-service
 * notice and the upload control (`service`, `upload`) stay in the main bundle.
 */
import { addScreenTexts } from './index.ts';
import { cloudZhCN, processingZhCN } from './locales/cloud.zh-CN.ts';
import { inspectionZhCN } from './locales/inspection.zh-CN.ts';

addScreenTexts({ inspection: inspectionZhCN, cloud: cloudZhCN, processing: processingZhCN }, () =>
  Promise.all([import('./locales/inspection.en.ts'), import('./locales/cloud.en.ts')]).then(
    ([{ inspectionEn }, { cloudEn, processingEn }]) => ({
      inspection: inspectionEn,
      cloud: cloudEn,
      processing: processingEn,
    }),
  ),
);
