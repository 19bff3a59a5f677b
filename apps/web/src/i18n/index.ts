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
import type { contentZhCN } from './locales/content.zh-CN.ts';
import type { inspectionZhCN } from './locales/inspection.zh-CN.ts';
import type { legalZhCN } from './locales/legal.zh-CN.ts';
import type { loginZhCN } from './locales/login.zh-CN.ts';
import type { newsZhCN } from './locales/news.zh-CN.ts';
import type { seatsZhCN } from './locales/seats.zh-CN.ts';
import type { signedInPagesZhCN } from './locales/signed-in-pages.zh-CN.ts';
import type { subscribeZhCN } from './locales/subscribe.zh-CN.ts';
import type { subscriptionZhCN } from './locales/subscription.zh-CN.ts';
import type { traderZhCN } from './locales/trader.zh-CN.ts';
import type { uploadZhCN } from './locales/upload.zh-CN.ts';
import type { vipZhCN } from './locales/vip.zh-CN.ts';
import type { workspaceZhCN } from './locales/workspace.zh-CN.ts';
import type { accountZhCN } from './locales/zh-CN/account.ts';
import type { homeZhCN } from './locales/zh-CN/home.ts';
import type { indexArticlesZhCN } from './locales/zh-CN/indexArticles.ts';
import type { indexMethodZhCN } from './locales/zh-CN/indexMethod.ts';
import type { indexPartsZhCN } from './locales/zh-CN/indexParts.ts';
import type { marketZhCN } from './locales/zh-CN/market.ts';
import type { priceTableZhCN } from './locales/zh-CN/priceTable.ts';
import type { steelIndexZhCN } from './locales/zh-CN/steelIndex.ts';
import { zhCN } from './locales/zh-CN.ts';

export type Language = 'zh-CN' | 'en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // One tree, every key type-checked: the frame's texts (`zhCN`, in every first page) and the
    // screens' texts that join when their screen loads (`addScreenTexts`): the market screens'
    // `lots`, `quotes`, `firm` (i18n/market.ts), `steelIndex` (i18n/steelIndex.ts; its parts'
    // i18n/indexParts.ts, its articles' i18n/indexArticles.ts, its
    // methodology's i18n/indexMethod.ts), `priceTable`
    // (i18n/priceTable.ts), the home page's `home` and `steelIndex.strip` (i18n/home.ts), `content`
    // (i18n/content.ts), `news` (i18n/news.ts), `account` (i18n/account.ts), `upload`
    // (i18n/upload.ts), the signed-in screens' `pages` (i18n/signedInPages.ts), `legal`
    // (i18n/legal.ts), `trader` and `workspace` (i18n/workspace.ts), `vip` (i18n/vip.ts),
    // `inspection`, `cloud` and `processing` (i18n/services.ts), `subscription`
    // (i18n/subscription.ts), `seats` (i18n/seats.ts), `subscribe` (i18n/subscribe.ts), the
    // console's `admin*` (i18n/admin*.ts); the login screens' `login`, `register`, `reset`, `qr`,
    // `qrConfirm`, `carryOver`, `captcha` (i18n/login.ts). A root the frame shares with a screen
    // (`lots.listSeparator`, `quotes.callForPrice`, `priceTable.menu`, `pages`) is the two parts' intersection.
    resources: {
      translation: typeof zhCN &
        typeof loginZhCN &
        typeof marketZhCN &
        typeof steelIndexZhCN &
        typeof indexPartsZhCN &
        typeof indexArticlesZhCN &
        typeof indexMethodZhCN &
        typeof priceTableZhCN &
        typeof homeZhCN &
        typeof accountZhCN &
        typeof signedInPagesZhCN & {
          content: typeof contentZhCN;
          news: typeof newsZhCN;
          upload: typeof uploadZhCN;
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
 * The frame's English texts, fetched only for an English session: Chinese is bundled with the app,
 * and most visitors would otherwise download both. The screens' English is fetched with them
 * (`addScreenTexts`).
 */
export function loadEnglish(): Promise<typeof zhCN> {
  return import('./locales/en.ts').then((module) => module.en);
}

/** Texts that joined after the start: their Chinese, and their English once fetched. */
interface ScreenTexts {
  zh: object;
  loadEnglish: () => Promise<object>;
  english?: Promise<void>;
}

/** Every screen's texts that have joined so far (`addScreenTexts`), in the order they came. */
const screenTexts: ScreenTexts[] = [];
/** Whether this page has asked for English (`loadScreenEnglish`): a screen loading later fetches its own. */
let englishWanted = false;

/** Fetches a screen's English once and adds it. */
function englishOf(texts: ScreenTexts): Promise<void> {
  texts.english ??= texts.loadEnglish().then(
    (english) => {
      i18n.addResourceBundle('en', 'translation', english, true, true);
    },
    (error: unknown) => {
      // A fetch that failed (a lost connection) is tried again by the next one who asks.
      texts.english = undefined;
      throw error;
    },
  );
  return texts.english;
}

/**
 * A screen's texts join i18next (issue 36): its Chinese at once, its English fetched only when
 * the page speaks English. A namespace module (i18n/vip.ts...) calls it as it loads; every place
 * that loads screens' code later (`withScreenTexts`: the route's lazy screens, the signed-in
 * areas' tables, dialogs fetched on demand) waits for their English before anything renders, so
 * an English visitor never sees the Chinese fallback or a key. `loadScreenEnglish` fetches the
 * English of every screen that joined before a switch to English. `loadEnglish` gives the same
 * shape as `zh` (the types check it).
 */
export function addScreenTexts<T extends object>(zh: T, loadEnglish: () => Promise<T>): void {
  const texts: ScreenTexts = { zh, loadEnglish };
  screenTexts.push(texts);
  if (i18n.isInitialized) i18n.addResourceBundle('zh-CN', 'translation', zh, true, true);
  if (englishWanted) void englishOf(texts).catch(() => undefined);
}

/**
 * Fetches the English of every screen whose texts have joined, and makes those that join later
 * fetch theirs as they load (i18n/language.ts, before the page turns English; the build's
 * prerender).
 */
export function loadScreenEnglish(): Promise<void> {
  englishWanted = true;
  return screenTextsReady();
}

/**
 * Resolves once every screen's texts that have joined are there in the page's languages: at once
 * in a Chinese page, after their English in a page that has asked for English (one that failed to
 * arrive is asked again).
 */
export function screenTextsReady(): Promise<void> {
  return englishWanted ? Promise.all(screenTexts.map(englishOf)).then(() => undefined) : Promise.resolve();
}

/**
 * `load` (a dynamic import of screens' code) that resolves only once the texts it brought are
 * there (`screenTextsReady`): their namespace modules ran as it loaded and started fetching their
 * English, and nothing of it renders before that has arrived. Every `import()` of code that may
 * show words goes through it (`routes/lazyPage.tsx#page` for screens).
 */
export function withScreenTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => load().then((module) => screenTextsReady().then(() => module));
}

/**
 * Initialises i18next synchronously so the first render has text: Chinese always, English when
 * `english` is given (`loadEnglish`); without it an English session reads Chinese. The screens'
 * texts that joined before (or in a test, before an earlier initialisation) join again.
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
  for (const texts of screenTexts) {
    i18n.addResourceBundle('zh-CN', 'translation', texts.zh, true, true);
    texts.english = undefined;
  }
  if (englishWanted) void loadScreenEnglish();
  return i18n;
}

export { i18n };
