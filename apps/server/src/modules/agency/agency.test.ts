/** Agencies: the filtered list with masked contacts for visitors, and one agency. */
import { beforeAll, describe, expect, it } from 'vitest';
import { agencies } from '../../db/schema/index.ts';
import { seedDemo } from '../../seed/index.ts';
import { useTestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';

const t = useTestApp();
let member: string;

beforeAll(async () => {
  await seedDemo(t.db, { cargo: 0, surplus: 0, quotationDays: 1, indexDays: 0 });
  member = (await makeUser(t.db)).token;
}, 120_000);

const PAGE = '/api/web/2.0/agency/page';
const MASKED = /^1\d{2}\*{4}\d{4}$/;

describe('agencies', () => {
  it('lists the 40 demo agencies with regions and brands to filter by, phones masked for visitors', async () => {
    const { data } = (await t.app.inject({ url: `${PAGE}?pageSize=50` })).json();
    expect(data.total).toBe(40);
    expect(data.regions.length).toBeGreaterThanOrEqual(4);
    expect(data.brands).toContain('宝钢');
    for (const a of data.list) {
      expect(a.phone).toMatch(MASKED);
      expect(a).toMatchObject({ phoneMasked: true, contactName: null });
      expect(a.brands.length).toBeGreaterThan(0);
    }
  });

  it('shows a member the full phone and contact name', async () => {
    const { data } = (
      await t.app.inject({ url: `${PAGE}?pageSize=5`, headers: { 'x-token': member } })
    ).json();
    expect(data.list[0].phone).toMatch(/^1\d{10}$/);
    expect(data.list[0].phoneMasked).toBe(false);
    expect(data.list[0].contactName).toMatch(/\S/);
  });

  it('filters by region, brand and keyword', async () => {
    const all = (await t.app.inject({ url: `${PAGE}?pageSize=50` })).json().data;
    const region = all.regions[0];
    const byRegion = (
      await t.app.inject({ url: `${PAGE}?pageSize=50&region=${encodeURIComponent(region)}` })
    ).json().data;
    expect(byRegion.total).toBeGreaterThan(0);
    expect(byRegion.total).toBeLessThan(40);
    for (const a of byRegion.list) expect(a.region).toBe(region);
    const brand = all.brands[0];
    const byBrand = (
      await t.app.inject({ url: `${PAGE}?pageSize=50&brand=${encodeURIComponent(brand)}` })
    ).json().data;
    expect(byBrand.total).toBeGreaterThan(0);
    for (const a of byBrand.list) expect(a.brands).toContain(brand);
    const city = all.list[0].city;
    const byWord = (
      await t.app.inject({ url: `${PAGE}?pageSize=50&keyword=${encodeURIComponent(city)}` })
    ).json().data;
    for (const a of byWord.list) expect(`${a.name}${a.city}`).toContain(city);
    const none = (await t.app.inject({ url: `${PAGE}?keyword=${encodeURIComponent('%_')}` })).json().data;
    expect(none.total).toBe(0);
  });

  it('gives an agency detail, masked for visitors, full for members', async () => {
    const first = (await t.app.inject({ url: `${PAGE}?pageSize=1` })).json().data.list[0];
    const visitor = (await t.app.inject({ url: `/api/web/2.0/agency/detail/${first.id}` })).json().data;
    expect(visitor).toMatchObject({ id: first.id, name: first.name, phoneMasked: true, contactName: null });
    expect(visitor.phone).toMatch(MASKED);
    expect(visitor.intro).toContain(first.brands[0]);
    expect(visitor.address).not.toBe('');
    const full = (
      await t.app.inject({ url: `/api/web/2.0/agency/detail/${first.id}`, headers: { 'x-token': member } })
    ).json().data;
    expect(full.phone).toMatch(/^1\d{10}$/);
    expect(full.phone.slice(-4)).toBe(visitor.phone.slice(-4));
  });

  it('answers code 6 for unknown and withdrawn agencies, code 2 for bad input', async () => {
    const missing = await t.app.inject({ url: '/api/web/2.0/agency/detail/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 6, message: '该代理商不存在或已下线' });
    const [off] = await t.db
      .insert(agencies)
      .values({ name: '已停用代理', active: false })
      .returning({ id: agencies.id });
    expect((await t.app.inject({ url: `/api/web/2.0/agency/detail/${off?.id}` })).json().code).toBe(6);
    const names = (await t.app.inject({ url: `${PAGE}?pageSize=50` }))
      .json()
      .data.list.map((a: { name: string }) => a.name);
    expect(names).not.toContain('已停用代理');
    for (const url of [
      `${PAGE}?region=${'华'.repeat(11)}`,
      `${PAGE}?pageSize=101`,
      `${PAGE}?brand=${encodeURIComponent('宝\u0001')}`,
      '/api/web/2.0/agency/detail/0',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe(2);
    }
  });
});
