import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { adminZhCN } from './locales/admin.zh-CN.ts';
import type { adminContentZhCN } from './locales/admin-content.zh-CN.ts';
import type { adminMarketZhCN } from './locales/admin-market.zh-CN.ts';
import type { adminPriceTableZhCN } from './locales/admin-price-table.zh-CN.ts';
import type { adminServicesZhCN } from './locales/admin-services.zh-CN.ts';
import type { adminVipZhCN } from './locales/admin-vip.zh-CN.ts';
import type { adminVocabularyZhCN } from './locales/admin-vocabulary.zh-CN.ts';
import type { cloudZhCN, processingZhCN } from './locales/cloud.zh-CN.ts';
import type { inspectionZhCN } from './locales/inspection.zh-CN.ts';
import type { legalZhCN } from './locales/legal.zh-CN.ts';
import type { loginZhCN } from './locales/login.zh-CN.ts';
import type { seatsZhCN } from './locales/seats.zh-CN.ts';
import type { subscribeZhCN } from './locales/subscribe.zh-CN.ts';
import type { subscriptionZhCN } from './locales/subscription.zh-CN.ts';
import type { traderZhCN } from './locales/trader.zh-CN.ts';
import type { vipZhCN } from './locales/vip.zh-CN.ts';
import type { workspaceZhCN } from './locales/workspace.zh-CN.ts';
import { zhCN } from './locales/zh-CN.ts';

export type Language = 'zh-CN' | 'en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Texts of screens few visitors open join when their screen loads: `legal` (i18n/legal.ts),
    // `trader` and `workspace` (i18n/workspace.ts), `vip` (i18n/vip.ts), `inspection`, `cloud`
    // and `processing` (i18n/services.ts), `subscription` (i18n/subscription.ts), `seats` (i18n/seats.ts);
    // the login screens' `login`, `register`, `reset`, `qr`, `qrConfirm`, `carryOver` (i18n/login.ts).
    resources: {
      translation: typeof zhCN &
        typeof loginZhCN & {
          admin: typeof adminZhCN;
          adminContent: typeof adminContentZhCN;
          adminMarket: typeof adminMarketZhCN;
          adminPriceTable: typeof adminPriceTableZhCN;
          adminServices: typeof adminServicesZhCN;
          adminVip: typeof adminVipZhCN;
          adminVocabulary: typeof adminVocabularyZhCN;
          legal: typeof legalZhCN;
          trader: typeof traderZhCN;
          workspace: typeof workspaceZhCN;
          vip: typeof vipZhCN;
          inspection: typeof inspectionZhCN;
          cloud: typeof cloudZhCN;
          processing: typeof processingZhCN;
          subscription: typeof subscriptionZhCN;
          seats: typeof seatsZhCN;
          subscribe: typeof subscribeZhCN;
        };
    };
  }
}

/**
 * Maps the stored CURRENT_LANG (set by the login site) to a UI language. Chinese is the
 * default: anything that is not clearly English stays Chinese.
 */
export function resolveLanguage(stored: string | null | undefined): Language {
  return stored?.toLowerCase().startsWith('en') ? 'en' : 'zh-CN';
}

/**
 * The English texts, fetched only for an English session: Chinese is bundled with the app, and
 * most visitors would otherwise download both (about 9 kB gzip on every first page).
 */
export function loadEnglish(): Promise<typeof zhCN> {
  return import('./locales/en.ts').then((module) => module.en);
}

/**
 * Initialises i18next synchronously so the first render has text: Chinese always, English when
 * `english` is given (`loadEnglish`); without it an English session reads Chinese.
 */
export function initI18n(language: Language, english?: typeof zhCN): typeof i18n {
  void i18n.use(initReactI18next).init({
    resources: { 'zh-CN': { translation: zhCN }, ...(english && { en: { translation: english } }) },
    lng: language,
    fallbackLng: 'zh-CN',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return i18n;
}

export { i18n };
