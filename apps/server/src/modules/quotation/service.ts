/**
 * Today's quotations (/beginMain), the firm pages (/firminfo/{userId}) and the active-trader
 * ranking. The search follows the lot search of spot stock (modules/search/lots.ts): the keyword
 * goes through the shared parser, the conditions are built once per request, counts, totals,
 * menus and the ranking are kept a minute in the shared store, and page views count against the
 * same anti-scraping window (code 7 until a captcha is passed).
 *
 * Everything is on one quote day: the day asked for, or the newest day with quotes up to today,
 * so the table is never empty in the morning before the first trader has quoted.
 *
 * The module owns the quotations table: the trader's workspace, sheet import and ERP sync write
 * quotes through the plain exports below (`publishQuotes` and the own-quote writes of repo/own.ts).
 */
import {
  type ActivityRank,
  type FirmQuotePage,
  type FirmQuoteQuery,
  parseSpec,
  QUOTATION_LIMITS,
  type QueryToken,
  type QuotationFilter,
  type QuotationItem,
  type QuotationMenu,
  type QuotationPage,
  type QuotationSearch,
  type QuotationThreePage,
  type QuotationThreeSearch,
  type QuotationTotals,
  RANK_WEIGHTS,
  type RankQuery,
} from '@steelport/contracts';
import type { SQL } from 'drizzle-orm';
import { createCache } from '../../cache.ts';
import { dayString, isRealDay, SECOND_MS, shiftDay } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Invalid, NotFound } from '../../errors.ts';
import type { KvStore } from '../../store/index.ts';
import { say } from '../../text.ts';
import type { Dictionary } from '../search/dictionary.ts';
import { presentMenu } from '../search/present.ts';
import { parseKeyword } from '../search/query.ts';
import { countedRelaxations } from '../search/relax.ts';
import {
  CACHED_FOR_SECONDS,
  checkRanges,
  filterKey,
  pageWindow,
  productNames,
  rowsOfParts,
  searchKit,
  unlockedCompanies,
} from '../search/service.ts';
import { supplierCards } from '../search/supplier-cards.ts';
import { isoOf, presentFirm, presentQuote, presentRank, presentTotals, presentTrader } from './present.ts';
import * as firmRepo from './repo/firm.ts';
import { insertQuotations, type NewQuote } from './repo/publish.ts';
import {
  countQuotes,
  findQuoteRows,
  firmConditions,
  latestQuoteDay,
  newestQuotesOf,
  onDays,
  previousQuoteDay,
  productAverages,
  type QuoteFacet,
  type QuoteQuery,
  type QuoteRow,
  type QuoteSortKey,
  type QuoteWindow,
  quoteConditions,
  quoteFacetCounts,
  quotePriceParts,
  sumQuotes,
  traderPage,
} from './repo/quotes.ts';
import { activityRank } from './repo/rank.ts';

/** Warehouses a firm page lists. */
const FIRM_WAREHOUSES = 10;
const QUOTE_FACETS: readonly QuoteFacet[] = ['products', 'materials', 'origins', 'cities', 'warehouses'];

/**
 * Writes quotes, each with its previous price and change (repo/publish.ts), in the caller's
 * transaction: the one way another module (the trader's form and copy, sheet import, ERP sync)
 * stores quotes. Returns the new ids in order.
 */
export function publishQuotes(tx: DbOrTx, rows: NewQuote[]): Promise<number[]> {
  return insertQuotations(tx, rows);
}

/** A firm's busiest warehouses of a day, for another module's firm profile (the trader workspace). */
export { firmWarehouses } from './repo/firm.ts';

/**
 * The other writes of a trader's own quotes (repo/own.ts), plain functions on `DbOrTx` for the
 * modules that write them in their transaction: the workspace's edit, soft delete and bulk
 * reprice (modules/trader), and what an import or ERP sync replaces (trader-import/rows.ts).
 */
export {
  deleteOwnQuotesByIds,
  deleteOwnQuotesOfDay,
  deleteOwnQuotesOfItems,
  type QuoteWrite,
  repriceOwnQuotes,
  updateOwnQuote,
} from './repo/own.ts';

/** What the quotation service runs on. */
export interface QuotationDeps {
  db: Db;
  store: KvStore;
  /** the trade dictionary every search shares (app.ts creates it once) */
  dictionary: Dictionary;
  /** searches per minute and client before the captcha (config.searchesPerMinute) */
  searchesPerMinute: number;
  /** Told when a background recount fails (the caller was served the older value). */
  onRefreshError?: (err: unknown, key: string) => void;
  /** The clock, for tests; "today" is its Shanghai day. */
  now?: () => Date;
}

/** How a filter was understood: its day, the conditions once, and the cache key. */
interface PreparedQuotes {
  key: string;
  /** the quote day; null when there are no quotes at all */
  day: string | null;
  /** the conditions without the day */
  base: SQL[];
  /** the conditions on the day */
  where: SQL[];
  tokens: QueryToken[];
  /** the conditions on the day without one facet's own filter (its menu) */
  without: (facet: QuoteFacet) => SQL[];
}

/** The quotation service over the pool, the shared store and the trade dictionary. */
export function quotationService(deps: QuotationDeps) {
  const { db, dictionary } = deps;
  const now = deps.now ?? (() => new Date());
  const kit = searchKit(deps);
  const { sharedCache } = kit;
  const cards = supplierCards({ db });
  // Which day is the newest with quotes: one indexed max() per minute and process. Kept here,
  // not in the shared store, to save every request a round trip; instances may disagree for
  // up to a minute right after the first quote of a day, which nobody can tell apart.
  const quoteDays = createCache<string | null>({
    name: 'quotes:day',
    freshMs: 60 * SECOND_MS,
    maxEntries: 100,
    ...(deps.onRefreshError ? { onRefreshError: deps.onRefreshError } : {}),
  });
  const counts = sharedCache<number>('quotes:count');
  const pricedCounts = sharedCache<number>('quotes:priced');
  const traderCounts = sharedCache<number>('quotes:traders');
  const totalsCache = sharedCache<Omit<QuotationTotals, 'cachedForSeconds'>>('quotes:totals');
  const menus = sharedCache<Omit<QuotationMenu, 'cachedForSeconds'>>('quotes:menu');
  const ranks = sharedCache<Omit<ActivityRank, 'cachedForSeconds'>>('quotes:rank');
  const cachedForSeconds = CACHED_FOR_SECONDS;

  const checkDay = (day: string | undefined) => {
    if (day !== undefined && !isRealDay(day))
      throw new Invalid(say('参数错误：date 不是有效日期', 'Invalid request: date is not a valid date'));
  };

  /** The day a request lists: the one asked for, or the newest with quotes up to today. */
  const dayOf = async (asked: string | undefined): Promise<string | null> => {
    checkDay(asked);
    if (asked) return asked;
    const today = dayString(now());
    return quoteDays.get(`latest:${today}`, () => latestQuoteDay(db, today));
  };

  const prepare = async (filter: QuotationFilter): Promise<PreparedQuotes> => {
    checkRanges(filter);
    let spec: QuoteQuery['spec'];
    if (filter.spec !== undefined) {
      const parsedSpec = parseSpec(filter.spec);
      if (!parsedSpec)
        throw new Invalid(
          say(
            '参数错误：spec 不是有效规格，如 2.75*1250',
            'Invalid request: spec is not a valid size, e.g. 2.75*1250',
          ),
        );
      spec = { thickness: parsedSpec.thickness, width: parsedSpec.width, length: parsedSpec.length };
    }
    const day = await dayOf(filter.date);
    const query: QuoteQuery = {
      ...filter,
      spec,
      ...(filter.traderId !== undefined
        ? { companyId: await firmRepo.companyOfUser(db, filter.traderId) }
        : {}),
    };
    const dict = await dictionary.get();
    const parsed = parseKeyword(filter.indexSearch ?? '', dict);
    const onDay = day === null ? [] : [onDays([day])];
    const base = quoteConditions(query, parsed, dict);
    return {
      key: filterKey('quotes', { ...filter, date: day ?? '' }, parsed.tokens),
      day,
      base,
      where: [...onDay, ...base],
      tokens: parsed.tokens,
      without: (facet) => [...onDay, ...quoteConditions(query, parsed, dict, facet)],
    };
  };

  /** Rows with product names, trader cards and the viewer's unlocks. */
  const present = async (rows: QuoteRow[], viewerId: number | null): Promise<QuotationItem[]> => {
    const context = await contextOf(
      rows.map((r) => r.companyId),
      viewerId,
    );
    return rows.map((r) => presentQuote(r, context));
  };

  const contextOf = async (companyIds: number[], viewerId: number | null) => {
    const ids = [...new Set(companyIds)];
    // On the pool, not a transaction: the three reads run side by side.
    const [traders, dict, unlocked] = await Promise.all([
      cards.of(ids),
      dictionary.get(),
      unlockedCompanies(db, viewerId, ids),
    ]);
    return { productNames: dict.productNames, traders, unlocked, viewerId };
  };

  /**
   * Quotes in display order. A price order (either direction) lists priced quotes, then 电议
   * (price 0, newest first): two index-friendly queries, the second only once the first runs out
   * (search/repo/order.ts, the order every search shares).
   */
  const rowsOf = (where: SQL[], key: string, window: QuoteWindow): Promise<QuoteRow[]> => {
    if (window.sort !== 'price') return findQuoteRows(db, where, window);
    return rowsOfParts(
      quotePriceParts(where, window.order),
      window,
      (part, w) => findQuoteRows(db, part, w),
      (_name, part) => pricedCounts.get(key, () => countQuotes(db, part)),
    );
  };

  /** One firm's quotes of one day, priced or 电议, with its profile. */
  const firmPage = async (
    userId: number,
    input: FirmQuoteQuery,
    viewerId: number | null,
    price: 'priced' | 'callForPrice',
  ): Promise<FirmQuotePage> => {
    checkDay(input.date);
    const window = pageWindow<QuoteSortKey>(input, 'time');
    const firm = await firmRepo.firmOfUser(db, userId);
    if (!firm) throw new NotFound(say('贸易商不存在', 'Trader not found'));
    const lastQuoteDate = await latestQuoteDay(db, dayString(now()), firm.companyId);
    const day = input.date ?? lastQuoteDate;
    const conditions = day === null ? null : [onDays([day]), ...firmConditions(firm.companyId, price)];
    // On the pool: the rows, their count, the counts and warehouses of the firm side by side.
    const [rows, total, counts, warehouses, unlocked] = await Promise.all([
      conditions ? rowsOf(conditions, `firm:${firm.companyId}:${day}:${price}`, window) : [],
      conditions ? countQuotes(db, conditions) : 0,
      firmRepo.firmCounts(db, firm.companyId, day),
      firmRepo.firmWarehouses(db, firm.companyId, day, FIRM_WAREHOUSES),
      unlockedCompanies(db, viewerId, [firm.companyId]),
    ]);
    return {
      list: await present(rows, viewerId),
      total,
      page: input.page,
      pageSize: input.pageSize,
      date: day,
      firm: presentFirm(
        firm,
        { counts, warehouses, lastQuoteDate },
        { viewerId, unlocked: unlocked.has(firm.companyId) },
      ),
    };
  };

  /** The number of quotes of a prepared search on its day (cached a minute). */
  const countOf = (search: PreparedQuotes) => counts.get(search.key, () => countQuotes(db, search.where));

  /** The wider searches of an empty search on its day that would find quotes, with their counts. */
  const relaxationsOf = (filter: QuotationFilter, tokens: QueryToken[]) =>
    countedRelaxations(filter, 'indexSearch', tokens, async (wider) => countOf(await prepare(wider)));

  /** A page of quotes with its total, without the anti-scraping count. */
  const quotePage = async (input: QuotationSearch, viewerId: number | null): Promise<QuotationPage> => {
    const window = pageWindow<QuoteSortKey>(input, 'time');
    const search = await prepare(input);
    const empty = { list: [], total: 0, page: input.page, pageSize: input.pageSize };
    if (search.day === null) return { ...empty, date: null, understood: search.tokens };
    // On the pool: the count (usually cached) and the rows do not wait on each other.
    const [total, rows] = await Promise.all([countOf(search), rowsOf(search.where, search.key, window)]);
    // Nothing found: the wider searches of the same day that would find quotes.
    const relaxations =
      total === 0 && input.page === 1
        ? await relaxationsOf({ ...input, date: search.day }, search.tokens)
        : [];
    return {
      list: await present(rows, viewerId),
      total,
      page: input.page,
      pageSize: input.pageSize,
      date: search.day,
      understood: search.tokens,
      ...(relaxations.length > 0 ? { relaxations } : {}),
    };
  };

  /** Traders with their newest quotes, without the anti-scraping count. */
  const threePage = async (
    input: QuotationThreeSearch,
    viewerId: number | null,
  ): Promise<QuotationThreePage> => {
    const window = pageWindow<QuoteSortKey>({ page: input.page, pageSize: input.pageSize }, 'time');
    const search = await prepare(input);
    const base = {
      page: input.page,
      pageSize: input.pageSize,
      date: search.day,
      understood: search.tokens,
    };
    if (search.day === null) return { ...base, list: [], total: 0 };
    if (input.page === 1 && (await countOf(search)) === 0) {
      const relaxations = await relaxationsOf({ ...input, date: search.day }, search.tokens);
      return { ...base, list: [], total: 0, ...(relaxations.length > 0 ? { relaxations } : {}) };
    }
    const [total, traders] = await Promise.all([
      traderCounts.get(search.key, async () => (await sumQuotes(db, search.where)).traders),
      traderPage(db, search.where, window),
    ]);
    const companyIds = traders.map((t) => t.companyId);
    const rows = await newestQuotesOf(db, search.where, companyIds, QUOTATION_LIMITS.quotesPerTrader);
    const context = await contextOf(companyIds, viewerId);
    return {
      ...base,
      total,
      list: traders.map((t) => ({
        trader: presentTrader(t.companyId, context),
        quotes: rows.filter((r) => r.companyId === t.companyId).map((r) => presentQuote(r, context)),
        count: t.count,
        latest: isoOf(t.latest),
      })),
    };
  };

  return {
    prepare,

    /** Counts one search of `client` (anti-scraping), then a page of quotes with its total. */
    page(client: string, input: QuotationSearch, viewerId: number | null): Promise<QuotationPage> {
      return kit.guarded(client, () => quotePage(input, viewerId));
    },

    /** Per trader its newest quotes (at most three), traders paged, the latest quoting first. */
    three(client: string, input: QuotationThreeSearch, viewerId: number | null): Promise<QuotationThreePage> {
      return kit.guarded(client, () => threePage(input, viewerId));
    },

    /** Rows, traders, tonnage and per product the mean price and its change (cached a minute). */
    async totals(filter: QuotationFilter): Promise<QuotationTotals> {
      const search = await prepare(filter);
      const totals = await totalsCache.get(search.key, async () => {
        if (search.day === null) {
          return presentTotals(
            { rows: 0, priced: 0, traders: 0, weightKg: 0 },
            [],
            {
              date: null,
              previousDate: null,
            },
            new Map(),
          );
        }
        const day = search.day;
        const previousDate = await quoteDays.get(`before:${day}`, () => previousQuoteDay(db, day));
        const days = previousDate === null ? [day] : [day, previousDate];
        const [sums, averages, dict] = await Promise.all([
          sumQuotes(db, search.where),
          productAverages(db, [onDays(days), ...search.base]),
          dictionary.get(),
        ]);
        return presentTotals(sums, averages, { date: day, previousDate }, dict.productNames);
      });
      return { ...totals, cachedForSeconds };
    },

    /** Facet menus of a filter, each facet counted without its own filter (cached a minute). */
    async menu(filter: QuotationFilter): Promise<QuotationMenu> {
      const search = await prepare(filter);
      const active = new Set(QUOTE_FACETS.filter((f) => (filter[f]?.length ?? 0) > 0));
      const menu = await menus.get(search.key, async () => {
        const names = await productNames(db);
        const facets =
          search.day === null
            ? { products: [], materials: [], origins: [], cities: [], warehouses: [] }
            : await quoteFacetCounts(db, active, search.without);
        const { products, materials, origins, cities, warehouses } = presentMenu(facets, names);
        return { date: search.day, products, materials, origins, cities, warehouses };
      });
      return { ...menu, cachedForSeconds };
    },

    /** A trader's priced quotes of a day (its latest by default) with its firm profile. */
    firmQuotes(client: string, userId: number, input: FirmQuoteQuery, viewerId: number | null) {
      return kit.guarded(client, () => firmPage(userId, input, viewerId, 'priced'));
    },

    /** The same trader's 电议 quotes (price 0, call for price) with its firm profile. */
    firmCallForPrice(client: string, userId: number, input: FirmQuoteQuery, viewerId: number | null) {
      return kit.guarded(client, () => firmPage(userId, input, viewerId, 'callForPrice'));
    },

    /** The most active traders of the last `days` days, today included (cached a minute). */
    async rank(query: RankQuery): Promise<ActivityRank> {
      const to = dayString(now());
      const from = shiftDay(to, -(query.days - 1));
      const rank = await ranks.get(`${from}:${to}:${query.limit}`, async () =>
        presentRank(await activityRank(db, { from, to }, RANK_WEIGHTS, query.limit), {
          days: query.days,
          from,
          to,
        }),
      );
      return { ...rank, cachedForSeconds };
    },

    /** Fills the caches a cold first burst would otherwise fill all at once. */
    async warm(): Promise<void> {
      await this.totals({});
      await this.menu({});
      await this.rank({ days: 7, limit: 10 });
    },
  };
}

/** What `quotationService` gives. */
export type QuotationService = ReturnType<typeof quotationService>;
