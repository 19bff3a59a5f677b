/**
 * The same behaviour from every store: memory, the database (PGlite here, PostgreSQL in the
 * server-pg run) and Redis when TEST_REDIS_URL is set (CI sets it).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/db.ts';
import { type KvStore, memoryStore, openStore } from './index.ts';
import { dbStore } from './repo.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const stores: [string, () => KvStore][] = [
  ['memory', memoryStore],
  ['database', () => dbStore(database.db)],
];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  stores.push(['redis', () => openStore({ redisUrl, prefix: `sp-test-${randomBytes(4).toString('hex')}:` })]);
}

describe.each(stores)('%s store', (_name, open) => {
  let store: KvStore;
  beforeAll(() => {
    store = open();
  });
  afterAll(() => store.close());

  it('keeps a value until its time to live runs out', async () => {
    await store.set('qr:1', 'waiting', 150);
    expect(await store.get('qr:1')).toBe('waiting');
    await new Promise((r) => setTimeout(r, 250));
    expect(await store.get('qr:1')).toBeNull();
  });

  it('sets once only with setIfAbsent, and again after expiry', async () => {
    expect(await store.setIfAbsent('once', 'a', 150)).toBe(true);
    expect(await store.setIfAbsent('once', 'b', 150)).toBe(false);
    expect(await store.get('once')).toBe('a');
    await new Promise((r) => setTimeout(r, 250));
    expect(await store.setIfAbsent('once', 'c', 1000)).toBe(true);
    await store.del('once');
    expect(await store.get('once')).toBeNull();
  });

  it('counts within a window that starts at the first hit', async () => {
    expect(await store.incr('hits', 150)).toBe(1);
    expect(await store.incr('hits', 150)).toBe(2);
    await new Promise((r) => setTimeout(r, 250));
    expect(await store.incr('hits', 150)).toBe(1);
  });

  it('counts concurrent hits exactly', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => store.incr('burst', 5000)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('takes a reservation back without going below zero or reviving an expired counter', async () => {
    await store.incr('reserve', 5000);
    await store.incr('reserve', 5000);
    await store.decr('reserve');
    expect(await store.incr('reserve', 5000)).toBe(2);
    await store.decr('reserve');
    await store.decr('reserve');
    await store.decr('reserve');
    expect(await store.get('reserve')).toBe('0');
    await store.decr('never-set');
    expect(await store.get('never-set')).toBeNull();
  });
});
