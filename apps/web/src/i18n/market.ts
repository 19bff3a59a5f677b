/**
 * The texts of the market screens (/wareHouse, /surplus, /beginMain, /firminfo: locales/zh-CN/market.ts)
 * under `lots`, `quotes` and `firm`. They join i18next when those screens or their parts load
 * (each file that reads them imports this module) instead of riding in every first page; the
 * list separator `lots.listSeparator` stays in the main bundle (zh-CN/common.ts).
 */
import { addScreenTexts } from './index.ts';
import { marketZhCN } from './locales/zh-CN/market.ts';

addScreenTexts(marketZhCN, () => import('./locales/en/market.ts').then(({ marketEn }) => marketEn));
