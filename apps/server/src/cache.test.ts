import { describe, expect, it } from 'vitest';
import { createCache } from './cache.ts';
import { memoryStore } from './store/index.ts';

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** A loader that answers 1, 2, 3... and counts its calls. */
function counter() {
  let calls = 0;
  return {
    load: async () => ++calls,
    get calls() {
      return calls;
    },
  };
}

describe.each([
  ['memory', () => undefined],
  ['shared store', () => memoryStore()],
])('createCache (%s)', (_name, makeStore) => {
  it('serves a fresh value without loading again', async () => {
    const time = clock();
    const cache = createCache<number>({ name: 't', freshMs: 1000, shared: makeStore(), now: time.now });
    const c = counter();
    expect(await cache.get('k', c.load)).toBe(1);
    time.advance(999);
    expect(await cache.get('k', c.load)).toBe(1);
    expect(c.calls).toBe(1);
  });

  it('serves a stale value at once and refreshes it in the background', async () => {
    const time = clock();
    const cache = createCache<number>({
      name: 't',
      freshMs: 1000,
      staleMs: 10_000,
      shared: makeStore(),
      now: time.now,
    });
    let calls = 0;
    let release: () => void = () => {};
    const slowLoad = () =>
      new Promise<number>((resolve) => {
        calls += 1;
        const value = calls;
        release = () => resolve(value);
        if (value === 1) resolve(value);
      });
    await cache.get('k', slowLoad);
    time.advance(5000);
    // Stale: the old value at once, however many ask, and one refresh started.
    expect(await cache.get('k', slowLoad)).toBe(1);
    expect(await cache.get('k', slowLoad)).toBe(1);
    expect(calls).toBe(2);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', slowLoad)).toBe(2);
    expect(calls).toBe(2);
  });

  it('waits for a new load once a value is older than staleMs', async () => {
    const time = clock();
    const cache = createCache<number>({
      name: 't',
      freshMs: 1000,
      staleMs: 2000,
      shared: makeStore(),
      now: time.now,
    });
    const c = counter();
    await cache.get('k', c.load);
    time.advance(2001);
    expect(await cache.get('k', c.load)).toBe(2);
  });

  it('keeps the old value when a background refresh fails, and does not cache a failed load', async () => {
    const time = clock();
    const errors: unknown[] = [];
    const cache = createCache<number>({
      name: 't',
      freshMs: 1000,
      staleMs: 10_000,
      shared: makeStore(),
      now: time.now,
      onRefreshError: (err) => errors.push(err),
    });
    await cache.get('k', async () => 7);
    time.advance(5000);
    expect(await cache.get('k', () => Promise.reject(new Error('db down')))).toBe(7);
    await new Promise((r) => setTimeout(r, 0));
    expect(errors).toHaveLength(1);
    expect(await cache.get('k', async () => 8)).toBe(7);
    await expect(cache.get('other', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('other', async () => 9)).toBe(9);
  });

  it('shares one load among concurrent askers', async () => {
    const cache = createCache<number>({ name: 't', freshMs: 1000, shared: makeStore() });
    const c = counter();
    const values = await Promise.all([
      cache.get('k', c.load),
      cache.get('k', c.load),
      cache.get('k', c.load),
    ]);
    expect(values).toEqual([1, 1, 1]);
    expect(c.calls).toBe(1);
  });

  it('forgets a deleted key', async () => {
    const cache = createCache<number>({ name: 't', freshMs: 60_000, shared: makeStore() });
    const c = counter();
    await cache.get('k', c.load);
    await cache.delete('k');
    expect(await cache.get('k', c.load)).toBe(2);
  });
});

describe('createCache bound', () => {
  it('keeps at most maxEntries keys, dropping the least recently used', async () => {
    const cache = createCache<string>({ name: 't', freshMs: 60_000, maxEntries: 2 });
    let loads = 0;
    const load = (v: string) => async () => {
      loads += 1;
      return v;
    };
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a')); // a is now the most recent
    await cache.get('c', load('c')); // b goes
    expect(loads).toBe(3);
    await cache.get('a', load('a'));
    expect(loads).toBe(3);
    await cache.get('b', load('b'));
    expect(loads).toBe(4);
  });
});

describe('createCache near copies (nearMs)', () => {
  /** A shared store that counts its reads. */
  function countingStore() {
    const store = memoryStore();
    let reads = 0;
    return {
      store: {
        ...store,
        get: (key: string) => {
          reads += 1;
          return store.get(key);
        },
      },
      get reads() {
        return reads;
      },
    };
  }

  it('asks the store once per nearMs for a busy key, and sees a newer value after it', async () => {
    const time = clock();
    const shared = countingStore();
    const mine = createCache<number>({
      name: 't',
      freshMs: 60_000,
      shared: shared.store,
      nearMs: 2000,
      now: time.now,
    });
    const c = counter();
    expect(await mine.get('k', c.load)).toBe(1);
    const readsAfterLoad = shared.reads;
    for (let i = 0; i < 5; i++) expect(await mine.get('k', c.load)).toBe(1);
    expect(shared.reads).toBe(readsAfterLoad);

    // Another instance writes a newer value: seen once the near copy is nearMs old.
    const other = createCache<number>({ name: 't', freshMs: 60_000, shared: shared.store, now: time.now });
    await other.delete('k');
    expect(await other.get('k', async () => 7)).toBe(7);
    time.advance(1000);
    expect(await mine.get('k', c.load)).toBe(1);
    time.advance(1001);
    expect(await mine.get('k', c.load)).toBe(7);
    expect(c.calls).toBe(1);
  });

  it('keeps the entry its own age: a stale near copy still refreshes in the background', async () => {
    const time = clock();
    const cache = createCache<number>({
      name: 't',
      freshMs: 1000,
      staleMs: 10_000,
      shared: memoryStore(),
      nearMs: 60_000,
      now: time.now,
    });
    const c = counter();
    expect(await cache.get('k', c.load)).toBe(1);
    time.advance(1500);
    expect(await cache.get('k', c.load)).toBe(1); // stale: served, refresh started
    await new Promise((r) => setTimeout(r, 0));
    expect(c.calls).toBe(2);
    expect(await cache.get('k', c.load)).toBe(2);
  });

  it('forgets its near copy of a deleted key', async () => {
    const cache = createCache<number>({ name: 't', freshMs: 60_000, shared: memoryStore(), nearMs: 60_000 });
    const c = counter();
    await cache.get('k', c.load);
    await cache.delete('k');
    expect(await cache.get('k', c.load)).toBe(2);
  });
});

describe('createCache refreshLimit', () => {
  it('runs at most refreshLimit background refreshes at once, serving the rest stale', async () => {
    const time = clock();
    const cache = createCache<string>({
      name: 't',
      freshMs: 1000,
      staleMs: 60_000,
      refreshLimit: 1,
      now: time.now,
    });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    time.advance(2000);
    let finish: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let loads = 0;
    const load = (v: string) => async () => {
      loads += 1;
      await slow;
      return v;
    };
    expect(await cache.get('a', load('a2'))).toBe('a1'); // refresh of a starts
    expect(await cache.get('b', load('b2'))).toBe('b1'); // over the limit: served stale only
    expect(loads).toBe(1);
    finish();
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('a', load('a3'))).toBe('a2');
    expect(await cache.get('b', load('b2'))).toBe('b1'); // now its refresh starts
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('b', load('b3'))).toBe('b2');
    expect(loads).toBe(2);
  });
});
