/**
 * The one cache of the server. Every cached read (the trade dictionary, the product map, lot
 * counts and menus, supplier cards, index chart series) goes through `createCache`, so each has
 * the same guarantees:
 * - bounded: at most `maxEntries` keys per process, least recently used go first;
 * - fresh for `freshMs`; then, up to `staleMs`, the old value is served at once while one
 *   background load refreshes it (stale-while-refresh), so a busy key never waits on a reload;
 * - one load per key at a time in this process: concurrent askers share it;
 * - a failed load is not cached, and a failed background refresh keeps the old value;
 * - `shared: store` keeps values in the shared store (Redis or the database) instead of this
 *   process, for values every instance must agree on and that are costly to compute (counts
 *   over a million lots); per-process memory otherwise.
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
  /** Bound of the per-process map; default 500. Ignored when shared. */
  maxEntries?: number;
  /** Keep values in the shared store instead of this process. */
  shared?: KvStore;
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
  /** Forgets every key of this process's map (shared entries expire on their own). */
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
  const local = new Map<string, Entry<T>>();
  const inFlight = new Map<string, Promise<T>>();
  const fullKey = (key: string) => `${opts.name}:${key}`;

  const read = async (key: string): Promise<Entry<T> | null> => {
    if (opts.shared) {
      const raw = await opts.shared.get(fullKey(key));
      return raw ? (JSON.parse(raw) as Entry<T>) : null;
    }
    const hit = local.get(key);
    if (!hit) return null;
    // Touch: Map order is insertion order, so re-inserting keeps the least recently used first.
    local.delete(key);
    local.set(key, hit);
    return hit;
  };

  const write = async (key: string, entry: Entry<T>): Promise<void> => {
    if (opts.shared) {
      await opts.shared.set(fullKey(key), JSON.stringify(entry), staleMs);
      return;
    }
    local.delete(key);
    local.set(key, entry);
    while (local.size > maxEntries) local.delete(local.keys().next().value as string);
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
        loadOnce(key, load).catch((err) => opts.onRefreshError?.(err, key));
        return entry.value;
      }
      return loadOnce(key, load);
    },
    async delete(key) {
      local.delete(key);
      if (opts.shared) await opts.shared.del(fullKey(key));
    },
    clear() {
      local.clear();
    },
  };
}
