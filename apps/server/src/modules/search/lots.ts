/**
 * The lot search both kinds of lot share (spot stock here, surplus in modules/surplus): understand
 * the keyword, build the conditions once, page through the rows, and keep counts, totals and
 * menus in the shared store for a minute — exact counts over a million rows cost tens of
 * milliseconds, and the same filter is asked for by every page turn. What a kind adds (surplus:
 * its grade filter, menu and columns) comes in through its `LotSource`.
 */
import { createHash } from 'node:crypto';
import type { CargoItem, LotMenu, LotTotals, QueryToken, SurplusFilter } from '@steelport/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createCache } from '../../cache.ts';
import { dayString, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Invalid, TooMany } from '../../errors.ts';
import { limitRate } from '../../plugins/rate-limit.ts';
import type { KvStore } from '../../store/index.ts';
import type { Dictionary } from './dictionary.ts';
import { EXPORT_LIMIT, exportWorkbook, type SheetColumn, type Workbook } from './export.ts';
import { searchGuard } from './guard.ts';
import { type LotContext, presentMenu, presentTotals, readLotFilter, staleCutoff } from './present.ts';
import { parseKeyword } from './query.ts';
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
import { supplierCards } from './supplier-cards.ts';

/** Counts, totals and menus are served from the shared store for this long without a recount... */
export const COUNT_FRESH_MS = MINUTE_MS;
/** ...and then, while one background query refreshes them, up to this age: a busy filter never waits. */
export const COUNT_KEEP_MS = 10 * MINUTE_MS;
/**
 * ...and each process keeps what it read from the store this long, so a busy filter's page costs
 * no store round trip for its count (another instance's refresh is seen up to this much later).
 */
export const COUNT_NEAR_MS = 2 * SECOND_MS;
/** Background recounts each of a search's caches runs at once (the rest wait for a later ask). */
export const RECOUNTS_AT_ONCE = 1;
/** Deep pages are for scrapers: a person narrows the filter instead. */
export const MAX_RESULT_WINDOW = 10_000;
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
  sheet: { title: string; ownColumns?: SheetColumn[] };
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
  /** Rows, pieces, tonnage, suppliers and average price of a filter (cached, see COUNT_FRESH_MS). */
  totals(filter: LotFilter): Promise<LotTotals>;
  /** Facet menus of a filter, each facet counted without its own filter (cached likewise). */
  menu(filter: LotFilter): Promise<LotMenu>;
  /** The search as an .xlsx for a VIP, at most EXPORTS_PER_HOUR an hour per user. */
  export(input: LotFilter & LotSort, userId: number): Promise<Workbook>;
  /** How a filter is understood: also what bench/baseline-server.ts builds its bare queries on. */
  prepare(filter: LotFilter): Promise<PreparedSearch>;
  /**
   * Fills the caches a cold first burst would otherwise fill all at once (the dictionary, the
   * unfiltered count, totals and menu, the first page's supplier cards), so the first visitors
   * after a start do not queue behind a dozen identical heavy counts.
   */
  warm(): Promise<void>;
}

/** Checks the cross-field rules the schema cannot express; the message names the fields. */
export function checkRanges(filter: LotFilter): void {
  const pairs: [keyof LotFilter, keyof LotFilter][] = [
    ['thicknessMin', 'thicknessMax'],
    ['widthMin', 'widthMax'],
    ['priceMin', 'priceMax'],
  ];
  for (const [min, max] of pairs) {
    const lo = filter[min] as number | undefined;
    const hi = filter[max] as number | undefined;
    if (lo !== undefined && hi !== undefined && lo > hi)
      throw new Invalid(`参数错误：${min} 不能大于 ${max}`);
  }
}

/** The filter part of a request (no paging or sort), in a stable order, as a cache key. */
function filterKey(kind: LotKind, filter: LotFilter): string {
  const entries = Object.entries(filter)
    .filter(([k, v]) => v !== undefined && !['page', 'pageSize', 'sort', 'order'].includes(k))
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha1')
    .update(`${kind}:${JSON.stringify(entries)}`)
    .digest('hex');
}

/** How long a client the search guard stopped is checked before its page is started. */
export const STOPPED_MEMORY_MS = 30 * SECOND_MS;
const STOPPED_LIMIT = 10_000;

/**
 * Clients the guard stopped in the last STOPPED_MEMORY_MS, in this process (bounded): their
 * searches wait for the guard before touching the database, so a scraper past its limit costs at
 * most one page query per instance and period, not one per request.
 */
function recentlyStopped() {
  const at = new Map<string, number>();
  return {
    has(client: string): boolean {
      const t = at.get(client);
      if (t === undefined) return false;
      if (Date.now() - t <= STOPPED_MEMORY_MS) return true;
      at.delete(client);
      return false;
    },
    add(client: string): void {
      at.delete(client);
      at.set(client, Date.now());
      while (at.size > STOPPED_LIMIT) at.delete(at.keys().next().value as string);
    },
  };
}

/** The lot search of one kind of lot. */
export function lotSearch<Row extends LotRow, Item extends CargoItem>(
  deps: LotDeps,
  source: LotSource<Row, Item>,
): LotSearch<Item> {
  const { db, store, dictionary } = deps;
  const guard = searchGuard(store, deps.searchesPerMinute);
  const cards = supplierCards({ db });
  const { kind, table } = source;
  const sharedCache = <T>(name: string) =>
    createCache<T>({
      name,
      freshMs: COUNT_FRESH_MS,
      staleMs: COUNT_KEEP_MS,
      shared: store,
      nearMs: COUNT_NEAR_MS,
      refreshLimit: RECOUNTS_AT_ONCE,
      ...(deps.onRefreshError ? { onRefreshError: deps.onRefreshError } : {}),
    });
  const stopped = recentlyStopped();
  /** The guard's check; a client it stops is remembered (see recentlyStopped). */
  const checkClient = async (client: string) => {
    try {
      await guard.check(client);
    } catch (err) {
      if (err instanceof TooMany) stopped.add(client);
      throw err;
    }
  };
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
    return { key: filterKey(kind, filter), where: conditions(), tokens: parsed.tokens, without: conditions };
  };

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
    const offset = (input.page - 1) * input.pageSize;
    if (offset + input.pageSize > MAX_RESULT_WINDOW) {
      throw new Invalid(`参数错误：page 超出范围，最多查看前 ${MAX_RESULT_WINDOW} 条，请缩小筛选范围`);
    }
    const search = await prepare(input);
    const window: RowWindow = {
      sort: input.sort ?? 'updatedAt',
      order: input.order ?? 'desc',
      limit: input.pageSize,
      offset,
    };
    // On the pool: the count (usually cached) and the rows do not wait on each other.
    const [total, list] = await Promise.all([
      counts.get(search.key, () => countLots(db, table, search.where)),
      lotsPage(search, window, viewerId),
    ]);
    return { list, total, page: input.page, pageSize: input.pageSize, understood: search.tokens };
  };

  return {
    prepare,

    async page(client, input, viewerId) {
      // A client the guard stopped lately waits for its answer first: it costs no query.
      if (stopped.has(client)) {
        await checkClient(client);
        return pageOf(input, viewerId);
      }
      // Anyone else's page starts beside the guard's one store round trip instead of after it;
      // the guard still answers first (code 7 before any error of the page).
      const page = pageOf(input, viewerId);
      page.catch(() => {});
      await checkClient(client);
      return page;
    },

    async warm() {
      await this.totals({});
      await this.menu({});
      await pageOf({ page: 1, pageSize: 20 }, null);
    },

    async totals(filter) {
      const search = await prepare(filter);
      return totalsCache.get(search.key, async () => presentTotals(await sumLots(db, table, search.where)));
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
      return { ...menu, cachedForSeconds: COUNT_FRESH_MS / SECOND_MS };
    },

    async export(input, userId) {
      await limitRate(store, `export:${userId}`, EXPORTS_PER_HOUR, HOUR_MS, '导出过于频繁，请稍后再试');
      const search = await prepare(input);
      const window = { sort: input.sort ?? 'updatedAt', order: input.order ?? 'desc' } as const;
      return exportWorkbook({
        fileName: `${source.sheet.title}-${dayString(new Date())}.xlsx`,
        title: source.sheet.title,
        ownColumns: source.sheet.ownColumns ?? [],
        rows: (offset, limit) => lotsPage(search, { ...window, offset, limit }, userId),
        limit: EXPORT_LIMIT,
      });
    },
  };
}
