/**
 * The shared store on PostgreSQL, for several instances without Redis. Each operation is one
 * statement, so concurrent instances agree: `INSERT ... ON CONFLICT` decides who set first and
 * counts atomically.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { kvEntries } from '../db/schema/kv.ts';
import type { KvStore } from './index.ts';

/** A KvStore over the kv_entries table. */
export function dbStore(db: Db): KvStore {
  const expiry = (ttlMs: number) => new Date(Date.now() + ttlMs);
  const sweep = setInterval(() => {
    db.delete(kvEntries)
      .where(lte(kvEntries.expiresAt, new Date()))
      .catch(() => {});
  }, 60_000);
  sweep.unref();

  return {
    kind: 'database',
    async get(key) {
      const rows = await db
        .select({ value: kvEntries.value })
        .from(kvEntries)
        .where(and(eq(kvEntries.key, key), gt(kvEntries.expiresAt, new Date())));
      return rows[0]?.value ?? null;
    },
    async set(key, value, ttlMs) {
      await db
        .insert(kvEntries)
        .values({ key, value, expiresAt: expiry(ttlMs) })
        .onConflictDoUpdate({ target: kvEntries.key, set: { value, expiresAt: expiry(ttlMs) } });
    },
    async setIfAbsent(key, value, ttlMs) {
      // Takes over a dead row; a live one stays and the insert reports nothing.
      const rows = await db
        .insert(kvEntries)
        .values({ key, value, expiresAt: expiry(ttlMs) })
        .onConflictDoUpdate({
          target: kvEntries.key,
          set: { value, expiresAt: expiry(ttlMs) },
          setWhere: lte(kvEntries.expiresAt, new Date()),
        })
        .returning({ key: kvEntries.key });
      return rows.length > 0;
    },
    async del(key) {
      await db.delete(kvEntries).where(eq(kvEntries.key, key));
    },
    async incr(key, ttlMs) {
      const now = new Date();
      const rows = await db
        .insert(kvEntries)
        .values({ key, value: '1', expiresAt: expiry(ttlMs) })
        .onConflictDoUpdate({
          target: kvEntries.key,
          set: {
            value: sql`case when ${kvEntries.expiresAt} <= ${now} then '1' else (${kvEntries.value}::int + 1)::text end`,
            expiresAt: sql`case when ${kvEntries.expiresAt} <= ${now} then ${expiry(ttlMs)} else ${kvEntries.expiresAt} end`,
          },
        })
        .returning({ value: kvEntries.value });
      return Number(rows[0]!.value);
    },
    async decr(key) {
      await db
        .update(kvEntries)
        .set({ value: sql`greatest(${kvEntries.value}::int - 1, 0)::text` })
        .where(and(eq(kvEntries.key, key), gt(kvEntries.expiresAt, new Date())));
    },
    async close() {
      clearInterval(sweep);
    },
  };
}
