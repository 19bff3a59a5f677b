/**
 * What every search of the portal shares: spot stock and surplus (lots.ts#lotSearch), today's
 * quotations and the firm pages (modules/quotation). One definition each of the rules they must
 * not drift apart on: the cache key of a filter, the cross-field range check, the deepest page,
 * the tuning of the counts cached in the shared store, and the anti-scraping guard with its
 * memory of clients it stopped. The order of rows (priced before 电议) is repo/order.ts.
 */
import { createHash } from 'node:crypto';
import { type Cache, createCache } from '../../cache.ts';
import { MINUTE_MS, SECOND_MS } from '../../dates.ts';
import { Invalid, TooMany } from '../../errors.ts';
import type { KvStore } from '../../store/index.ts';
import { say } from '../../text.ts';
import { searchGuard } from './guard.ts';

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
/** What an answer says of its cached parts (`cachedForSeconds`). */
export const CACHED_FOR_SECONDS = COUNT_FRESH_MS / SECOND_MS;
/** Deep pages are for scrapers: a person narrows the filter instead. */
export const MAX_RESULT_WINDOW = 10_000;
/** How long a client the search guard stopped is checked before its page is started. */
export const STOPPED_MEMORY_MS = 30 * SECOND_MS;
const STOPPED_LIMIT = 10_000;

/** Request fields that choose rows of the order, not the rows: left out of a filter's key. */
const NOT_FILTER = new Set(['page', 'pageSize', 'sort', 'order']);

/** The fields a search's keyword is typed in. */
const KEYWORD_FIELDS = new Set(['keyword', 'indexSearch']);

/**
 * The filter part of a request (no paging or sort), in a stable order, as a cache key: the same
 * filter asked by any page, in any field order, is one key per kind of search. With `understood`
 * (the keyword's chips), the keyword is keyed by what it was understood as, not as typed: 热卷
 * and 热轧卷板 share their counts, and once operators give a word a meaning (/admin/vocabulary)
 * its counts are counted again instead of served from before.
 */
export function filterKey(
  kind: string,
  filter: object,
  understood?: readonly { kind: string; value: string; includes?: string[] | undefined }[],
): string {
  const entries: [string, unknown][] = Object.entries(filter).filter(
    ([k, v]) => v !== undefined && !NOT_FILTER.has(k) && !(understood && KEYWORD_FIELDS.has(k)),
  );
  if (understood?.length)
    entries.push(['understood', understood.map((t) => [t.kind, t.value, t.includes ?? []])]);
  entries.sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha1')
    .update(`${kind}:${JSON.stringify(entries)}`)
    .digest('hex');
}

/** The bounded fields of a filter, each a pair a search may have. */
const RANGES = [
  ['thicknessMin', 'thicknessMax'],
  ['widthMin', 'widthMax'],
  ['priceMin', 'priceMax'],
] as const;
type RangeField = (typeof RANGES)[number][number];

/**
 * Checks the cross-field rules the schema cannot express; the message names the fields (after
 * `prefix`: a saved search's are `filter.thicknessMin`).
 */
export function checkRanges(filter: Partial<Record<RangeField, number>>, prefix = ''): void {
  for (const [min, max] of RANGES) {
    const lo = filter[min];
    const hi = filter[max];
    if (lo !== undefined && hi !== undefined && lo > hi)
      throw new Invalid(
        say(
          `参数错误：${prefix}${min} 不能大于 ${prefix}${max}`,
          `Invalid request: ${prefix}${min} must not be greater than ${prefix}${max}`,
        ),
      );
  }
}

/** Which rows of a sort a page takes. */
export interface PageWindow<S extends string> {
  sort: S;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The rows a page asks for, refused past MAX_RESULT_WINDOW; newest first unless sorted. */
export function pageWindow<S extends string>(
  input: { page: number; pageSize: number; sort?: S | undefined; order?: 'asc' | 'desc' | undefined },
  defaultSort: S,
): PageWindow<S> {
  const offset = (input.page - 1) * input.pageSize;
  if (offset + input.pageSize > MAX_RESULT_WINDOW) {
    throw new Invalid(
      say(
        `参数错误：page 超出范围，最多查看前 ${MAX_RESULT_WINDOW} 条，请缩小筛选范围`,
        `Invalid request: page is out of range; only the first ${MAX_RESULT_WINDOW} results can be viewed, please narrow the search`,
      ),
    );
  }
  return { sort: input.sort ?? defaultSort, order: input.order ?? 'desc', limit: input.pageSize, offset };
}

/** What the shared parts of a search run on. */
export interface SearchKitDeps {
  store: KvStore;
  /** searches per minute and client before the captcha (config.searchesPerMinute) */
  searchesPerMinute: number;
  /** Told when a background recount fails (the caller was served the older value). */
  onRefreshError?: (err: unknown, key: string) => void;
}

/** The caches and the guard of one search. */
export interface SearchKit {
  /**
   * A cache of counts, totals or menus in the shared store, tuned alike for every search
   * (COUNT_FRESH_MS, COUNT_KEEP_MS, COUNT_NEAR_MS, RECOUNTS_AT_ONCE).
   */
  sharedCache<T>(name: string): Cache<T>;
  /** Counts one search of `client` against the anti-scraping window (code 7 past it). */
  check(client: string): Promise<void>;
  /**
   * Counts one search of `client` and answers `start()`'s result. The work starts beside the
   * guard's one store round trip instead of after it, and the guard still answers first (code 7
   * before any error of the work) — unless the guard stopped this client in the last
   * STOPPED_MEMORY_MS: then it waits for the guard, so a scraper past its limit costs at most one
   * query per instance and period, not one per request.
   */
  guarded<T>(client: string, start: () => Promise<T>): Promise<T>;
}

/** The shared parts of one search (each search makes its own: caches are named per search). */
export function searchKit(deps: SearchKitDeps): SearchKit {
  const guard = searchGuard(deps.store, deps.searchesPerMinute);
  const stopped = recentlyStopped();
  const check = async (client: string) => {
    try {
      await guard.check(client);
    } catch (err) {
      if (err instanceof TooMany) stopped.add(client);
      throw err;
    }
  };
  return {
    sharedCache: <T>(name: string) =>
      createCache<T>({
        name,
        freshMs: COUNT_FRESH_MS,
        staleMs: COUNT_KEEP_MS,
        shared: deps.store,
        nearMs: COUNT_NEAR_MS,
        refreshLimit: RECOUNTS_AT_ONCE,
        ...(deps.onRefreshError ? { onRefreshError: deps.onRefreshError } : {}),
      }),
    check,
    async guarded(client, start) {
      if (stopped.has(client)) {
        await check(client);
        return start();
      }
      const work = start();
      work.catch(() => {});
      await check(client);
      return work;
    },
  };
}

/** Clients the guard stopped in the last STOPPED_MEMORY_MS, in this process (bounded). */
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

/*
 * What other modules use of the search module comes through here, not from its repos: the
 * lot tables and their shared columns and order (surplus builds its rows on them), the lot kinds,
 * product names, the priced-then-电议 parts, and the suppliers' cards, stock and unlocks.
 */
export { productNames } from './repo/facets.ts';
export {
  type Facet,
  findCargoRows,
  type LotKind,
  type LotQuery,
  type LotRow,
  lotColumns,
  lotOrder,
  lotTable,
  type RowWindow,
} from './repo/lots.ts';
export { rowsOfParts } from './repo/order.ts';
export {
  type Company,
  companiesById,
  countSuppliersWithStock,
  type SupplierCard,
  type SupplierStockRow,
  supplierStockPage,
  unlockedCompanies,
} from './repo/suppliers.ts';
