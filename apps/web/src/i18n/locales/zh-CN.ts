import { contentZhCN } from './content.zh-CN.ts';
import { newsZhCN } from './news.zh-CN.ts';
import { serviceZhCN, uploadZhCN } from './upload.zh-CN.ts';
import { accountZhCN } from './zh-CN/account.ts';
import { commonZhCN } from './zh-CN/common.ts';
import { marketZhCN } from './zh-CN/market.ts';
import { pagesZhCN } from './zh-CN/pages.ts';
import { priceTableZhCN } from './zh-CN/priceTable.ts';
import { steelIndexZhCN } from './zh-CN/steelIndex.ts';

/**
 * Chinese (default) UI text. The English file must have the same shape (checked by its type).
 * Each area is a file of its own under zh-CN/ (and en/ beside it), assembled here.
 */
export const zhCN = {
  ...commonZhCN,
  ...accountZhCN,
  ...pagesZhCN,
  ...marketZhCN,
  ...steelIndexZhCN,
  ...priceTableZhCN,
  content: contentZhCN,
  news: newsZhCN,
  /** the upload control and closed services (upload.zh-CN.ts); the VIP, inspection, cloud
   * and processing screens' texts load with them (i18n/vip.ts, i18n/services.ts) */
  upload: uploadZhCN,
  service: serviceZhCN,
};
