import type { CargoItem, Lang, LotMenu, LotTotals, QueryToken, SurplusFilter } from '@steelport/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dayString, HOUR_MS } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { limitRate } from '../../plugins/rate-limit.ts';
import type { KvStore } from '../../store/index.ts';
import { type LocalText, say, textIn } from '../../text.ts';
import type { Dictionary } from './dictionary.ts';
import { EXPORT_LIMIT, exportWorkbook, type SheetColumn, type Workbook } from './export.ts';
import { type LotContext, presentMenu, presentTotals, readLotFilter, staleCutoff } from './present.ts';
import { parseKeyword } from './query.ts';
import { countedRelaxations } from './relax.ts';
import { facetCounts, productNames } from './repo/facets.ts';
import {
  countLots,
  type Facet,
  type LotKind,
  type LotQuery,
  type LotRow,
  type LotTable,
  lotConditions,
  type RowWindow,
  rowsInOrder,
  type SortKey,
  type SortOrder,
  sumLots,
} from './repo/lots.ts';
import { unlockedCompanies } from './repo/suppliers.ts';
import { CACHED_FOR_SECONDS, checkRanges, filterKey, pageWindow, searchKit } from './service.ts';
import { supplierCards } from './supplier-cards.ts';

/** Exports a VIP may start per hour. */
export const EXPORTS_PER_HOUR = 20;

/** The filter of either search (cargo's is surplus's without grades). */
export type LotFilter = SurplusFilter;
export interface LotSort {
  sort?: SortKey;
  order?: SortOrder;
}
export interface PageRequest extends LotSort {
  page: number;
  pageSize: number;
}

/** A kind of lot: its table and what it adds to the shared search. */
export interface LotSource<Row extends LotRow, Item extends CargoItem> {
  kind: LotKind;
  table: LotTable;
  /** WHERE conditions on the kind's own filters (surplus: grades), leaving out `skip`'s. */
  ownConditions?: (filter: LotQuery, skip?: Facet) => SQL[];
  /** One page of rows in the window's order. */
  findRows: (db: DbOrTx, where: SQL[], window: RowWindow) => Promise<Row[]>;
  /** Menus of the kind's own facets, each counted without its own filter. */
  ownMenus?: (db: DbOrTx, without: (facet: Facet) => SQL[]) => Promise<Partial<LotMenu>>;
  present: (row: Row, context: LotContext) => Item;
  /** The export: sheet (and file) name and the kind's own columns after the shared ones. */
  sheet: { title: LocalText; ownColumns?: SheetColumn[] };
}

/** The options of a module on the lot search (cargo, surplus), as app.ts registers them. */
export interface LotModuleOptions {
  /** The trade dictionary every search shares (app.ts creates it once). */
  dictionary: Dictionary;
}

/** A search module's service deps, from the app and the options app.ts registers it with. */
export function searchDeps(app: FastifyInstance, opts: LotModuleOptions): LotDeps {
  return {
    db: app.db,
    store: app.store,
    dictionary: opts.dictionary,
    searchesPerMinute: app.config.searchesPerMinute,
    onRefreshError: (err, key) => app.log.warn({ err, key }, 'background recount failed'),
  };
}

/** Runs a search's `warm()` before the app listens, when config.warmUp (see LotSearch.warm). */
export function warmBeforeListening(app: FastifyInstance, label: string, warm: () => Promise<void>): void {
  if (!app.config.warmUp) return;
  app.addHook('onReady', async () => {
    const started = performance.now();
    await warm();
    app.log.info({ ms: Math.round(performance.now() - started) }, `${label} caches warmed`);
  });
}

/** What a lot search runs on. */
export interface LotDeps {
  db: Db;
  store: KvStore;
  dictionary: Dictionary;
  /** searches per minute and client before the captcha (config.searchesPerMinute) */
  searchesPerMinute: number;
  /** Told when a background recount fails (the caller was served the older value). */
  onRefreshError?: (err: unknown, key: string) => void;
}

/** How a filter was understood: the conditions, once, and the cache key of the filter. */
export interface PreparedSearch {
  key: string;
  where: SQL[];
  tokens: QueryToken[];
  without: (facet: Facet) => SQL[];
}

/** The searches of one kind of lot, as its routes call them. */
export interface LotSearch<Item extends CargoItem> {
  /**
   * Counts one search of `client` (anti-scraping) and answers a page with the total; the page's
   * queries run beside the check, unless the guard stopped this client lately.
   */
  page(
    client: string,
    input: LotFilter & PageRequest,
    viewerId: number | null,
  ): Promise<{ list: Item[]; total: number; page: number; pageSize: number; understood: QueryToken[] }>;
  /** Rows, pieces, tonnage, suppliers and per product the average price of a filter (cached, see COUNT_FRESH_MS). */
  totals(filter: LotFilter): Promise<LotTotals>;
  /** Facet menus of a filter, each facet counted without its own filter (cached likewise). */
  menu(filter: LotFilter): Promise<LotMenu>;
  /** The search as an .xlsx for a VIP, at most EXPORTS_PER_HOUR an hour per user. */
  /** The export with headers in `lang` (the user's: `plugins/lang.ts#userLang`). */
  export(input: LotFilter & LotSort, userId: number, lang: Lang): Promise<Workbook>;
  /** How a filter is understood: also what bench/baseline-server.ts builds its bare queries on. */
  prepare(filter: LotFilter): Promise<PreparedSearch>;
  /**
   * Fills the caches a cold first burst would otherwise fill all at once (the dictionary, the
   * unfiltered count, totals and menu, the first page's supplier cards), so the first visitors
   * after a start do not queue behind a dozen identical heavy counts.
   */
  warm(): Promise<void>;
}

/** The lot search of one kind of lot. */
export function lotSearch<Row extends LotRow, Item extends CargoItem>(
  deps: LotDeps,
  source: LotSource<Row, Item>,
): LotSearch<Item> {
  const { db, store, dictionary } = deps;
  const kit = searchKit(deps);
  const cards = supplierCards({ db });
  const { kind, table } = source;
  const { sharedCache } = kit;
  const counts = sharedCache<number>('lots:count');
  const tierCounts = sharedCache<number>('lots:tier');
  const totalsCache = sharedCache<LotTotals>('lots:totals');
  const menus = sharedCache<Omit<LotMenu, 'cachedForSeconds'>>('lots:menu');

  const prepare = async (filter: LotFilter): Promise<PreparedSearch> => {
    checkRanges(filter);
    const query = readLotFilter(filter);
    const dict = await dictionary.get();
    const parsed = parseKeyword(filter.keyword ?? '', dict);
    const conditions = (skip?: Facet) => [
      ...lotConditions(table, query, parsed, dict, skip),
      ...(source.ownConditions?.(query, skip) ?? []),
    ];
    return {
      key: filterKey(kind, filter, parsed.tokens),
      where: conditions(),
      tokens: parsed.tokens,
      without: conditions,
    };
  };

  /** The number of lots of a prepared search (cached, see COUNT_FRESH_MS). */
  const countOf = (search: PreparedSearch) =>
    counts.get(search.key, () => countLots(db, table, search.where));

  /** Rows with product names, supplier cards and the viewer's unlocks. */
  const present = async (rows: Row[], viewerId: number | null): Promise<Item[]> => {
    const companyIds = [...new Set(rows.map((r) => r.companyId))];
    // On the pool, not a transaction: the three reads run side by side, as a page waits on them.
    const [suppliers, dict, unlocked] = await Promise.all([
      cards.of(companyIds),
      dictionary.get(),
      unlockedCompanies(db, viewerId, companyIds),
    ]);
    const context = { productNames: dict.productNames, suppliers, unlocked, viewerId, now: new Date() };
    return rows.map((r) => source.present(r, context));
  };

  /** Lots in display order (repo rowsInOrder), presented. */
  const lotsPage = async (search: PreparedSearch, window: RowWindow, viewerId: number | null) => {
    const staleBefore = staleCutoff(Date.now());
    const rows = await rowsInOrder(
      table,
      search.where,
      window,
      (where, w) => source.findRows(db, where, w),
      (tier, where) =>
        tierCounts.get(`${search.key}|${tier}|${staleBefore.getTime()}`, () => countLots(db, table, where)),
      staleBefore,
    );
    return present(rows, viewerId);
  };

  /** A page with its total, without the anti-scraping count (page() counts; warm() does not). */
  const pageOf = async (input: LotFilter & PageRequest, viewerId: number | null) => {
    const window: RowWindow = pageWindow<SortKey>(input, 'updatedAt');
    const search = await prepare(input);
    // On the pool: the count (usually cached) and the rows do not wait on each other.
    const [total, list] = await Promise.all([countOf(search), lotsPage(search, window, viewerId)]);
    // Nothing found: the wider searches that would find rows (any width, thickness ±0.25, any mill).
    const relaxations =
      total === 0 && input.page === 1
        ? await countedRelaxations(input, 'keyword', search.tokens, async (wider) =>
            countOf(await prepare(wider)),
          )
        : [];
    return {
      list,
      total,
      page: input.page,
      pageSize: input.pageSize,
      understood: search.tokens,
      ...(relaxations.length > 0 ? { relaxations } : {}),
    };
  };

  return {
    prepare,

    page(client, input, viewerId) {
      return kit.guarded(client, () => pageOf(input, viewerId));
    },

    async warm() {
      await this.totals({});
      await this.menu({});
      await pageOf({ page: 1, pageSize: 20 }, null);
    },

    async totals(filter) {
      const search = await prepare(filter);
      return totalsCache.get(search.key, async () => {
        const sums = await sumLots(db, table, search.where);
        return presentTotals(sums, (await dictionary.get()).productNames);
      });
    },

    async menu(filter) {
      const search = await prepare(filter);
      const active = new Set<Facet>(
        (['products', 'materials', 'origins', 'cities', 'warehouses', 'grades'] as const).filter(
          (f) => (filter[f]?.length ?? 0) > 0,
        ),
      );
      const menu = await menus.get(search.key, async () => {
        const names = await productNames(db);
        const lotMenu = presentMenu(await facetCounts(db, table, active, search.without), names);
        return { ...lotMenu, ...(await source.ownMenus?.(db, search.without)) };
      });
      return { ...menu, cachedForSeconds: CACHED_FOR_SECONDS };
    },

    async export(input, userId, lang) {
      await limitRate(
        store,
        `export:${userId}`,
        EXPORTS_PER_HOUR,
        HOUR_MS,
        say('导出过于频繁，请稍后再试', 'Too many exports; please try again later'),
      );
      const search = await prepare(input);
      const window = { sort: input.sort ?? 'updatedAt', order: input.order ?? 'desc' } as const;
      const title = textIn(source.sheet.title, lang);
      return exportWorkbook({
        lang,
        fileName: `${title}-${dayString(new Date())}.xlsx`,
        title,
        ownColumns: source.sheet.ownColumns ?? [],
        rows: (offset, limit) => lotsPage(search, { ...window, offset, limit }, userId),
        limit: EXPORT_LIMIT,
      });
    },
  };
}
