/**
 * A small per-process cache of presented chart series. Index days change once a day (the job)
 * or when an operator recomputes or corrects a day, while the same few chart asks (two indexes
 * over three months...) come from every visitor: serving them from memory keeps chart answers
 * in single-digit milliseconds on a 10-year history. Keys carry the newest computed day and the
 * resolved window, and entries live one minute, so a recompute shows everywhere within a
 * minute without any cross-instance invalidation. Bounded: the oldest entries go first.
 */
const TTL_MS = 60_000;
const MAX_ENTRIES = 300;

/** Cached values by key, each with its expiry; Map order is insertion order (oldest first). */
export function seriesCache<T>(ttlMs = TTL_MS, maxEntries = MAX_ENTRIES) {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  return {
    /** The cached value for `key`, or what `load` gives (then cached). */
    async get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > Date.now()) return hit.value;
      const value = await load();
      entries.delete(key);
      entries.set(key, { value, expiresAt: Date.now() + ttlMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
    /** Forgets everything (after this process recomputed the index). */
    clear(): void {
      entries.clear();
    },
  };
}
