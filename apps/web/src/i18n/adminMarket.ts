/**
 * The texts of the console's market data screens (仓库日报, 指数更正) and of the methodology's
 * list of corrections, under `adminMarket`. Only operators and readers of the methodology open
 * them, so they join i18next when one of those screens loads instead of riding in every first
 * page. The console screens' titles stay in `pages` (the layout names every screen).
 */
import { i18n } from './index.ts';
import { adminMarketEn } from './locales/admin-market.en.ts';
import { adminMarketZhCN } from './locales/admin-market.zh-CN.ts';

i18n.addResourceBundle('zh-CN', 'translation', { adminMarket: adminMarketZhCN }, true, true);
i18n.addResourceBundle('en', 'translation', { adminMarket: adminMarketEn }, true, true);
