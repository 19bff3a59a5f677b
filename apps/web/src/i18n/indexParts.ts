/**
 * The texts of the index parts several screens show (components/steelIndex: a day's source and the
 * 暂定 mark, ranges, gates; locales/zh-CN/indexParts.ts) under `steelIndex`. They join i18next when
 * one of those parts loads (each file that reads them imports this module): the home page's strip
 * brings these few, not the index screens' own texts.
 */
import { addScreenTexts } from './index.ts';
import { indexPartsZhCN } from './locales/zh-CN/indexParts.ts';

addScreenTexts(indexPartsZhCN, () =>
  import('./locales/en/indexParts.ts').then(({ indexPartsEn }) => indexPartsEn),
);
