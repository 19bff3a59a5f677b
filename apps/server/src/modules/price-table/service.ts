/**
 * The daily price tables (价格行情, issue 34; contracts price-table.ts, docs/api.md#price-tables).
 *
 * A table is one product on one day: rows are the representative items (the
 * PRICE_TABLE_LIMITS.rowsMax items with the most priced quotes over the frequencyDays days up to
 * the day, under the filter, plus pinned items, minus hidden ones: table.ts#chooseRows), columns
 * the cities, a cell the median of the day's priced quotes of the item in the city with its
 * change against the product's previous trading day. Two grouped queries build it (repo.ts).
 *
 * Caching: a table is kept in the shared store (Redis, the database or memory: what every
 * instance sees) under its product, day, filter and the day's *stamp* (repo.ts#dayStamp): a
 * checksum of the day's quotes and of the operators' item states, read per request in one
 * indexed pass. Any write of a quote of that day (insert, edit, reprice, delete, by any writer,
 * on any instance) and any pin or hide changes the stamp, so the next request computes the new
 * table: nothing in the quotation module has to tell us. What the stamp does not cover (a deleted
 * quote of an earlier day: the previous day's medians, the frequency window) is recomputed when
 * the entry goes stale after TABLE_FRESH_MS.
 */
import {
  type Lang,
  PRICE_TABLE_LIMITS,
  type PriceHistory,
  type PriceHistoryQuery,
  type PriceQuotes,
  type PriceQuotesQuery,
  type PriceSummary,
  type PriceSummaryQuery,
  type PriceTable,
  type PriceTableQuery,
} from '@steelport/contracts';
import { createCache } from '../../cache.ts';
import { DAY_MS, dayString, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../dates.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError, Invalid } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { limitRate } from '../../plugins/rate-limit.ts';
import type { KvStore } from '../../store/index.ts';
import { say } from '../../text.ts';
import { checkDays, resolveRange } from '../steel-index/history.ts';
import { historyWorkbook, tableWorkbook, type Xlsx } from './export.ts';
import { priceItemsAdmin } from './items.ts';
import { presentCellQuote, presentMedian, presentPoints, presentRow } from './present.ts';
import * as repo from './repo.ts';
import {
  buildTable,
  chooseRows,
  frequencyWindow,
  itemMatches,
  medianOf,
  movesOf,
  notBefore,
  type TableFen,
} from './table.ts';

/** How long a table is served before it is recomputed for what the day's stamp does not cover. */
const TABLE_FRESH_MS = MINUTE_MS;
/** How long a stale table may be served while one reload runs. */
const TABLE_KEEP_MS = 10 * MINUTE_MS;
/** A table read from the shared store is kept in this process this long (its key pins its data). */
const TABLE_NEAR_MS = 30 * SECOND_MS;
/** Calls of the quotes behind cells per client and minute (each names traders' prices). */
export const CELL_QUOTES_PER_MINUTE = 120;
/** The ids of the products are kept this long (a renamed or new product shows within it). */
const PRODUCTS_FRESH_MS = MINUTE_MS;

/** What the price-table service runs on. */
export interface PriceTableDeps {
  db: Db;
  store: KvStore;
  /** exports per user and hour, shared with the searches' exports (the same counter) */
  exportsPerHour: number;
  /** The clock, for tests; "today" is its Shanghai day. */
  now?: () => Date;
  /** Told when a background recompute fails (the caller was served the older table). */
  onRefreshError?: (err: unknown, key: string) => void;
}

/** A table as cached: the presented table without the tabs, and the fen figures for the summary. */
interface CachedTable {
  date: string | null;
  previousDate: string | null;
  fen: TableFen;
}

/** The price-table service: public reads, exports and the console's items. */
export function priceTableService(deps: PriceTableDeps) {
  const { db, store } = deps;
  const now = deps.now ?? (() => new Date());
  const refreshError = deps.onRefreshError ? { onRefreshError: deps.onRefreshError } : {};
  const tables = createCache<CachedTable>({
    name: 'priceTable:table',
    freshMs: TABLE_FRESH_MS,
    staleMs: TABLE_KEEP_MS,
    shared: store,
    nearMs: TABLE_NEAR_MS,
    refreshLimit: 4,
    ...refreshError,
  });
  const tabs = createCache<string[]>({
    name: 'priceTable:products',
    freshMs: TABLE_FRESH_MS,
    ...refreshError,
  });
  const productIds = createCache<number | null>({
    name: 'priceTable:productIds',
    freshMs: PRODUCTS_FRESH_MS,
    maxEntries: 1000,
    ...refreshError,
  });
  const summaries = createCache<PriceSummary>({
    name: 'priceTable:summary',
    freshMs: TABLE_FRESH_MS,
    staleMs: TABLE_KEEP_MS,
    shared: store,
    nearMs: TABLE_NEAR_MS,
    ...refreshError,
  });
  const histories = createCache<PriceHistory['points']>({
    name: 'priceTable:history',
    freshMs: TABLE_FRESH_MS,
    shared: store,
    ...refreshError,
  });

  /** The product's id; code 1 naming it when there is no such product. */
  const productOf = async (name: string): Promise<number> => {
    const id = await productIds.get(name, async () => (await repo.productByName(db, name))?.id ?? null);
    if (id === null)
      throw new BusinessError(say(`没有「${name}」这个品名`, `There is no product named "${name}"`));
    return id;
  };

  const today = () => dayString(now());

  /** The products with priced quotes in the frequency window up to `day`, vocabulary order. */
  const productsUpTo = (day: string) =>
    tabs.get(day, async () => {
      const { from, to } = frequencyWindow(day);
      return (await repo.productsQuotedBetween(db, from, to)).map((p) => p.name);
    });

  /** Computes a product's table of `day` (two grouped queries, after the previous day's max()). */
  const computeTable = async (
    productId: number,
    day: string,
    filter: repo.TableFilter,
  ): Promise<CachedTable> => {
    const frequent = await repo.itemCounts(db, productId, frequencyWindow(day), filter, {
      limit: PRICE_TABLE_LIMITS.rowsMax,
      withoutHidden: true,
    });
    const pinned = (await repo.steeredItems(db, productId)).filter(
      (s) => s.state === 'pinned' && itemMatches(s, filter),
    );
    const previousDate = await repo.previousPricedDay(db, day, productId);
    const days = previousDate === null ? [day] : [day, previousDate];
    const groups = await repo.cellsOn(db, productId, days, filter);
    return {
      date: day,
      previousDate,
      fen: buildTable(chooseRows(frequent, pinned), groups, day, previousDate),
    };
  };

  /** A product's table of `day` (null: its latest day with priced quotes), cached by the day's stamp. */
  const tableOf = async (
    productId: number,
    asked: string | undefined,
    filter: repo.TableFilter,
    knownStamp?: string,
  ): Promise<CachedTable> => {
    checkDays({ date: asked });
    const day = asked ?? (await repo.latestPricedDay(db, today(), productId));
    if (day === null) return { date: null, previousDate: null, fen: { cities: [], rows: [] } };
    const stamp = knownStamp ?? (await repo.dayStamp(db, day));
    const key = JSON.stringify([
      productId,
      day,
      filter.city ?? '',
      filter.grade ?? '',
      filter.spec ?? '',
      stamp,
    ]);
    return tables.get(key, () => computeTable(productId, day, filter));
  };

  /** The product and filter of a table query. */
  const tableQuery = async (query: PriceTableQuery) => {
    const productId = await productOf(query.product);
    const filter: repo.TableFilter = { city: query.city, grade: query.grade, spec: query.spec };
    return { productId, filter };
  };

  const table = async (query: PriceTableQuery): Promise<PriceTable> => {
    const { productId, filter } = await tableQuery(query);
    const cached = await tableOf(productId, query.date, filter);
    return {
      product: query.product,
      date: cached.date,
      previousDate: cached.previousDate,
      cities: cached.fen.cities,
      rows: cached.fen.rows.map(presentRow),
      products: await productsUpTo(cached.date ?? today()),
    };
  };

  /** The cell of a history or quotes query, its product checked. */
  const cellOf = async (query: PriceHistoryQuery | PriceQuotesQuery): Promise<repo.CellKey> => ({
    productId: await productOf(query.product),
    material: query.grade,
    spec: query.spec,
    origin: query.mill,
    city: query.city,
  });

  const history = async (user: AuthUser | null, query: PriceHistoryQuery): Promise<PriceHistory> => {
    const cell = await cellOf(query);
    const latest = await repo.latestPricedDay(db, today(), cell.productId);
    if (latest === null)
      return { start: null, end: null, earliestAllowed: null, limitedBy: null, points: [] };
    const resolved = resolveRange(user, latest, query);
    const range = { ...resolved, start: notBefore(resolved.start) };
    if (range.start > range.end) return { ...range, points: [] };
    const days = (Date.parse(range.end) - Date.parse(range.start)) / DAY_MS + 1;
    if (days > PRICE_TABLE_LIMITS.historyDaysMax)
      throw new Invalid(
        say(
          `参数错误：区间不能超过 ${PRICE_TABLE_LIMITS.historyDaysMax} 天`,
          `Invalid request: the range must not exceed ${PRICE_TABLE_LIMITS.historyDaysMax} days`,
        ),
      );
    const stamp = await repo.dayStamp(db, range.end);
    const key = JSON.stringify([cell, range.start, range.end, stamp]);
    const points = await histories.get(key, async () =>
      presentPoints(await repo.cellHistory(db, cell, { from: range.start, to: range.end })),
    );
    return { ...range, points };
  };

  const items = priceItemsAdmin({
    db,
    productOf,
    today,
    shownRows: async (productId) => (await tableOf(productId, undefined, {})).fen.rows,
  });

  return {
    table,

    /** Per product with priced quotes on the day, and per city, the cells that rose, fell or held. */
    async summary(query: PriceSummaryQuery): Promise<PriceSummary> {
      checkDays({ date: query.date });
      const date = query.date ?? (await repo.latestPricedDay(db, today()));
      if (date === null) return { date: null, previousDate: null, products: [] };
      const stamp = await repo.dayStamp(db, date);
      return summaries.get(JSON.stringify([date, stamp]), async () => {
        const previousDate = await repo.previousPricedDay(db, date);
        const products = await repo.productsQuotedBetween(db, date, date);
        const out: PriceSummary['products'] = [];
        for (const p of products) {
          const { fen } = await tableOf(p.id, date, {}, stamp);
          out.push({ product: p.name, ...movesOf(fen) });
        }
        return { date, previousDate, products: out };
      });
    },

    history,

    /** The priced quotes behind one cell on one day, cheapest first, with their median. */
    async quotes(client: string, query: PriceQuotesQuery): Promise<PriceQuotes> {
      await limitRate(store, `priceQuotes:${client}`, CELL_QUOTES_PER_MINUTE, MINUTE_MS);
      checkDays({ date: query.date });
      const rows = await repo.cellQuotes(db, await cellOf(query), query.date);
      return {
        date: query.date,
        median: presentMedian(medianOf(rows.map((r) => r.priceFen))),
        list: rows.map(presentCellQuote),
      };
    },

    /** The table as .xlsx (数据会员, VIP), counted against the user's hourly exports. */
    async exportTable(query: PriceTableQuery, userId: number, lang: Lang): Promise<Xlsx> {
      await countExport(store, userId, deps.exportsPerHour);
      return tableWorkbook(await table(query), lang);
    },

    /** A cell's history as .xlsx (数据会员, VIP: their window is everything). */
    async exportHistory(user: AuthUser, query: PriceHistoryQuery, lang: Lang): Promise<Xlsx> {
      await countExport(store, user.id, deps.exportsPerHour);
      return historyWorkbook(query, await history(user, query), lang);
    },

    items: items.list,
    setItemState: items.setState,
  };
}

/** One export of `userId` against the hourly count every export shares (`export:<user>`). */
async function countExport(store: KvStore, userId: number, perHour: number): Promise<void> {
  await limitRate(
    store,
    `export:${userId}`,
    perHour,
    HOUR_MS,
    say('导出过于频繁，请稍后再试', 'Too many exports; please try again later'),
  );
}

/** What `priceTableService` gives. */
export type PriceTableService = ReturnType<typeof priceTableService>;
