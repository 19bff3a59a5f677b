/**
 * The texts of the console's market data screens (仓库日报, 指数更正) and of the methodology's
 * list of corrections, under `adminMarket`. Only operators and readers of the methodology open
 * them, so they join i18next when one of those screens loads instead of riding in every first
 * page. The console screens' titles stay in `pages` (the layout names every screen).
 */
import { addScreenTexts } from './index.ts';
import { adminMarketZhCN } from './locales/admin-market.zh-CN.ts';

addScreenTexts({ adminMarket: adminMarketZhCN }, () =>
  import('./locales/admin-market.en.ts').then(({ adminMarketEn }) => ({ adminMarket: adminMarketEn })),
);
