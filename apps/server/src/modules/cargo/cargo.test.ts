/** Spot stock search through the API: understanding keywords, filters, sorts, totals, menus. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cargo } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { makeCompany } from '../../test/factories.ts';
import { makeCatalog, makeLot, type TestCatalog } from '../../test/lots.ts';

const t = useTestApp();
let catalog: TestCatalog;
const ids: Record<string, number> = {};
let ip = 1;
/** Each call from its own address, so these tests never trip the anti-scraping window. */
const nextIp = () => `10.1.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

beforeAll(async () => {
  catalog = await makeCatalog(t.db);
  const s1 = await makeCompany(t.db, '佛山市乐从鑫源钢铁有限公司');
  const s2 = await makeCompany(t.db, '上海润钢贸易有限公司');
  ids.A = (await makeLot(t.db, catalog, { companyId: s1.id, price: 3450, weight: 75.5, pieces: 3 })).id;
  ids.B = (
    await makeLot(t.db, catalog, {
      companyId: s2.id,
      material: 'SPHC',
      spec: '3.0*1500*C',
      mill: '宝钢',
      warehouse: 'zhangjiagang',
      price: 3520,
      weight: 50,
      pieces: 2,
    })
  ).id;
  ids.C = (
    await makeLot(t.db, catalog, {
      companyId: s1.id,
      product: 'crc',
      material: 'SPHC',
      spec: '1.0×1250×C',
      mill: '宝钢',
      price: 0,
      weight: 20,
      pieces: 1,
    })
  ).id;
  ids.D = (await makeLot(t.db, catalog, { companyId: s2.id, status: 'sold_out' })).id;
  ids.E = (
    await makeLot(t.db, catalog, {
      spec: '4.75*1500*C',
      warehouse: 'zhangjiagang',
      price: 3380,
      weight: 30,
      pieces: 1,
      remark: '带钢头尾卷',
    })
  ).id;
  const s3 = await makeCompany(t.db);
  for (let i = 0; i < 25; i++) {
    await makeLot(t.db, catalog, {
      companyId: s3.id,
      spec: '5.75*1500*C',
      price: 3400 + i,
      weight: 25,
      pieces: 1,
    });
  }
});

async function search(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/web/2.0/searchCargo/page',
    payload: body,
    remoteAddress: nextIp(),
  });
  return res;
}
const listIds = async (body: Record<string, unknown>) =>
  (await search(body)).json().data.list.map((r: { id: number }) => r.id);

describe('keyword understanding', () => {
  it('turns each word into a filter and finds exactly the matching lot', async () => {
    const res = await search({ keyword: '热卷 Q235B 2.75*1250 日照 乐从' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.understood.map((u: { kind: string; value: string }) => `${u.kind}:${u.value}`)).toEqual([
      'product:热轧卷板',
      'material:Q235B',
      'spec:2.75*1250',
      'origin:日照',
      'city:乐从',
    ]);
    expect(data.list.map((r: { id: number }) => r.id)).toEqual([ids.A]);
    expect(data.total).toBe(1);
    expect(data.list[0]).toMatchObject({
      product: '热轧卷板',
      spec: '2.75*1250*C',
      weight: 75.5,
      price: 3450,
      pieces: 3,
    });
  });

  it('finds 2.75*1250*C from 2.75*1250 and 2.75×1250', async () => {
    expect(await listIds({ keyword: '2.75*1250' })).toEqual([ids.A]);
    expect(await listIds({ keyword: '2.75×1250' })).toEqual([ids.A]);
  });

  it('reads a market as all of its cities', async () => {
    const shanghai = await listIds({ keyword: '上海 SPHC' });
    expect(shanghai).toEqual([ids.B]);
    // The understood chip names the cities the market takes in (上海市场 · 含张家港).
    const { data } = (await search({ keyword: '上海' })).json();
    expect(data.understood).toEqual([{ text: '上海', kind: 'city', value: '上海', includes: ['张家港'] }]);
  });

  it('matches 3+ character leftovers as text and ignores shorter ones', async () => {
    const res = await search({ keyword: '带钢头 现货' });
    const { data } = res.json();
    expect(data.list.map((r: { id: number }) => r.id)).toEqual([ids.E]);
    expect(data.understood).toContainEqual({ text: '现货', kind: 'ignored', value: '现货' });
  });
});

describe('filters and sorts', () => {
  it('filters by facets, ranges, price and 电议', async () => {
    expect(await listIds({ products: ['冷轧卷板'] })).toEqual([ids.C]);
    expect(await listIds({ products: ['热卷'], materials: ['sphc'] })).toEqual([ids.B]);
    expect((await listIds({ thicknessMin: 2.8, thicknessMax: 4.8 })).sort()).toEqual([ids.B, ids.E].sort());
    expect(await listIds({ widthMax: 1300, thicknessMax: 2 })).toEqual([ids.C]);
    expect(await listIds({ callForPrice: true })).toEqual([ids.C]);
    expect(await listIds({ priceMin: 3500, priceMax: 3600 })).toEqual([ids.B]);
    expect(await listIds({ warehouses: ['张家港保税仓'], origins: ['宝钢'] })).toEqual([ids.B]);
  });

  it('never lists sold-out lots', async () => {
    expect(await listIds({ pageSize: 100 })).not.toContain(ids.D);
  });

  it('sorts by price with 电议 last, by weight and by thickness', async () => {
    const asc = (await search({ sort: 'price', order: 'asc', pageSize: 100 })).json().data.list;
    const prices = asc.map((r: { price: number }) => r.price);
    expect(prices.at(-1)).toBe(0);
    expect(prices.slice(0, -1)).toEqual([...prices.slice(0, -1)].sort((a: number, b: number) => a - b));
    const desc = (await search({ sort: 'price', order: 'desc', pageSize: 3 })).json().data.list;
    expect(desc.map((r: { price: number }) => r.price)).toEqual([3520, 3450, 3424]);
    const heavy = (await search({ sort: 'weight', order: 'desc', pageSize: 1 })).json().data.list;
    expect(heavy[0].id).toBe(ids.A);
    const thin = (await search({ sort: 'thickness', order: 'asc', pageSize: 1 })).json().data.list;
    expect(thin[0].id).toBe(ids.C);
  });

  it('pages through the results', async () => {
    const first = (await search({ page: 1, pageSize: 10 })).json().data;
    const second = (await search({ page: 2, pageSize: 10 })).json().data;
    expect(first.total).toBe(29);
    expect(first.list).toHaveLength(10);
    expect(second.list).toHaveLength(10);
    const overlap = first.list.filter((r: { id: number }) =>
      second.list.some((s: { id: number }) => s.id === r.id),
    );
    expect(overlap).toEqual([]);
  });

  it('rejects bad input with code 2 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ page: -1 }, 'page'],
      [{ page: 0 }, 'page'],
      [{ pageSize: 101 }, 'pageSize'],
      [{ thicknessMin: 5, thicknessMax: 2 }, 'thicknessMin'],
      [{ keyword: '热'.repeat(10000) }, 'keyword'],
      [{ sort: 'random' }, 'sort'],
      [{ page: 600, pageSize: 20 }, 'page'],
    ];
    for (const [body, field] of cases) {
      const res = await search(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().code).toBe(2);
      expect(res.json().message).toContain(field);
    }
  });
});

describe('totals and menus', () => {
  it('totals rows, pieces, tonnage and suppliers for the filter', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/web/2.0/searchCargo/page-total',
      payload: { keyword: '日照 乐从', thicknessMax: 3 },
    });
    expect(res.json().data).toEqual({
      rows: 1,
      pieces: 3,
      weight: 75.5,
      suppliers: 1,
      products: [{ product: '热轧卷板', rows: 1, weight: 75.5, avgPrice: 3450 }],
    });
  });

  it('averages the price per product over the whole result, never across products (issue 35)', async () => {
    const firm = await makeCompany(t.db);
    const lot = (input: Parameters<typeof makeLot>[2]) =>
      makeLot(t.db, catalog, { companyId: firm.id, ...input });
    await lot({ product: 'hrc', price: 3300, weight: 30 });
    await lot({ product: 'hrc', price: 3400, weight: 10 });
    await lot({ product: 'hrc', price: 0, weight: 60 });
    await lot({ product: 'crc', price: 4500, weight: 20 });
    try {
      const totals = async (pageSize?: number) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/web/2.0/searchCargo/page-total',
            // page and pageSize are not part of a total: they change nothing
            payload: { supplierId: firm.id, ...(pageSize ? { page: 1, pageSize } : {}) },
          })
        ).json().data;
      const whole = await totals();
      expect(whole).toMatchObject({ rows: 4, weight: 120, suppliers: 1 });
      // 热卷: (3300×30 + 3400×10) / 40 over its priced tonnes; 电议 counts in rows and tonnes only.
      expect(whole.products).toEqual([
        { product: '热轧卷板', rows: 3, weight: 100, avgPrice: 3325 },
        { product: '冷轧卷板', rows: 1, weight: 20, avgPrice: 4500 },
      ]);
      expect(whole).not.toHaveProperty('avgPrice');
      expect(await totals(1)).toEqual(whole);
    } finally {
      await t.db.update(cargo).set({ status: 'sold_out' }).where(eq(cargo.companyId, firm.id));
    }
  });

  it('counts facet values, each facet without its own filter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/web/2.0/searchCargo/Menu?products=%E5%86%B7%E8%BD%A7%E5%8D%B7%E6%9D%BF',
    });
    const { data } = res.json();
    expect(data.products).toEqual(
      expect.arrayContaining([
        { value: '热轧卷板', count: 28 },
        { value: '冷轧卷板', count: 1 },
      ]),
    );
    expect(data.materials).toEqual([{ value: 'SPHC', count: 1 }]);
    expect(data.cities).toEqual([{ value: '乐从', count: 1 }]);
    expect(data.cachedForSeconds).toBe(60);
  });
});

describe('suppliers', () => {
  it('lists suppliers with stock, most stock first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/web/searchCargo/supplier/list?pageSize=10' });
    const { data } = res.json();
    expect(data.list[0].cargoCount).toBe(25);
    expect(data.list.map((s: { name: string }) => s.name)).toContain('上海润钢贸易有限公司');
    const filtered = await t.app.inject({
      method: 'GET',
      url: `/api/web/searchCargo/supplier/list?keyword=${encodeURIComponent('润钢')}`,
    });
    expect(filtered.json().data.list.map((s: { cargoCount: number }) => s.cargoCount)).toEqual([1]);
  });
});

describe('price order and 过期 lots', () => {
  it('ranks current lots before 过期 ones in both directions, 电议 last', async () => {
    const seller = await makeCompany(t.db);
    const weeksAgo = new Date(Date.now() - 13 * 86400_000);
    const lot = (price: number, updatedAt?: Date) =>
      makeLot(t.db, catalog, { companyId: seller.id, price, ...(updatedAt ? { updatedAt } : {}) });
    const cheapOld = await lot(2000, weeksAgo);
    const dearOld = await lot(9000, weeksAgo);
    const low = await lot(3300);
    const high = await lot(3600);
    const call = await lot(0);
    const order = async (dir: 'asc' | 'desc') =>
      (await search({ supplierId: seller.id, sort: 'price', order: dir, pageSize: 20 }))
        .json()
        .data.list.map((r: { id: number; stale: boolean }) => [r.id, r.stale]);
    expect(await order('asc')).toEqual([
      [low.id, false],
      [high.id, false],
      [cheapOld.id, true],
      [dearOld.id, true],
      [call.id, false],
    ]);
    expect((await order('desc')).map(([id]: [number]) => id)).toEqual([
      high.id,
      low.id,
      dearOld.id,
      cheapOld.id,
      call.id,
    ]);
    // A deep page starts where it falls: the second of two-row pages holds the 过期 lots.
    const second = await search({ supplierId: seller.id, sort: 'price', order: 'asc', page: 2, pageSize: 2 });
    expect(second.json().data.list.map((r: { id: number }) => r.id)).toEqual([cheapOld.id, dearOld.id]);
  });
});
