/**
 * The embedded database on a worker thread, as the server opens it (`thread: true`): Drizzle's
 * queries, types, errors and transactions behave as on PGlite in this thread, and this thread's
 * event loop keeps turning while a long query runs.
 */
import { count, eq, sql } from 'drizzle-orm';
import { integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorCode } from '../plugins/envelope.ts';
import { openTestDatabase } from '../test/db.ts';
import type { Database } from './client.ts';
import { RemotePglite } from './pglite-remote.ts';

const lots = pgTable('remote_lots', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  weight: numeric('weight', { precision: 10, scale: 3 }).notNull(),
  listedAt: timestamp('listed_at', { withTimezone: true, mode: 'string' }).notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }),
  tags: jsonb('tags').$type<string[]>(),
  pieces: integer('pieces'),
});

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase({ thread: true });
  await database.db.execute(sql`
    create table remote_lots (
      id serial primary key, name text not null unique, weight numeric(10,3) not null,
      listed_at timestamptz not null, seen_at timestamptz, tags jsonb, pieces integer)`);
});
afterAll(async () => {
  // Closing twice is harmless: the last test has closed it already.
  await database?.close();
});

describe('PGlite on a worker thread', () => {
  it('reads back what it wrote, with Drizzle’s types: text timestamps, Dates, numeric text, json', async () => {
    const seenAt = new Date('2026-11-28T02:03:04.000Z');
    const [row] = await database.db
      .insert(lots)
      .values({
        name: '日照 Q235B 热卷',
        weight: '25.125',
        listedAt: '2026-11-28 08:00:00+08',
        seenAt,
        tags: ['现货'],
        pieces: 3,
      })
      .returning();
    expect(row).toMatchObject({ name: '日照 Q235B 热卷', weight: '25.125', tags: ['现货'], pieces: 3 });
    expect(row!.seenAt).toEqual(seenAt);
    expect(row!.listedAt).toBe('2026-11-28 00:00:00+00');
    const [total] = await database.db.select({ n: count() }).from(lots);
    expect(total!.n).toBe(1);
  });

  it('passes on the SQLSTATE of a refused write, which the error envelope reads', async () => {
    await database.db.insert(lots).values({ name: 'dup', weight: '1', listedAt: '2026-11-28 00:00:00+00' });
    const err = await database.db
      .insert(lots)
      .values({ name: 'dup', weight: '2', listedAt: '2026-11-28 00:00:00+00' })
      .catch((e: unknown) => e);
    expect(pgErrorCode(err)).toBe('23505');
  });

  it('commits a transaction, rolls one back on a throw, and rolls back to a savepoint', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(lots).values({ name: 'kept', weight: '1', listedAt: '2026-11-28 00:00:00+00' });
      await tx
        .transaction(async (inner) => {
          await inner.insert(lots).values({ name: 'inner', weight: '1', listedAt: '2026-11-28 00:00:00+00' });
          throw new Error('undo the inner part');
        })
        .catch(() => {});
    });
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.insert(lots).values({ name: 'lost', weight: '1', listedAt: '2026-11-28 00:00:00+00' });
        throw new Error('refused');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('refused');
    const names = (await database.db.select({ name: lots.name }).from(lots)).map((r) => r.name);
    expect(names).toContain('kept');
    expect(names).not.toContain('inner');
    expect(names).not.toContain('lost');
  });

  it('holds queries from outside until an open transaction ends, as PGlite does', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await database.db.transaction(async (tx) => {
      await tx.update(lots).set({ pieces: 7 }).where(eq(lots.name, 'kept'));
      outside = database.db
        .select({ pieces: lots.pieces })
        .from(lots)
        .where(eq(lots.name, 'kept'))
        .then(([r]) => order.push(`outside saw ${r!.pieces}`));
      await new Promise((r) => setTimeout(r, 50));
      await tx.update(lots).set({ pieces: 8 }).where(eq(lots.name, 'kept'));
      order.push('committing');
    });
    await outside;
    expect(order).toEqual(['committing', 'outside saw 8']);
  });

  it('keeps this thread’s event loop turning while a long query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    await database.db.execute(sql`select count(*) from generate_series(1, 3000000) g where g % 7 = 0`);
    const tookMs = performance.now() - started;
    clearInterval(timer);
    expect(tookMs).toBeGreaterThan(100);
    // A 10 ms timer on a free thread fires about tookMs / 10 times; on a blocked one, once.
    expect(ticks).toBeGreaterThan(tookMs / 10 / 3);
  });

  it('refuses a parser that would change a value, rather than dropping it on the way', async () => {
    const remote = (database.db as unknown as { $client: RemotePglite }).$client;
    expect(remote).toBeInstanceOf(RemotePglite);
    await expect(
      remote.query('select 1', [], { parsers: { 23: (v: string) => Number(v) * 2 } }),
    ).rejects.toThrow(/parser for type 23/);
  });

  // Last: it stops the file's database.
  it('answers a clear error, not a hang, once the thread has stopped', async () => {
    await database.close();
    await expect(database.ping()).rejects.toThrow(/database thread stopped/);
  });
});
