/**
 * The methodology's texts (指数说明: locales/zh-CN/indexMethod.ts) under `steelIndex.method`. They
 * join i18next with the methodology (pages/steelIndex/components/Methodology.tsx), which loads
 * when its tab opens, so the dashboard's first load does not carry the rules' long words.
 */
import { addScreenTexts } from './index.ts';
import { indexMethodZhCN } from './locales/zh-CN/indexMethod.ts';

addScreenTexts(indexMethodZhCN, () =>
  import('./locales/en/indexMethod.ts').then(({ indexMethodEn }) => indexMethodEn),
);
