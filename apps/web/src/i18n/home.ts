/**
 * The home page's own texts (banners, services, notice, VIP benefits, product map, the index strip:
 * locales/zh-CN/home.ts) under `home` and `steelIndex.strip`. They join i18next when the home page
 * loads (each file that reads them imports this module) instead of riding in every first page.
 */
import { addScreenTexts } from './index.ts';
import { homeZhCN } from './locales/zh-CN/home.ts';

addScreenTexts(homeZhCN, () => import('./locales/en/home.ts').then(({ homeEn }) => homeEn));
