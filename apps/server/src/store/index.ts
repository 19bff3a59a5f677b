/**
 * Shared short-lived state (QR login and payment states, SMS codes, rate-limit windows, captcha
 * passes): Redis when REDIS_URL is set; the database when several instances share a PostgreSQL
 * without Redis; an in-process map for the embedded PGlite, which only one process can open.
 * Values are strings; callers JSON-encode.
 */
import { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { dbStore } from './repo.ts';

export interface KvStore {
  readonly kind: 'redis' | 'database' | 'memory';
  get(key: string): Promise<string | null>;
  /** Sets with a time to live in milliseconds. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when the key is absent; true when it was set (a lock or a once-only mark). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  del(key: string): Promise<void>;
  /** Increments a counter, starting its time to live on the first increment; returns the count. */
  incr(key: string, ttlMs: number): Promise<number>;
  /**
   * Takes one back from a live counter (a reservation that turned out not to count, such as a
   * login attempt that succeeded); nothing when the counter is gone. Never below zero.
   */
  decr(key: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Tells `listener` of each error of the store's server (Redis: a connection 'error' event, a
   * command that failed), for the metrics; the in-process and database stores have none of their
   * own (the database's failures are the query's). Returns the unsubscribe.
   */
  onError?(listener: (kind: 'connection' | 'command') => void): () => void;
}

/** Opens Redis when a URL is given, else the database store for PostgreSQL, else memory. */
export function openStore(opts: {
  redisUrl?: string | undefined;
  database?: Database;
  prefix?: string;
}): KvStore {
  if (opts.redisUrl) return redisStore(opts.redisUrl, opts.prefix ?? 'sp:');
  if (opts.database?.engine === 'postgres') return dbStore(opts.database.db);
  return memoryStore();
}

/** The in-process store: a map with expiry, swept lazily and every minute. */
export function memoryStore(): KvStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return null;
    }
    return entry;
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    kind: 'memory',
    get: async (key) => live(key)?.value ?? null,
    set: async (key, value, ttlMs) => {
      entries.set(key, { value, expiresAt: Date.now() + ttlMs });
    },
    setIfAbsent: async (key, value, ttlMs) => {
      if (live(key)) return false;
      entries.set(key, { value, expiresAt: Date.now() + ttlMs });
      return true;
    },
    del: async (key) => {
      entries.delete(key);
    },
    incr: async (key, ttlMs) => {
      const entry = live(key);
      const count = entry ? Number(entry.value) + 1 : 1;
      entries.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? Date.now() + ttlMs });
      return count;
    },
    decr: async (key) => {
      const entry = live(key);
      if (entry) entry.value = String(Math.max(0, Number(entry.value) - 1));
    },
    close: async () => {
      clearInterval(sweep);
      entries.clear();
    },
  };
}

function redisStore(url: string, prefix: string): KvStore {
  const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, lazyConnect: false });
  const listeners = new Set<(kind: 'connection' | 'command') => void>();
  const tell = (kind: 'connection' | 'command') => {
    for (const listener of listeners) listener(kind);
  };
  // Connection errors surface on the commands that need Redis; do not crash on the event, count it.
  redis.on('error', () => tell('connection'));
  /** Runs one command; a failure is counted and thrown on to the caller as before. */
  const command = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      tell('command');
      throw err;
    }
  };
  return {
    kind: 'redis',
    get: (key) => command(() => redis.get(key)),
    set: (key, value, ttlMs) =>
      command(async () => {
        await redis.set(key, value, 'PX', ttlMs);
      }),
    setIfAbsent: (key, value, ttlMs) =>
      command(async () => (await redis.set(key, value, 'PX', ttlMs, 'NX')) === 'OK'),
    del: (key) =>
      command(async () => {
        await redis.del(key);
      }),
    incr: (key, ttlMs) =>
      command(async () => {
        const [[, count]] = (await redis.multi().incr(key).pexpire(key, ttlMs, 'NX').exec()) as [
          [Error | null, number],
        ];
        return count;
      }),
    decr: (key) =>
      command(async () => {
        // One script, so the check and the decrement are atomic and an expired key is not revived.
        await redis.eval(
          "if redis.call('get', KEYS[1]) and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0",
          1,
          key,
        );
      }),
    close: async () => {
      listeners.clear();
      await redis.quit().catch(() => redis.disconnect());
    },
    onError(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
