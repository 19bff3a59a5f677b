/**
 * The texts of the news screens and the home page's news block (locales/news.*.ts) under `news`.
 * They join i18next when one of those loads (each file that reads them imports this module)
 * instead of riding in every first page.
 */
import { addScreenTexts } from './index.ts';
import { newsZhCN } from './locales/news.zh-CN.ts';

addScreenTexts({ news: newsZhCN }, () =>
  import('./locales/news.en.ts').then(({ newsEn }) => ({ news: newsEn })),
);
