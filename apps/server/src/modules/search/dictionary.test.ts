/**
 * The trade dictionary's cache: read once, reread in the background after DICTIONARY_FRESH_MS,
 * never older than DICTIONARY_MAX_AGE_MS (within the minute operators are promised), and
 * `forget` rereads it.
 */

import { VOCABULARY_REACH_SECONDS } from '@steelport/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { materials } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../test/db.ts';
import { makeCatalog } from '../../test/lots.ts';
import { DICTIONARY_FRESH_MS, DICTIONARY_MAX_AGE_MS, tradeDictionary } from './dictionary.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await makeCatalog(database.db);
});
afterAll(async () => {
  await database?.close();
});

describe('tradeDictionary', () => {
  it('keeps the words it read until they expire or are forgotten', async () => {
    let now = 1_000_000;
    const dictionary = tradeDictionary({ db: database.db, now: () => now });
    const first = await dictionary.get();
    expect(first.terms.get('热卷')?.[0]).toMatchObject({ kind: 'product', name: '热轧卷板' });
    expect(first.materialByName.has('Q345B')).toBe(false);

    await database.db.insert(materials).values({ name: 'Q345B' });
    expect(await dictionary.get()).toBe(first);

    await dictionary.forget();
    const second = await dictionary.get();
    expect(second.materialByName.has('Q345B')).toBe(true);

    await database.db.insert(materials).values({ name: 'SS400' });
    now += DICTIONARY_MAX_AGE_MS + 1;
    expect((await dictionary.get()).materialByName.has('SS400')).toBe(true);
  });

  it('rereads in the background once fresh time is over, and never serves a copy past its age', async () => {
    expect(DICTIONARY_MAX_AGE_MS).toBeLessThan(VOCABULARY_REACH_SECONDS * 1000);
    let now = 2_000_000;
    const dictionary = tradeDictionary({ db: database.db, now: () => now });
    const first = await dictionary.get();
    await database.db.insert(materials).values({ name: 'S355JR' });
    now += DICTIONARY_FRESH_MS + 1;
    // this search is answered at once from the copy it had; the next one sees the reread
    expect(await dictionary.get()).toBe(first);
    await expect.poll(async () => (await dictionary.get()).materialByName.has('S355JR')).toBe(true);
  });

  it('reads once for concurrent searches', async () => {
    const dictionary = tradeDictionary({ db: database.db });
    const [a, b] = await Promise.all([dictionary.get(), dictionary.get()]);
    expect(a).toBe(b);
  });
});
