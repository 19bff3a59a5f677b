/** The home page's newest spot stock: on-sale lots, newest first, no contacts, no search counted. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cargo } from '../../db/schema/index.ts';
import { seedDemo } from '../../seed/index.ts';
import { useTestApp } from '../../test/app.ts';

const t = useTestApp();

beforeAll(async () => {
  await seedDemo(t.db, { cargo: 60, surplus: 0, quotationDays: 1, indexDays: 0 });
}, 120_000);

describe('home newest cargo', () => {
  it('lists the 8 newest lots on sale in tonnes and 元/吨, without contacts', async () => {
    const [newest] = await t.db.select({ id: cargo.id }).from(cargo).limit(1);
    await t.db
      .update(cargo)
      .set({ updatedAt: new Date(), status: 'sold_out' })
      .where(eq(cargo.id, newest?.id ?? 0));
    const res = await t.app.inject({ url: '/api/web/2.0/home/newestCargo' });
    expect(res.statusCode).toBe(200);
    const { list, cachedForSeconds } = res.json().data;
    expect(cachedForSeconds).toBe(60);
    expect(list).toHaveLength(8);
    const times = list.map((r: { updatedAt: string }) => r.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(list.map((r: { id: number }) => r.id)).not.toContain(newest?.id);
    expect(list[0].product).toMatch(/\S/);
    expect(list[0].supplier).toMatch(/\S/);
    expect(Number.isInteger(list[0].weight * 1000)).toBe(true);
    expect(JSON.stringify(list)).not.toMatch(/phone|contact/i);
  });

  it('does not spend the caller searches: 70 reads in a minute never ask for a captcha', async () => {
    for (let i = 0; i < 70; i++) {
      const res = await t.app.inject({ url: '/api/web/2.0/home/newestCargo', remoteAddress: '10.9.9.9' });
      expect(res.json().code).toBe(0);
    }
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/web/2.0/searchCargo/page',
      payload: {},
      remoteAddress: '10.9.9.9',
    });
    expect(search.json().code).toBe(0);
  });
});
