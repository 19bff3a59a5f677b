import { commonZhCN } from './zh-CN/common.ts';
import { pagesZhCN } from './zh-CN/pages.ts';

/**
 * Chinese (default) UI text of the frame, which every first page downloads: the header, menu,
 * footer, route placeholders, error pages, gate notices, the public screens' titles and the words
 * many screens share. A screen's own texts join i18next when it loads (i18n/market.ts,
 * i18n/steelIndex.ts...: `addScreenTexts`), not here. The English file must have the same shape
 * (checked by its type). Each part is a file of its own under zh-CN/ (and en/ beside it).
 */
export const zhCN = {
  ...commonZhCN,
  ...pagesZhCN,
};
