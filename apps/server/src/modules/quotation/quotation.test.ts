/**
 * Today's quotations through the API: each filter, the header keyword, sorts, the change against
 * the same trader's previous quote, masked phones, totals, menus and the three-per-trader view.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dayString, MINUTE_MS, shiftDay } from '../../dates.ts';
import { contactUnlocks } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeCompany, makeUser } from '../../test/factories.ts';
import { makeCatalog, type TestCatalog } from '../../test/lots.ts';
import { makeQuotes } from '../../test/quotes.ts';

const t = useTestApp();
let catalog: TestCatalog;
let A: MadeUser;
let B: MadeUser;
let C: MadeUser;
let member: MadeUser;
const today = dayString(new Date());
const yesterday = shiftDay(today, -1);
const earlier = shiftDay(today, -3);
const ids: Record<string, number> = {};
/** Names the ids of rows made in order (ids.Q1...). */
const name = (names: string[], made: number[]) => {
  names.forEach((n, i) => {
    ids[n] = made[i]!;
  });
};
let ip = 1;
/** Each call from its own address, so these tests never trip the anti-scraping window. */
const nextIp = () => `10.7.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
const minutesAgo = (n: number) => new Date(Date.now() - n * MINUTE_MS);

beforeAll(async () => {
  catalog = await makeCatalog(t.db);
  // A company first, so that company ids and user ids differ (a link must not mix them up).
  await makeCompany(t.db);
  A = await makeUser(t.db, { role: 'trader' });
  B = await makeUser(t.db, { role: 'trader' });
  C = await makeUser(t.db, { role: 'trader' });
  member = await makeUser(t.db);
  const a = A.companyId!;
  const b = B.companyId!;
  const c = C.companyId!;
  const item = { spec: '2.75*1250*C', warehouse: 'lecong' } as const;
  name(['A0'], await makeQuotes(t.db, catalog, [{ companyId: a, day: earlier, price: 3400, ...item }]));
  name(
    ['A1', 'B1'],
    await makeQuotes(t.db, catalog, [
      { companyId: a, day: yesterday, price: 3420, ...item },
      { companyId: b, day: yesterday, price: 3500, ...item },
    ]),
  );
  name(
    ['Q1', 'Q2', 'Q3', 'Q4', 'Q5'],
    await makeQuotes(t.db, catalog, [
      { companyId: a, day: today, price: 3450, weight: 100, at: minutesAgo(50), ...item },
      { companyId: b, day: today, price: 3480, weight: 50, at: minutesAgo(40), ...item },
      {
        companyId: a,
        day: today,
        product: 'crc',
        material: 'SPHC',
        spec: '1.0*1250*C',
        mill: '宝钢',
        warehouse: 'zhangjiagang',
        price: 0,
        at: minutesAgo(30),
      },
      {
        companyId: c,
        day: today,
        material: 'SPHC',
        spec: '3.0*1500*C',
        mill: '宝钢',
        warehouse: 'zhangjiagang',
        price: 3520,
        at: minutesAgo(20),
      },
      {
        companyId: a,
        day: today,
        spec: '4.75*1500*C',
        price: 3380,
        remark: '带钢头尾卷',
        warehouse: 'lecong',
        at: minutesAgo(45),
      },
    ]),
  );
  // C quotes four more cold-rolled items, the newest of all today.
  const more = await makeQuotes(
    t.db,
    catalog,
    [0.5, 0.6, 0.7, 0.8].map((thickness, i) => ({
      companyId: c,
      day: today,
      product: 'crc' as const,
      material: 'SPHC' as const,
      spec: `${thickness}*1000*C`,
      mill: '宝钢' as const,
      warehouse: 'zhangjiagang' as const,
      price: 4000,
      at: minutesAgo(10 - i),
    })),
  );
  name(['C2', 'C3', 'C4', 'C5'], more);
  // The member unlocked A's phone (as an enquiry on A's stock would have).
  await t.db.insert(contactUnlocks).values({ userId: member.id, companyId: a });
});

async function post(url: string, body: Record<string, unknown>, token?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body,
    remoteAddress: nextIp(),
    ...(token ? { headers: { 'x-token': token } } : {}),
  });
}
const search = (body: Record<string, unknown>, token?: string) =>
  post('/api/web/2.0/quotation/list-index', body, token);
const listIds = async (body: Record<string, unknown>) =>
  (await search(body)).json().data.list.map((r: { id: number }) => r.id);

describe('list-index', () => {
  it("lists the newest day's quotes, newest first, with trader, product and change", async () => {
    const res = await search({});
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.date).toBe(today);
    expect(data.total).toBe(9);
    expect(data.list.map((r: { id: number }) => r.id).slice(0, 4)).toEqual([ids.C5, ids.C4, ids.C3, ids.C2]);
    const q1 = data.list.find((r: { id: number }) => r.id === ids.Q1);
    expect(q1).toMatchObject({
      product: '热轧卷板',
      material: 'Q235B',
      spec: '2.75*1250*C',
      origin: '日照',
      city: '乐从',
      warehouse: '乐从钢铁世界仓',
      price: 3450,
      callForPrice: false,
      previousPrice: 3420,
      change: 30,
      weight: 100,
      quoteDate: today,
      trader: { userId: A.id, companyId: A.companyId },
    });
  });

  it("computes the change against the same trader's previous quote of the same item", async () => {
    const rows = (await search({ pageSize: 50 })).json().data.list as {
      id: number;
      change: number | null;
      previousPrice: number | null;
    }[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    // A: 3420 yesterday -> 3450; B's own previous 3500 -> 3480, not A's.
    expect(byId.get(ids.Q2!)).toMatchObject({ previousPrice: 3500, change: -20 });
    // First quotes of an item, and 电议, show no change.
    expect(byId.get(ids.Q4!)).toMatchObject({ previousPrice: null, change: null });
    expect(byId.get(ids.Q3!)).toMatchObject({
      price: 0,
      callForPrice: true,
      previousPrice: null,
      change: null,
    });
    const first = (await search({ date: earlier })).json().data;
    expect(first.list).toHaveLength(1);
    expect(first.list[0]).toMatchObject({ id: ids.A0, previousPrice: null, change: null, price: 3400 });
    const before = (await search({ date: yesterday, sort: 'price', order: 'asc' })).json().data;
    expect(before.list.map((r: { id: number; change: number | null }) => [r.id, r.change])).toEqual([
      [ids.A1, 20],
      [ids.B1, null],
    ]);
  });

  it('understands the header keyword like the spot stock search', async () => {
    const res = await search({ indexSearch: '热卷 Q235B 2.75*1250 日照' });
    const { data } = res.json();
    expect(data.understood.map((u: { kind: string; value: string }) => `${u.kind}:${u.value}`)).toEqual([
      'product:热轧卷板',
      'material:Q235B',
      'spec:2.75*1250',
      'origin:日照',
    ]);
    expect(data.list.map((r: { id: number }) => r.id).sort()).toEqual([ids.Q1, ids.Q2].sort());
    expect(data.total).toBe(2);
    expect(await listIds({ indexSearch: '冷卷' })).toHaveLength(5);
    expect(await listIds({ indexSearch: '上海 热卷' })).toEqual([ids.Q4]);
    expect(await listIds({ indexSearch: '带钢头' })).toEqual([ids.Q5]);
  });

  it('filters by each field', async () => {
    const sorted = async (body: Record<string, unknown>) =>
      (await listIds(body)).sort((x: number, y: number) => x - y);
    const asc = (...list: number[]) => [...list].sort((x, y) => x - y);
    expect(await sorted({ products: ['热轧卷板'] })).toEqual(asc(ids.Q1!, ids.Q2!, ids.Q4!, ids.Q5!));
    expect(await sorted({ products: ['热卷'] })).toEqual(asc(ids.Q1!, ids.Q2!, ids.Q4!, ids.Q5!));
    expect(await sorted({ materials: ['q235b'] })).toEqual(asc(ids.Q1!, ids.Q2!, ids.Q5!));
    expect(await sorted({ origins: ['日照'] })).toEqual(asc(ids.Q1!, ids.Q2!, ids.Q5!));
    expect(await sorted({ cities: ['乐从'] })).toEqual(asc(ids.Q1!, ids.Q2!, ids.Q5!));
    expect(await sorted({ warehouses: ['乐从钢铁世界仓'] })).toEqual(asc(ids.Q1!, ids.Q2!, ids.Q5!));
    expect(await sorted({ spec: '2.75×1250' })).toEqual(asc(ids.Q1!, ids.Q2!));
    expect(await sorted({ thicknessMin: 4, thicknessMax: 5 })).toEqual([ids.Q5]);
    expect(await sorted({ widthMin: 1500, products: ['热轧卷板'] })).toEqual(asc(ids.Q4!, ids.Q5!));
    expect(await sorted({ traderId: A.id })).toEqual(asc(ids.Q1!, ids.Q3!, ids.Q5!));
    expect(await sorted({ traderId: member.id })).toEqual([]);
    expect(await sorted({ date: yesterday })).toEqual(asc(ids.A1!, ids.B1!));
    expect(await sorted({ products: ['不存在的品名'] })).toEqual([]);
  });

  it('sorts by price with 电议 last either way, and by change', async () => {
    const prices = async (order: string) =>
      (await search({ sort: 'price', order, pageSize: 50 }))
        .json()
        .data.list.map((r: { price: number }) => r.price);
    expect(await prices('asc')).toEqual([3380, 3450, 3480, 3520, 4000, 4000, 4000, 4000, 0]);
    expect(await prices('desc')).toEqual([4000, 4000, 4000, 4000, 3520, 3480, 3450, 3380, 0]);
    const byChange = (await search({ sort: 'change', order: 'desc', products: ['热轧卷板'] })).json().data
      .list;
    expect(byChange[0].id).toBe(ids.Q1);
    expect(byChange.at(-1).id).toBe(ids.Q2);
    const page2 = (await search({ sort: 'price', order: 'asc', page: 2, pageSize: 4 })).json().data;
    expect(page2.list.map((r: { price: number }) => r.price)).toEqual([4000, 4000, 4000, 4000]);
    const page3 = (await search({ sort: 'price', order: 'asc', page: 3, pageSize: 4 })).json().data;
    expect(page3.list.map((r: { price: number }) => r.price)).toEqual([0]);
    // Descending walks the same parts (priced, then 电议) from a deep page on.
    const desc3 = (await search({ sort: 'price', order: 'desc', page: 3, pageSize: 4 })).json().data;
    expect(desc3.list.map((r: { price: number }) => r.price)).toEqual([0]);
  });

  it('masks phones and hides contact names from visitors; unlocked firms show them', async () => {
    const visitor = (await search({ traderId: A.id })).json().data.list[0].trader;
    expect(visitor.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(visitor).toMatchObject({ contactName: null, unlocked: false });
    const rows = (await search({ pageSize: 50 }, member.token)).json().data.list as {
      trader: { companyId: number; phone: string; unlocked: boolean; contactName: string | null };
    }[];
    const ofA = rows.find((r) => r.trader.companyId === A.companyId)!.trader;
    const ofB = rows.find((r) => r.trader.companyId === B.companyId)!.trader;
    expect(ofA.unlocked).toBe(true);
    expect(ofA.phone).toMatch(/^1390000\d{4}$/);
    expect(ofA.contactName).toMatch(/^联系人/);
    expect(ofB).toMatchObject({ unlocked: false });
    expect(ofB.phone).toContain('****');
    expect(ofB.contactName).toMatch(/^联系人/);
  });

  it('refuses bad paging, dates, specs and ranges with code 2', async () => {
    for (const body of [
      { page: 0 },
      { pageSize: 0 },
      { pageSize: 101 },
      { page: 'x' },
      { page: 2147483648 },
      { page: 101, pageSize: 100 },
      { date: '2026-02-30' },
      { date: 'today' },
      { spec: 'abc' },
      { thicknessMin: 5, thicknessMax: 4 },
      { traderId: 0 },
      { indexSearch: 'x'.repeat(101) },
      { sort: 'weight' },
    ]) {
      const res = await search(body);
      expect(res.json().code, JSON.stringify(body)).toBe(2);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('list-index-total', () => {
  it('counts rows, traders, tonnage, and per product the mean price and its change', async () => {
    const res = await post('/api/web/2.0/quotation/list-index-total', {});
    const { data } = res.json();
    expect(data).toMatchObject({
      date: today,
      previousDate: yesterday,
      rows: 9,
      priced: 8,
      callForPrice: 1,
      traders: 3,
      weight: 150,
      cachedForSeconds: 60,
    });
    expect(data.products).toEqual([
      { product: '冷轧卷板', rows: 5, avgPrice: 4000, previousAvgPrice: null, change: null },
      // (3450 + 3480 + 3520 + 3380) / 4 against (3420 + 3500) / 2
      { product: '热轧卷板', rows: 4, avgPrice: 3457.5, previousAvgPrice: 3460, change: -2.5 },
    ]);
  });

  it('compares the previous day under the same filter', async () => {
    const { data } = (
      await post('/api/web/2.0/quotation/list-index-total', { indexSearch: '热卷 日照' })
    ).json();
    expect(data).toMatchObject({ rows: 3, traders: 2 });
    expect(data.products).toEqual([
      { product: '热轧卷板', rows: 3, avgPrice: 3436.67, previousAvgPrice: 3460, change: -23.33 },
    ]);
  });
});

describe('getMenus', () => {
  it('counts each facet without its own filter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/web/2.0/quotation/getMenus?products=${encodeURIComponent('冷轧卷板')}`,
    });
    const { data } = res.json();
    expect(data.date).toBe(today);
    expect(data.products).toEqual([
      { value: '冷轧卷板', count: 5 },
      { value: '热轧卷板', count: 4 },
    ]);
    expect(data.materials).toEqual([{ value: 'SPHC', count: 5 }]);
    expect(data.cities).toEqual([{ value: '张家港', count: 5 }]);
    expect(data.origins).toEqual([{ value: '宝钢', count: 5 }]);
    const all = (await t.app.inject({ method: 'GET', url: '/api/web/2.0/quotation/getMenus' })).json().data;
    expect(all.warehouses).toEqual([
      { value: '张家港保税仓', count: 6 },
      { value: '乐从钢铁世界仓', count: 3 },
    ]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/web/2.0/quotation/getMenus?widthMin=-1' });
    expect(bad.json().code).toBe(2);
  });
});

describe('list-index-three', () => {
  it('gives each trader its three newest quotes, paged by trader', async () => {
    const res = await post('/api/web/2.0/quotation/list-index-three', { pageSize: 2 });
    const { data } = res.json();
    expect(data).toMatchObject({ total: 3, page: 1, pageSize: 2, date: today });
    expect(data.list).toHaveLength(2);
    const [first, second] = data.list;
    expect(first.trader).toMatchObject({ userId: C.id, companyId: C.companyId });
    expect(first.count).toBe(5);
    expect(first.quotes.map((r: { id: number }) => r.id)).toEqual([ids.C5, ids.C4, ids.C3]);
    // A's newest (Q3, 30 min ago) is later than B's only quote (40 min ago).
    expect(second.trader.userId).toBe(A.id);
    expect(second.quotes.map((r: { id: number }) => r.id)).toEqual([ids.Q3, ids.Q5, ids.Q1]);
    const page2 = (await post('/api/web/2.0/quotation/list-index-three', { pageSize: 2, page: 2 })).json()
      .data;
    expect(page2.list.map((g: { trader: { userId: number } }) => g.trader.userId)).toEqual([B.id]);
    for (const group of [...data.list, ...page2.list]) expect(group.quotes.length).toBeLessThanOrEqual(3);
    const bad = await post('/api/web/2.0/quotation/list-index-three', { pageSize: 51 });
    expect(bad.json().code).toBe(2);
  });
});

describe('no quotations', () => {
  it('answers an empty day with its date and an empty list', async () => {
    const { data } = (await search({ date: '2001-01-01' })).json();
    expect(data).toMatchObject({ list: [], total: 0, date: '2001-01-01' });
    const totals = (await post('/api/web/2.0/quotation/list-index-total', { date: '2001-01-01' })).json()
      .data;
    expect(totals).toMatchObject({ rows: 0, traders: 0, products: [], previousDate: null });
  });
});

describe('supplier links', () => {
  it('give the firm page id of a quote whose company has no user as null', async () => {
    const lonely = await makeCompany(t.db);
    await makeQuotes(t.db, catalog, [{ companyId: lonely.id, day: '2001-01-02', price: 3000 }]);
    const { data } = (await search({ date: '2001-01-02' })).json();
    expect(data.list[0].trader).toMatchObject({ userId: null, companyId: lonely.id });
  });
});
