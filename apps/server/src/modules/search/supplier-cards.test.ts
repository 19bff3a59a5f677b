/** Supplier cards: kept a minute per process, read again after that; unknown ids are null. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../test/db.ts';
import { makeCompany } from '../../test/factories.ts';
import { SUPPLIER_CARD_FRESH_MS, supplierCards } from './supplier-cards.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('supplierCards', () => {
  it('serves cards from the cache for a minute, then reads them again', async () => {
    let now = 1_000_000;
    const cards = supplierCards({ db: database.db, now: () => now });
    const a = await makeCompany(database.db, '甲钢铁有限公司');
    const b = await makeCompany(database.db, '乙钢铁有限公司');
    const first = await cards.of([a.id, b.id, a.id, 999_999]);
    expect(first.get(a.id)).toMatchObject({ name: '甲钢铁有限公司', contactPhone: a.contactPhone });
    expect(first.get(b.id)?.name).toBe('乙钢铁有限公司');
    expect(first.get(999_999)).toBeNull();

    await database.db.update(companies).set({ name: '甲钢铁集团' }).where(eq(companies.id, a.id));
    expect((await cards.of([a.id])).get(a.id)?.name).toBe('甲钢铁有限公司');
    now += SUPPLIER_CARD_FRESH_MS + 1;
    expect((await cards.of([a.id, b.id])).get(a.id)?.name).toBe('甲钢铁集团');
  });
});
