/**
 * The texts of the index articles (/morepage: locales/zh-CN/indexArticles.ts) under
 * `steelIndex.articles`. They join i18next when those screens load (each file that reads them
 * imports this module) instead of riding in every first page.
 */
import { addScreenTexts } from './index.ts';
import { indexArticlesZhCN } from './locales/zh-CN/indexArticles.ts';

addScreenTexts(indexArticlesZhCN, () =>
  import('./locales/en/indexArticles.ts').then(({ indexArticlesEn }) => indexArticlesEn),
);
