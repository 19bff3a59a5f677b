import { commonEn } from './en/common.ts';
import { pagesEn } from './en/pages.ts';
import type { zhCN } from './zh-CN.ts';

/**
 * English UI text of the frame, fetched only for an English session; typed against the Chinese
 * file so a missing key fails the type check: each part under en/ against its Chinese part, and
 * this whole against `zhCN`. The screens' English is fetched with them (`addScreenTexts`).
 */
export const en: typeof zhCN = {
  ...commonEn,
  ...pagesEn,
};
