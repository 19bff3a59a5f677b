/**
 * Lot searches as the routes need them: understand the keyword, build the conditions once,
 * and keep counts, totals and menus in the shared store for a minute — exact counts over a
 * million rows cost tens of milliseconds, and the same filter is asked for by every page turn.
 */
import { createHash } from 'node:crypto';
import type { LotMenu, LotTotals, QueryToken } from '@steelport/contracts';
import { eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { Invalid } from '../../errors.ts';
import { tradeDictionary } from '../../search/dictionary.ts';
import { parseKeyword } from '../../search/query.ts';
import type { KvStore } from '../../store/index.ts';
import { facetMenu } from './facets.ts';
import {
  checkRanges,
  countLots,
  type Facet,
  findLots,
  type LotFilter,
  type LotKind,
  lotConditions,
  lotTable,
  MAX_RESULT_WINDOW,
  type SortKey,
  totalLots,
} from './lots.ts';

export const COUNT_CACHE_SECONDS = 60;

/** The filter part of a request (no paging or sort), in a stable order for cache keys. */
function filterKey(kind: LotKind, filter: LotFilter): string {
  const entries = Object.entries(filter)
    .filter(([k, v]) => v !== undefined && !['page', 'pageSize', 'sort', 'order'].includes(k))
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha1')
    .update(`${kind}:${JSON.stringify(entries)}`)
    .digest('hex');
}

export interface LotSearch {
  /** cache key of the filter */
  key: string;
  where: SQL[];
  tokens: QueryToken[];
  without: (facet: Facet) => SQL[];
}

/** Understands a filter: the keyword's tokens and the WHERE conditions. */
export async function prepareSearch(db: Db, kind: LotKind, filter: LotFilter): Promise<LotSearch> {
  checkRanges(filter);
  const dict = await tradeDictionary(db);
  const parsed = parseKeyword(filter.keyword ?? '', dict);
  return {
    key: filterKey(kind, filter),
    where: lotConditions(kind, filter, parsed, dict),
    tokens: parsed.tokens,
    without: (facet) => lotConditions(kind, filter, parsed, dict, facet),
  };
}

/** Entries outlive their freshness so a busy filter never waits on a recount. */
const KEEP_STALE_MS = 10 * 60 * 1000;
/** Loads in flight in this process, so concurrent askers of one key share one query. */
const inFlight = new Map<string, Promise<unknown>>();

function loadOnce<T>(store: KvStore, key: string, load: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key);
  if (running) return running as Promise<T>;
  const promise = (async () => {
    try {
      const value = await load();
      await store.set(key, JSON.stringify({ at: Date.now(), value }), KEEP_STALE_MS);
      return value;
    } finally {
      inFlight.delete(key);
    }
  })();
  inFlight.set(key, promise);
  return promise;
}

/**
 * Counts, totals and menus per filter: fresh for COUNT_CACHE_SECONDS, then served stale while
 * one background query refreshes them; only a filter nobody asked for in ten minutes waits.
 */
async function cached<T>(store: KvStore, key: string, load: () => Promise<T>): Promise<T> {
  const hit = await store.get(key);
  if (!hit) return loadOnce(store, key, load);
  const entry = JSON.parse(hit) as { at: number; value: T };
  if (Date.now() - entry.at > COUNT_CACHE_SECONDS * 1000) {
    loadOnce(store, key, load).catch(() => {});
  }
  return entry.value;
}

export interface PageRequest {
  page: number;
  pageSize: number;
  sort?: SortKey;
  order?: 'asc' | 'desc';
}

/** A page of lots with the total and how the keyword was understood. */
export async function searchPage(
  db: Db,
  store: KvStore,
  kind: LotKind,
  filter: LotFilter,
  paging: PageRequest,
  userId: number | null,
) {
  const offset = (paging.page - 1) * paging.pageSize;
  if (offset + paging.pageSize > MAX_RESULT_WINDOW) {
    throw new Invalid(`参数错误：page 超出范围，最多查看前 ${MAX_RESULT_WINDOW} 条，请缩小筛选范围`);
  }
  const search = await prepareSearch(db, kind, filter);
  const key = filterKey(kind, filter);
  const [total, list] = await Promise.all([
    cached(store, `lots:count:${key}`, () => countLots(db, kind, search.where)),
    lotsPage(db, store, kind, search.where, key, {
      sort: paging.sort ?? 'updatedAt',
      order: paging.order ?? 'desc',
      limit: paging.pageSize,
      offset,
      userId,
    }),
  ]);
  return { list, total, page: paging.page, pageSize: paging.pageSize, understood: search.tokens };
}

/**
 * Lots in display order. Price ascending lists priced lots first and 电议 (price 0) after them:
 * two index-friendly queries, the second only once the first runs out, instead of one sort of
 * every match on `(price = 0)`.
 */
export async function lotsPage(
  db: Db,
  store: KvStore,
  kind: LotKind,
  where: SQL[],
  key: string,
  opts: { sort: SortKey; order: 'asc' | 'desc'; limit: number; offset: number; userId: number | null },
) {
  const viewer = { userId: opts.userId };
  if (opts.sort !== 'price' || opts.order !== 'asc') return findLots(db, kind, where, { ...opts, viewer });
  const price = lotTable(kind).priceFen;
  const priced = [...where, gt(price, 0)];
  const pricedCount = await cached(store, `lots:priced:${key}`, () => countLots(db, kind, priced));
  const list = opts.offset < pricedCount ? await findLots(db, kind, priced, { ...opts, viewer }) : [];
  if (list.length < opts.limit) {
    const rest = await findLots(db, kind, [...where, eq(price, 0)], {
      sort: 'updatedAt',
      order: 'desc',
      limit: opts.limit - list.length,
      offset: Math.max(0, opts.offset - pricedCount),
      viewer,
    });
    list.push(...rest);
  }
  return list;
}

/** Totals of a filter. */
export async function searchTotals(
  db: Db,
  store: KvStore,
  kind: LotKind,
  filter: LotFilter,
): Promise<LotTotals> {
  const search = await prepareSearch(db, kind, filter);
  return cached(store, `lots:totals:${filterKey(kind, filter)}`, () => totalLots(db, kind, search.where));
}

/** Facet menus of a filter. */
export async function searchMenu(db: Db, store: KvStore, kind: LotKind, filter: LotFilter): Promise<LotMenu> {
  const search = await prepareSearch(db, kind, filter);
  const active = new Set<Facet>(
    (['products', 'materials', 'origins', 'cities', 'warehouses', 'grades'] as const).filter(
      (f) => (filter[f]?.length ?? 0) > 0,
    ),
  );
  const menu = await cached(store, `lots:menu:${search.key}`, () =>
    facetMenu(db, kind, active, search.without),
  );
  return { ...menu, cachedForSeconds: COUNT_CACHE_SECONDS };
}
