/**
 * A screen's texts join i18next when a module that imports their namespace module loads (issue
 * 36, `addScreenTexts`), not with the frame. So that no screen, dialog or part ever shows a key
 * (or, in English, the Chinese fallback) because the module holding its texts came later, every
 * source file that names a key of a screen's bundle imports that bundle's module itself. Keys of
 * the frame's bundle (`zhCN`) are always there; a root the two share (`lots.listSeparator`,
 * `pages`) is the frame's for the keys the frame holds. And code loaded later (`import()`) renders
 * only once the texts it brought are there in the page's language: it goes through
 * `withScreenTexts` (or `page`, which does).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adminZhCN } from './locales/admin.zh-CN.ts';
import { adminContentZhCN } from './locales/admin-content.zh-CN.ts';
import { adminMarketZhCN } from './locales/admin-market.zh-CN.ts';
import { adminPriceTableZhCN } from './locales/admin-price-table.zh-CN.ts';
import { adminServicesZhCN } from './locales/admin-services.zh-CN.ts';
import { adminVipZhCN } from './locales/admin-vip.zh-CN.ts';
import { adminVocabularyZhCN } from './locales/admin-vocabulary.zh-CN.ts';
import { cloudZhCN, processingZhCN } from './locales/cloud.zh-CN.ts';
import { contentZhCN } from './locales/content.zh-CN.ts';
import { inspectionZhCN } from './locales/inspection.zh-CN.ts';
import { legalZhCN } from './locales/legal.zh-CN.ts';
import { loginZhCN } from './locales/login.zh-CN.ts';
import { newsZhCN } from './locales/news.zh-CN.ts';
import { seatsZhCN } from './locales/seats.zh-CN.ts';
import { signedInPagesZhCN } from './locales/signed-in-pages.zh-CN.ts';
import { subscribeZhCN } from './locales/subscribe.zh-CN.ts';
import { subscriptionZhCN } from './locales/subscription.zh-CN.ts';
import { traderZhCN } from './locales/trader.zh-CN.ts';
import { uploadZhCN } from './locales/upload.zh-CN.ts';
import { vipZhCN } from './locales/vip.zh-CN.ts';
import { workspaceZhCN } from './locales/workspace.zh-CN.ts';
import { accountZhCN } from './locales/zh-CN/account.ts';
import { homeZhCN } from './locales/zh-CN/home.ts';
import { indexArticlesZhCN } from './locales/zh-CN/indexArticles.ts';
import { indexMethodZhCN } from './locales/zh-CN/indexMethod.ts';
import { indexPartsZhCN } from './locales/zh-CN/indexParts.ts';
import { marketZhCN } from './locales/zh-CN/market.ts';
import { priceTableZhCN } from './locales/zh-CN/priceTable.ts';
import { steelIndexZhCN } from './locales/zh-CN/steelIndex.ts';
import { zhCN } from './locales/zh-CN.ts';

/** Each namespace module (i18n/<name>.ts) with the Chinese tree it adds. */
const BUNDLES: Record<string, object> = {
  market: marketZhCN,
  steelIndex: steelIndexZhCN,
  indexParts: indexPartsZhCN,
  indexArticles: indexArticlesZhCN,
  indexMethod: indexMethodZhCN,
  priceTable: priceTableZhCN,
  home: homeZhCN,
  content: { content: contentZhCN },
  news: { news: newsZhCN },
  account: accountZhCN,
  upload: { upload: uploadZhCN },
  signedInPages: signedInPagesZhCN,
  login: loginZhCN,
  vip: { vip: vipZhCN },
  services: { inspection: inspectionZhCN, cloud: cloudZhCN, processing: processingZhCN },
  workspace: { trader: traderZhCN, workspace: workspaceZhCN },
  legal: { legal: legalZhCN },
  subscription: { subscription: subscriptionZhCN },
  seats: { seats: seatsZhCN },
  subscribe: { subscribe: subscribeZhCN },
  admin: { admin: adminZhCN },
  adminContent: { adminContent: adminContentZhCN },
  adminMarket: { adminMarket: adminMarketZhCN },
  adminPriceTable: { adminPriceTable: adminPriceTableZhCN },
  adminServices: { adminServices: adminServicesZhCN },
  adminVip: { adminVip: adminVipZhCN },
  adminVocabulary: { adminVocabulary: adminVocabularyZhCN },
};

const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return full.endsWith(`${path.sep}i18n`) ? [] : sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The value at a dotted path, or undefined. */
function at(tree: unknown, key: string): unknown {
  let node = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * The keys a file names: whole string literals, and the fixed start of template literals of two
 * parts or more (`steelIndex.ranges.${range}`; a lone root such as `inspection.${verb}` is as
 * likely an audit action as a key).
 */
function keysIn(code: string): string[] {
  const whole = [...code.matchAll(/(['"`])([a-zA-Z]\w*(?:\.\w+)+)\1/g)].map((match) => match[2] as string);
  const starts = [...code.matchAll(/`([a-zA-Z]\w*(?:\.\w+)+)\.\$\{/g)].map((match) => match[1] as string);
  return [...whole, ...starts];
}

describe('screen texts', () => {
  it('every file that names a key of a screen bundle imports that bundle', () => {
    const missing: string[] = [];
    for (const file of sources(SRC)) {
      const code = readFileSync(file, 'utf8');
      for (const key of new Set(keysIn(code))) {
        if (at(zhCN, key) !== undefined) continue;
        const holders = Object.keys(BUNDLES).filter((name) => at(BUNDLES[name], key) !== undefined);
        if (holders.length === 0) continue;
        if (holders.some((name) => code.includes(`/i18n/${name}.ts'`))) continue;
        missing.push(`${path.relative(SRC, file)}: ${key} (i18n/${holders.join(' or i18n/')}.ts)`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every import() of code that may show words waits for its texts', () => {
    // Modules whose words are all the frame's (or, LoggedIn, the login screen's, which the screen
    // loading it brings): nothing of theirs can arrive later.
    const WORDLESS = new Set(['./EChart.tsx', './FeedbackApis.tsx', './AccessDenied.tsx', './LoggedIn.tsx']);
    const bare: string[] = [];
    for (const file of sources(SRC)) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)) {
        const before = code.slice(Math.max(0, (match.index ?? 0) - 30), match.index);
        const wrapped = /(withScreenTexts|page)\(\s*\(\) =>\s*$/.test(before) || /typeof\s*$/.test(before);
        if (wrapped || WORDLESS.has(match[1] as string)) continue;
        bare.push(`${path.relative(SRC, file)}: ${match[1]}`);
      }
    }
    expect(bare).toEqual([]);
  });
});
