import { contentEn } from './content.en.ts';
import { accountEn } from './en/account.ts';
import { commonEn } from './en/common.ts';
import { marketEn } from './en/market.ts';
import { pagesEn } from './en/pages.ts';
import { priceTableEn } from './en/priceTable.ts';
import { steelIndexEn } from './en/steelIndex.ts';
import { newsEn } from './news.en.ts';
import { serviceEn, uploadEn } from './upload.en.ts';
import type { zhCN } from './zh-CN.ts';

/**
 * English UI text; typed against the Chinese file so a missing key fails the type check: each
 * part under en/ against its Chinese part, and this whole against `zhCN`.
 */
export const en: typeof zhCN = {
  ...commonEn,
  ...accountEn,
  ...pagesEn,
  ...marketEn,
  ...steelIndexEn,
  ...priceTableEn,
  content: contentEn,
  news: newsEn,
  upload: uploadEn,
  service: serviceEn,
};
