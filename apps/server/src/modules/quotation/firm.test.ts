/**
 * The firm pages (list-user, list-user-zero by the trader's user id), the supplier links of spot
 * stock and surplus that lead to them, and the active-trader ranking.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dayString, MINUTE_MS, shiftDay } from '../../dates.ts';
import { contactUnlocks, userActivity } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeCompany, makeUser } from '../../test/factories.ts';
import { makeCatalog, makeLot, type TestCatalog } from '../../test/lots.ts';
import { makeQuotes } from '../../test/quotes.ts';

const t = useTestApp();
let catalog: TestCatalog;
let A: MadeUser;
let B: MadeUser;
let member: MadeUser;
const today = dayString(new Date());
const yesterday = shiftDay(today, -1);
const ids: Record<string, number> = {};
/** Names the ids of rows made in order (ids.Q1...). */
const name = (names: string[], made: number[]) => {
  names.forEach((n, i) => {
    ids[n] = made[i]!;
  });
};
let lonelyCompanyId = 0;
let ip = 1;
const nextIp = () => `10.8.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
const minutesAgo = (n: number) => new Date(Date.now() - n * MINUTE_MS);

beforeAll(async () => {
  catalog = await makeCatalog(t.db);
  // A company first, so that company ids and user ids differ (a link must not mix them up).
  await makeCompany(t.db);
  A = await makeUser(t.db, { role: 'trader' });
  B = await makeUser(t.db, { role: 'trader' });
  member = await makeUser(t.db);
  const a = A.companyId!;
  name(
    ['old'],
    await makeQuotes(t.db, catalog, [
      { companyId: a, day: yesterday, price: 3400, warehouse: 'lecong' },
      { companyId: a, day: yesterday, product: 'crc', spec: '1.0*1250*C', price: 0 },
    ]),
  );
  name(
    ['P1', 'P2', 'Z1', 'Z2'],
    await makeQuotes(t.db, catalog, [
      { companyId: a, day: today, price: 3450, warehouse: 'lecong', at: minutesAgo(40) },
      { companyId: a, day: today, spec: '3.0*1500*C', price: 3500, warehouse: 'lecong', at: minutesAgo(30) },
      { companyId: a, day: today, product: 'crc', spec: '1.0*1250*C', price: 0, at: minutesAgo(20) },
      { companyId: a, day: today, product: 'crc', spec: '0.8*1250*C', price: 0, at: minutesAgo(10) },
    ]),
  );
  // B quoted only the day before yesterday: its page shows that day.
  await makeQuotes(t.db, catalog, [{ companyId: B.companyId!, day: shiftDay(today, -2), price: 3300 }]);
  ids.lot = (await makeLot(t.db, catalog, { companyId: a, warehouse: 'zhangjiagang' })).id;
  ids.surplus = (await makeLot(t.db, catalog, { companyId: a }, 'surplus')).id;
  await makeLot(t.db, catalog, { companyId: a, status: 'sold_out' });
  // Companies enough that this one's id is no user's id.
  for (let i = 0; i < 10; i++) lonelyCompanyId = (await makeCompany(t.db)).id;

  const day = (n: number) => shiftDay(today, -n);
  await t.db.insert(userActivity).values([
    { userId: A.id, companyId: a, kind: 'quote', day: day(0), count: 6 },
    { userId: A.id, companyId: a, kind: 'quote', day: day(1), count: 4 },
    { userId: B.id, companyId: B.companyId, kind: 'stock', day: day(2), count: 3 },
    { userId: B.id, companyId: B.companyId, kind: 'surplus', day: day(2), count: 2 },
    { userId: B.id, companyId: B.companyId, kind: 'enquiry_answered', day: day(6), count: 3 },
    // Logins earn nothing; a week ago is outside days=7.
    { userId: member.id, companyId: null, kind: 'login', day: day(0), count: 50 },
    { userId: A.id, companyId: a, kind: 'login', day: day(0), count: 100 },
    { userId: A.id, companyId: a, kind: 'quote', day: day(7), count: 100 },
  ]);
});

async function firmPage(
  kind: 'list-user' | 'list-user-zero',
  id: number | string,
  body = {},
  token?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/web/2.0/quotation/${kind}/${id}`,
    payload: body,
    remoteAddress: nextIp(),
    ...(token ? { headers: { 'x-token': token } } : {}),
  });
}

describe('list-user', () => {
  it("lists a trader's priced quotes of its latest day with its firm profile", async () => {
    const res = await firmPage('list-user', A.id);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ total: 2, page: 1, pageSize: 20, date: today });
    expect(data.list.map((r: { id: number }) => r.id)).toEqual([ids.P2, ids.P1]);
    expect(data.list.every((r: { callForPrice: boolean }) => !r.callForPrice)).toBe(true);
    expect(data.list[1]).toMatchObject({ price: 3450, previousPrice: 3400, change: 50 });
    expect(data.firm).toMatchObject({
      userId: A.id,
      companyId: A.companyId,
      contactName: null,
      unlocked: false,
      lastQuoteDate: today,
      quoteCount: 2,
      callForPriceCount: 2,
      cargoCount: 1,
      surplusCount: 1,
      warehouses: ['张家港保税仓', '乐从钢铁世界仓'],
    });
    expect(data.firm.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(Date.parse(data.firm.memberSince)).not.toBeNaN();
  });

  it('lists an earlier day when asked, and a trader whose last quotes are older', async () => {
    const { data } = (await firmPage('list-user', A.id, { date: yesterday })).json();
    expect(data.list.map((r: { id: number }) => r.id)).toEqual([ids.old]);
    expect(data.firm).toMatchObject({ lastQuoteDate: today, quoteCount: 1, callForPriceCount: 1 });
    const ofB = (await firmPage('list-user', B.id)).json().data;
    expect(ofB).toMatchObject({ total: 1, date: shiftDay(today, -2) });
    expect(ofB.firm).toMatchObject({ cargoCount: 0, warehouses: [] });
  });

  it('shows the phone and contact to a member who unlocked the firm', async () => {
    await t.db.insert(contactUnlocks).values({ userId: member.id, companyId: A.companyId! });
    const { data } = (await firmPage('list-user', A.id, {}, member.token)).json();
    expect(data.firm.unlocked).toBe(true);
    expect(data.firm.phone).toMatch(/^1390000\d{4}$/);
    expect(data.firm.contactName).toMatch(/^联系人/);
    expect(data.list[0].trader).toMatchObject({ unlocked: true, userId: A.id });
  });

  it('answers code 6 for a company id, an unknown user and a user without a company', async () => {
    for (const id of [lonelyCompanyId, 999999, member.id]) {
      for (const kind of ['list-user', 'list-user-zero'] as const) {
        const res = await firmPage(kind, id);
        expect(res.json().code, `${kind}/${id}`).toBe(6);
        expect(res.statusCode).toBe(404);
      }
    }
  });

  it('answers code 2 for a bad id or bad paging', async () => {
    for (const [id, body] of [
      ['abc', {}],
      [0, {}],
      ['2147483648', {}],
      [A.id, { page: 0 }],
      [A.id, { pageSize: 500 }],
      [A.id, { date: '2026-13-01' }],
      [A.id, { date: '2025-02-29' }],
    ] as const) {
      const res = await firmPage('list-user', id, body);
      expect(res.json().code, `${id} ${JSON.stringify(body)}`).toBe(2);
    }
  });
});

describe('list-user-zero', () => {
  it("lists only the trader's 电议 items", async () => {
    const { data } = (await firmPage('list-user-zero', A.id)).json();
    expect(data).toMatchObject({ total: 2, date: today });
    expect(data.list.map((r: { id: number }) => r.id)).toEqual([ids.Z2, ids.Z1]);
    expect(
      data.list.every((r: { price: number; callForPrice: boolean }) => r.price === 0 && r.callForPrice),
    ).toBe(true);
    // 电议 yesterday and 电议 again today: a previous quote, but no change to show.
    expect(data.list[1]).toMatchObject({ previousPrice: 0, change: null });
    expect(data.list[0]).toMatchObject({ previousPrice: null, change: null });
    const priced = (await firmPage('list-user', A.id, { pageSize: 100 })).json().data.list;
    expect(priced.some((r: { callForPrice: boolean }) => r.callForPrice)).toBe(false);
  });
});

describe('supplier links of spot stock and surplus', () => {
  it("carry the trader's user id, which opens its firm page", async () => {
    const cargo = await t.app.inject({
      method: 'POST',
      url: '/api/web/2.0/searchCargo/page',
      payload: { supplierId: A.companyId },
      remoteAddress: nextIp(),
    });
    const row = cargo.json().data.list[0];
    expect(row).toMatchObject({ id: ids.lot, supplierUserId: A.id, supplier: { id: A.companyId } });
    const surplus = await t.app.inject({
      method: 'GET',
      url: `/api/web/2.0/searchMaterial/page?supplierId=${A.companyId}`,
      remoteAddress: nextIp(),
    });
    expect(surplus.json().data.list[0]).toMatchObject({ id: ids.surplus, supplierUserId: A.id });
    const suppliers = await t.app.inject({ method: 'GET', url: '/api/web/searchCargo/supplier/list' });
    expect(suppliers.json().data.list).toContainEqual(
      expect.objectContaining({ id: A.companyId, supplierUserId: A.id }),
    );
    const page = (await firmPage('list-user', row.supplierUserId)).json();
    expect(page.data.firm.companyId).toBe(A.companyId);
  });
});

describe('getRank', () => {
  it('ranks traders by recorded activity over the last days', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/web/2.0/userActivityRecord/getRank' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ days: 7, from: shiftDay(today, -6), to: today, cachedForSeconds: 60 });
    expect(data.list).toEqual([
      {
        rank: 1,
        userId: B.id,
        companyId: B.companyId,
        name: expect.any(String),
        shortName: expect.any(String),
        city: '上海',
        score: 14,
        quotes: 0,
        stock: 5,
        enquiriesAnswered: 3,
      },
      expect.objectContaining({
        rank: 2,
        userId: A.id,
        score: 10,
        quotes: 10,
        stock: 0,
        enquiriesAnswered: 0,
      }),
    ]);
    const month = (
      await t.app.inject({ method: 'GET', url: '/api/web/2.0/userActivityRecord/getRank?days=30&limit=1' })
    ).json().data;
    expect(month.list).toEqual([expect.objectContaining({ rank: 1, userId: A.id, score: 110 })]);
    for (const qs of ['days=0', 'days=91', 'days=x', 'limit=51']) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/web/2.0/userActivityRecord/getRank?${qs}` });
      expect(bad.json().code, qs).toBe(2);
    }
  });
});
