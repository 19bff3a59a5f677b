/**
 * 《用户服务协议》 and 《隐私政策》 (locales/legal.*.ts) under the `legal` key. Only /agreement
 * and /privacy show them, so they join i18next when one of those screens loads (LegalDocument
 * imports this module) instead of riding in every first page (about 4 kB gzip of Chinese text).
 */
import { addScreenTexts } from './index.ts';
import { legalZhCN } from './locales/legal.zh-CN.ts';

addScreenTexts({ legal: legalZhCN }, () =>
  import('./locales/legal.en.ts').then(({ legalEn }) => ({ legal: legalEn })),
);
