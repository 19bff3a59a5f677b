/**
 * The one cache of the server. Every cached read (the trade dictionary, the product map, lot
 * counts and menus, supplier cards, index chart series) goes through `createCache`, so each has
 * the same guarantees:
 * - bounded: at most `maxEntries` keys per process, least recently used go first;
 * - fresh for `freshMs`; then, up to `staleMs`, the old value is served at once while one
 *   background load refreshes it (stale-while-refresh), so a busy key never waits on a reload
 *   (at most `refreshLimit` such loads at once);
 * - one load per key at a time in this process: concurrent askers share it;
 * - a failed load is not cached, and a failed background refresh keeps the old value;
 * - `shared: store` keeps values in the shared store (Redis or the database) instead of this
 *   process, for values every instance must agree on and that are costly to compute (counts
 *   over a million lots); per-process memory otherwise. With `nearMs` a shared entry read is
 *   also kept in this process that long, so a busy key costs no store round trip on each ask;
 *   the entry keeps its own age, so freshness and refreshes are as without it, seen up to
 *   `nearMs` later.
 * Values must be JSON-serialisable when shared.
 */
import type { KvStore } from './store/index.ts';

export interface CacheOptions {
  /** Key prefix, also the name in logs: `lots:count`, `dictionary`... */
  name: string;
  /** How long a value is served without reloading. */
  freshMs: number;
  /** How long a value may be served (stale, while refreshing) in all; default `freshMs`. */
  staleMs?: number;
  /** Bound of the per-process map (of near copies when shared); default 500. */
  maxEntries?: number;
  /** Keep values in the shared store instead of this process. */
  shared?: KvStore;
  /** Shared only: keep what the store answered in this process this long (default 0: never). */
  nearMs?: number;
  /**
   * Background refreshes this cache runs at once in this process (default: no bound). A stale
   * key asked for beyond it is served stale and refreshed on a later ask, so keys that all went
   * stale together (counts loaded in the same minute) do not take every database connection at
   * once from the requests being served.
   */
  refreshLimit?: number;
  /** Clock, for tests. */
  now?: () => number;
  /** Told about a failed background refresh (the caller was already served the old value). */
  onRefreshError?: (err: unknown, key: string) => void;
}

export interface Cache<T> {
  /** The value for `key`: cached, stale while refreshing, or loaded now. */
  get(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets one key (after a write that changes it). */
  delete(key: string): Promise<void>;
  /** Forgets every key of this process's maps (shared entries expire on their own). */
  clear(): void;
}

interface Entry<T> {
  at: number;
  value: T;
}

/** A cache with the guarantees above. */
export function createCache<T>(opts: CacheOptions): Cache<T> {
  const now = opts.now ?? Date.now;
  const staleMs = Math.max(opts.staleMs ?? opts.freshMs, opts.freshMs);
  const maxEntries = opts.maxEntries ?? 500;
  const nearMs = opts.shared ? (opts.nearMs ?? 0) : 0;
  const refreshLimit = opts.refreshLimit ?? Number.POSITIVE_INFINITY;
  let refreshing = 0;
  const local = new Map<string, Entry<T>>();
  /** Near copies of shared entries (nearMs) and when this process read them. */
  const near = new Map<string, { readAt: number; entry: Entry<T> }>();
  const inFlight = new Map<string, Promise<T>>();
  const fullKey = (key: string) => `${opts.name}:${key}`;

  /** Inserts at the end of a Map kept in least-recently-used-first order, within maxEntries. */
  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    map.delete(key);
    map.set(key, value);
    while (map.size > maxEntries) map.delete(map.keys().next().value as string);
  };

  const read = async (key: string): Promise<Entry<T> | null> => {
    if (opts.shared) {
      if (nearMs > 0) {
        const copy = near.get(key);
        if (copy && now() - copy.readAt <= nearMs) return copy.entry;
      }
      const raw = await opts.shared.get(fullKey(key));
      const entry = raw ? (JSON.parse(raw) as Entry<T>) : null;
      if (entry && nearMs > 0) remember(near, key, { readAt: now(), entry });
      return entry;
    }
    const hit = local.get(key);
    if (!hit) return null;
    // Touch: Map order is insertion order, so re-inserting keeps the least recently used first.
    remember(local, key, hit);
    return hit;
  };

  const write = async (key: string, entry: Entry<T>): Promise<void> => {
    if (opts.shared) {
      await opts.shared.set(fullKey(key), JSON.stringify(entry), staleMs);
      if (nearMs > 0) remember(near, key, { readAt: now(), entry });
      return;
    }
    remember(local, key, entry);
  };

  const loadOnce = (key: string, load: () => Promise<T>): Promise<T> => {
    const running = inFlight.get(key);
    if (running) return running;
    const promise = (async () => {
      try {
        const value = await load();
        await write(key, { at: now(), value });
        return value;
      } finally {
        inFlight.delete(key);
      }
    })();
    inFlight.set(key, promise);
    return promise;
  };

  return {
    async get(key, load) {
      const entry = await read(key);
      const age = entry ? now() - entry.at : Number.POSITIVE_INFINITY;
      if (entry && age <= opts.freshMs) return entry.value;
      if (entry && age <= staleMs) {
        if (!inFlight.has(key) && refreshing < refreshLimit) {
          refreshing += 1;
          loadOnce(key, load)
            .catch((err) => opts.onRefreshError?.(err, key))
            .finally(() => {
              refreshing -= 1;
            });
        }
        return entry.value;
      }
      return loadOnce(key, load);
    },
    async delete(key) {
      local.delete(key);
      near.delete(key);
      if (opts.shared) await opts.shared.del(fullKey(key));
    },
    clear() {
      local.clear();
      near.clear();
    },
  };
}
