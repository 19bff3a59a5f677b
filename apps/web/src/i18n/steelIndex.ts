/**
 * The texts of the index screens (/exponentMain, /crossdate: locales/zh-CN/steelIndex.ts) under
 * `steelIndex`. They join i18next when those load (each file that reads them imports this module)
 * instead of riding in every first page. The same root holds the index parts' texts
 * (i18n/indexParts.ts), the methodology's (i18n/indexMethod.ts), the articles' (i18n/indexArticles.ts) and the home strip's (i18n/home.ts).
 */
import { addScreenTexts } from './index.ts';
import { steelIndexZhCN } from './locales/zh-CN/steelIndex.ts';

addScreenTexts(steelIndexZhCN, () =>
  import('./locales/en/steelIndex.ts').then(({ steelIndexEn }) => steelIndexEn),
);
