/**
 * The price tables through the API (issue 34): a cell is the median of its day's priced live
 * quotes (odd and even counts, half up), thin and blank cells, the change against the product's
 * previous trading day, filters, pinned and hidden rows (audited), the summary, a cell's history
 * by access, the quotes behind a cell, the exports, an unknown product, and a table that follows
 * a quote written after it was cached.
 */

import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayString, shiftDay } from '../../dates.ts';
import { auditLog, quotations } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { makeCatalog, type TestCatalog } from '../../test/lots.ts';
import { deleteOwnQuotesByIds, publishQuotes, updateOwnQuote } from '../quotation/service.ts';

const t = useTestApp();
let catalog: TestCatalog;
let traders: MadeUser[];
let visitorless: { member: MadeUser; data: MadeUser; admin: MadeUser };
const today = dayString(new Date());
/** The previous trading day of 热轧卷板: nobody quoted it yesterday. */
const previous = shiftDay(today, -2);
const HRC = '热轧卷板';
const A = { grade: 'Q235B', spec: '2.75*1250*C', mill: '日照' };
const B = { grade: 'Q235B', spec: '10*2200*L', mill: '宝钢' };
const C = { grade: 'SPHC', spec: '3*1500*C', mill: '宝钢' };
let ip = 1;
const nextIp = () => `10.34.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

interface Q {
  trader?: number;
  item: { grade: string; spec: string; mill: string };
  city: string;
  day: string;
  price: number;
  product?: 'hrc' | 'crc';
  deleted?: boolean;
  weight?: number;
}

/** A stored quote row (tests write the table directly); prices in 元. */
function row(q: Q) {
  const [thickness] = q.item.spec.split('*');
  return {
    companyId: traders[q.trader ?? 0]!.companyId!,
    productId: q.product === 'crc' ? catalog.crc : catalog.hrc,
    material: q.item.grade,
    spec: q.item.spec,
    thickness: Number(thickness),
    origin: q.item.mill,
    city: q.city,
    warehouseName: `${q.city}一号库`,
    priceFen: Math.round(q.price * 100),
    quoteDate: q.day,
    weightKg: (q.weight ?? 0) * 1000,
    ...(q.deleted ? { deletedAt: new Date() } : {}),
  };
}

const insert = async (qs: Q[]) =>
  (await t.db.insert(quotations).values(qs.map(row)).returning({ id: quotations.id })).map((r) => r.id);

/** The median the way the contract says it: the middle, or the two middle ones' mean half up. */
function median(prices: number[]): number {
  const fen = prices.map((p) => Math.round(p * 100)).sort((a, b) => a - b);
  const mid = Math.floor(fen.length / 2);
  const value = fen.length % 2 ? fen[mid]! : Math.floor((fen[mid - 1]! + fen[mid]! + 1) / 2);
  return value / 100;
}

async function get(url: string, token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    remoteAddress: nextIp(),
    ...(token ? { headers: { 'x-token': token } } : {}),
  });
  return res;
}
const json = async (url: string, token?: string) => (await get(url, token)).json();
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

type Table = {
  date: string | null;
  previousDate: string | null;
  cities: string[];
  products: string[];
  rows: {
    grade: string;
    spec: string;
    mill: string;
    pinned: boolean;
    cells: { city: string; price: number | null; quotes: number; thin: boolean; change: number | null }[];
  }[];
};
const table = async (params: Record<string, string> = {}): Promise<Table> => {
  const body = await json(`/api/web/2.0/priceTable?${q({ product: HRC, ...params })}`);
  expect(body.code).toBe(0);
  return body.data;
};
const cellOf = (tb: Table, item: { grade: string; spec: string; mill: string }, city: string) => {
  const r = tb.rows.find((x) => x.grade === item.grade && x.spec === item.spec && x.mill === item.mill);
  return r?.cells.find((c) => c.city === city);
};
const hasRow = (tb: Table, item: { grade: string; spec: string; mill: string }) =>
  tb.rows.some((x) => x.grade === item.grade && x.spec === item.spec && x.mill === item.mill);

const LECONG_TODAY = [3400, 3450, 3480];
const SHANGHAI_TODAY = [3400.01, 3400.04];

beforeAll(async () => {
  catalog = await makeCatalog(t.db);
  traders = [];
  for (let i = 0; i < 4; i += 1) traders.push(await makeUser(t.db, { role: 'trader' }));
  visitorless = {
    member: await makeUser(t.db),
    data: await makeUser(t.db, { vip: true }),
    admin: await makeUser(t.db, { role: 'admin' }),
  };
  // 30 fillers, each quoted twice five days ago: more often than C, less than A and B.
  const fillers: Q[] = [];
  for (let i = 0; i < 30; i += 1) {
    const item = { grade: 'Q195', spec: `${(1.5 + i / 10).toFixed(1)}*1250*C`, mill: '沙钢' };
    fillers.push(
      { item, city: '乐从', day: shiftDay(today, -5), price: 3300 },
      { item, city: '乐从', day: shiftDay(today, -5), price: 3310 },
    );
  }
  await insert([
    ...fillers,
    ...LECONG_TODAY.map((price, i) => ({ trader: i, item: A, city: '乐从', day: today, price, weight: 30 })),
    // ignored: deleted, 电议
    { trader: 3, item: A, city: '乐从', day: today, price: 1000, deleted: true },
    { trader: 3, item: A, city: '乐从', day: today, price: 0 },
    ...SHANGHAI_TODAY.map((price, i) => ({ trader: i, item: A, city: '上海', day: today, price })),
    { item: A, city: '乐从', day: previous, price: 3430 },
    { item: A, city: '张家港', day: previous, price: 3300 },
    { item: A, city: '乐从', day: shiftDay(today, -100), price: 3100 },
    { item: B, city: '张家港', day: today, price: 3600 },
    { item: B, city: '张家港', day: previous, price: 3650 },
    { item: B, city: '张家港', day: shiftDay(today, -3), price: 3640 },
    { item: C, city: '乐从', day: shiftDay(today, -10), price: 3900 },
    // another product quoted yesterday: not 热轧卷板's previous trading day
    { item: A, city: '乐从', day: shiftDay(today, -1), price: 5000, product: 'crc' },
  ]);
});

describe('GET /api/web/2.0/priceTable', () => {
  it('answers the latest day: rows by grade and size, cities by quotes, medians of priced live quotes', async () => {
    const tb = await table();
    expect(tb.date).toBe(today);
    expect(tb.previousDate).toBe(previous);
    expect(tb.cities).toEqual(['乐从', '上海', '张家港']);
    expect(tb.products).toEqual([HRC, '冷轧卷板']);
    // A (2.75) before B (10): thickness as a number; Q195 fillers first by grade
    const q235 = tb.rows.filter((r) => r.grade === 'Q235B').map((r) => r.spec);
    expect(q235).toEqual([A.spec, B.spec]);
    expect(tb.rows.length).toBe(30);
    expect(hasRow(tb, C)).toBe(false);
    // odd count: the middle quote; the deleted and the 电议 quote left out
    expect(cellOf(tb, A, '乐从')).toEqual({
      city: '乐从',
      price: median(LECONG_TODAY),
      quotes: 3,
      thin: false,
      change: 20,
    });
    // even count: the mean of the two, half up to whole fen (3400.025 -> 3400.03)
    expect(cellOf(tb, A, '上海')).toMatchObject({ price: median(SHANGHAI_TODAY), quotes: 2, change: null });
    expect(median(SHANGHAI_TODAY)).toBe(3400.03);
    // one quote: thin; the change against the previous trading day's cell
    expect(cellOf(tb, B, '张家港')).toEqual({
      city: '张家港',
      price: 3600,
      quotes: 1,
      thin: true,
      change: -50,
    });
    // quoted the previous day but not today: blank, never carried forward
    expect(cellOf(tb, A, '张家港')).toEqual({
      city: '张家港',
      price: null,
      quotes: 0,
      thin: true,
      change: null,
    });
  });

  it('filters by city, grade and a part of the spec', async () => {
    const byCity = await table({ city: '上海' });
    expect(byCity.cities).toEqual(['上海']);
    expect(byCity.rows.map((r) => r.spec)).toEqual([A.spec]);
    const byGrade = await table({ grade: 'Q235B' });
    expect(byGrade.rows.map((r) => r.spec)).toEqual([A.spec, B.spec]);
    const bySpec = await table({ spec: '2200' });
    expect(bySpec.rows.map((r) => r.spec)).toEqual([B.spec]);
    expect(bySpec.cities).toEqual(['张家港']);
  });

  it('answers an earlier day as asked, its own previous trading day and no later quotes', async () => {
    // up to that day the fillers are quoted more often than A: a grade filter finds A's row
    expect(hasRow(await table({ date: previous }), A)).toBe(false);
    const tb = await table({ date: previous, grade: 'Q235B' });
    expect(tb.date).toBe(previous);
    expect(tb.previousDate).toBe(shiftDay(today, -3));
    expect(cellOf(tb, A, '乐从')).toMatchObject({ price: 3430, change: null });
    expect(cellOf(tb, B, '张家港')).toMatchObject({ price: 3650, change: 10 });
  });

  it('refuses an unknown product with code 1 and a bad day with code 2', async () => {
    const res = await get(`/api/web/2.0/priceTable?${q({ product: '不存在的品名' })}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1, message: '没有「不存在的品名」这个品名', data: null });
    const bad = await json(`/api/web/2.0/priceTable?${q({ product: HRC, date: '2026-02-30' })}`);
    expect(bad.code).toBe(2);
    // a day whose frequency window would start before year 1: an empty table, not a 500
    const early = await table({ date: '0001-01-05' });
    expect(early).toMatchObject({ date: '0001-01-05', previousDate: null, cities: [], rows: [] });
  });

  it('shows a quote of the day written after the table was cached', async () => {
    const before = await table();
    expect(cellOf(before, A, '乐从')?.price).toBe(3450);
    // through the quotation module's own write path, as the workspace and imports write
    const [id] = await publishQuotes(t.db, [
      { ...row({ trader: 3, item: A, city: '乐从', day: today, price: 3500 }) },
    ]);
    const after = await table();
    expect(cellOf(after, A, '乐从')).toMatchObject({ price: median([...LECONG_TODAY, 3500]), quotes: 4 });
    // an edit of today's quote (updated_at moves)
    const trader = traders[3]!;
    const {
      companyId: _company,
      quoteDate: _day,
      ...write
    } = row({ item: A, city: '乐从', day: today, price: 3600 });
    expect(await updateOwnQuote(t.db, trader.companyId!, id!, today, write, null)).toBe(true);
    expect(cellOf(await table(), A, '乐从')?.price).toBe(median([...LECONG_TODAY, 3600]));
    // a soft delete by id (which leaves updated_at as it was)
    await deleteOwnQuotesByIds(t.db, trader.companyId!, [id!]);
    expect(cellOf(await table(), A, '乐从')).toMatchObject({ price: 3450, quotes: 3 });
  });
});

describe('pinned and hidden rows', () => {
  const put = (token: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/priceTable/items',
      headers: { 'x-token': token },
      remoteAddress: nextIp(),
      payload,
    });

  it('pins a rarely quoted item, hides another, both at once and audited', async () => {
    const pin = await put(visitorless.admin.token, { product: HRC, ...C, state: 'pinned' });
    expect(pin.json()).toMatchObject({ code: 0, data: { ...C, state: 'pinned', quotes: 1, shown: true } });
    const hide = await put(visitorless.admin.token, { product: HRC, ...B, state: 'hidden' });
    expect(hide.json()).toMatchObject({ code: 0, data: { ...B, state: 'hidden', shown: false } });

    const tb = await table();
    const pinned = tb.rows.find((r) => r.grade === C.grade);
    expect(pinned).toMatchObject({ ...C, pinned: true });
    expect(pinned!.cells.every((c) => c.price === null)).toBe(true);
    expect(hasRow(tb, B)).toBe(false);
    // B's place among the 30 most quoted went to a filler
    expect(tb.rows.filter((r) => !r.pinned).length).toBe(30);

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'price_table_item'), eq(auditLog.actorUserId, visitorless.admin.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['price_table_item.hide', 'price_table_item.pin']);
    const pinRow = audits.find((a) => a.action === 'price_table_item.pin')!;
    expect(pinRow.before).toBeNull();
    expect(pinRow.after).toMatchObject({ product: HRC, ...C, state: 'pinned' });

    const list = await json(`/api/admin/priceTable/items?${q({ product: HRC })}`, visitorless.admin.token);
    expect(list.code).toBe(0);
    const listed = (item: object) =>
      list.data.list.find(
        (x: { grade: string; spec: string; mill: string }) =>
          JSON.stringify({ grade: x.grade, spec: x.spec, mill: x.mill }) === JSON.stringify(item),
      );
    expect(listed(A)).toMatchObject({ state: 'auto', shown: true });
    expect(listed(B)).toMatchObject({ state: 'hidden', quotes: 3, shown: false });
    expect(listed(C)).toMatchObject({ state: 'pinned', quotes: 1, shown: true });

    // released: back by frequency, and the release audited
    const release = await put(visitorless.admin.token, { product: HRC, ...B, state: 'auto' });
    expect(release.json().data).toMatchObject({ state: 'auto', shown: true });
    expect(hasRow(await table(), B)).toBe(true);
    const [released] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'price_table_item.release'));
    expect(released!.before).toMatchObject({ state: 'hidden' });
  });

  it('refuses members, and an unknown product with code 1', async () => {
    const member = await put(visitorless.member.token, { product: HRC, ...A, state: 'pinned' });
    expect(member.json().code).toBe(5);
    const unknown = await put(visitorless.admin.token, { product: '无此品名', ...A, state: 'pinned' });
    expect(unknown.json()).toMatchObject({ code: 1, message: '没有「无此品名」这个品名' });
    const bad = await put(visitorless.admin.token, { product: HRC, ...A, state: 'shown' });
    expect(bad.json().code).toBe(2);
  });
});

describe('GET /api/web/2.0/priceTable/summary', () => {
  it('counts rising, falling and unchanged cells per product and city', async () => {
    const body = await json('/api/web/2.0/priceTable/summary');
    expect(body.code).toBe(0);
    expect(body.data.date).toBe(today);
    // the market's previous trading day (冷轧卷板 was quoted yesterday)
    expect(body.data.previousDate).toBe(shiftDay(today, -1));
    const hrc = body.data.products.find((p: { product: string }) => p.product === HRC);
    expect(hrc).toMatchObject({ rising: 1, falling: 1, unchanged: 0 });
    expect(hrc.cities).toEqual([
      { city: '乐从', rising: 1, falling: 0, unchanged: 0 },
      { city: '上海', rising: 0, falling: 0, unchanged: 0 },
      { city: '张家港', rising: 0, falling: 1, unchanged: 0 },
    ]);
    expect(body.data.products.map((p: { product: string }) => p.product)).toEqual([HRC]);
  });
});

describe('GET /api/web/2.0/priceTable/history', () => {
  const url = (extra: Record<string, string> = {}) =>
    `/api/web/2.0/priceTable/history?${q({ product: HRC, ...A, city: '乐从', ...extra })}`;

  it('lists the cell’s days with quotes and their changes', async () => {
    const body = await json(url());
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ end: today, start: shiftDay(today, -29), limitedBy: null });
    expect(body.data.points).toEqual([
      { date: previous, price: 3430, quotes: 1, thin: true, change: null },
      { date: today, price: 3450, quotes: 3, thin: false, change: 20 },
    ]);
  });

  it('cuts the depth like the index: visitor 30 days, member a year, data member everything', async () => {
    const start = shiftDay(today, -400);
    const visitor = (await json(url({ start }))).data;
    expect(visitor).toMatchObject({ start: shiftDay(today, -29), limitedBy: 'login' });
    expect(visitor.points).toHaveLength(2);
    const member = (await json(url({ start }), visitorless.member.token)).data;
    expect(member).toMatchObject({ start: shiftDay(today, -364), limitedBy: 'vip' });
    expect(member.points[0]).toMatchObject({ date: shiftDay(today, -100), price: 3100 });
    const data = (await json(url({ start }), visitorless.data.token)).data;
    expect(data).toMatchObject({ start, earliestAllowed: null, limitedBy: null });
    expect(data.points).toHaveLength(3);
  });

  it('refuses a range longer than the contract allows and start after end', async () => {
    const long = await json(url({ start: '2000-01-01' }), visitorless.data.token);
    expect(long.code).toBe(2);
    const reversed = await json(url({ start: today, end: previous }));
    expect(reversed.code).toBe(2);
    const early = await json(url({ end: '0001-01-05' }), visitorless.data.token);
    expect(early).toMatchObject({ code: 0, data: { start: '0001-01-01', end: '0001-01-05', points: [] } });
  });
});

describe('GET /api/web/2.0/priceTable/quotes', () => {
  it('lists the priced live quotes behind a cell with their median, no phones', async () => {
    const body = await json(
      `/api/web/2.0/priceTable/quotes?${q({ product: HRC, ...A, city: '乐从', date: today })}`,
    );
    expect(body.code).toBe(0);
    expect(body.data.median).toBe(3450);
    expect(body.data.list.map((x: { price: number }) => x.price)).toEqual(LECONG_TODAY);
    const first = body.data.list[0];
    expect(first).toMatchObject({ userId: traders[0]!.id, weight: 30, warehouseName: '乐从一号库' });
    expect(first.companyName).toMatch(/测试钢铁贸易有限公司/);
    expect(JSON.stringify(body.data)).not.toMatch(/1390000/);
    const even = await json(
      `/api/web/2.0/priceTable/quotes?${q({ product: HRC, ...A, city: '上海', date: today })}`,
    );
    expect(even.data.median).toBe(median(SHANGHAI_TODAY));
    const none = await json(
      `/api/web/2.0/priceTable/quotes?${q({ product: HRC, ...A, city: '张家港', date: today })}`,
    );
    expect(none.data).toEqual({ date: today, median: null, list: [] });
  });
});

describe('exports', () => {
  it('refuses a visitor and a plain member, and sends a data member the sheets', async () => {
    const visitor = await get(`/api/web/2.0/priceTable/export?${q({ product: HRC })}`);
    expect(visitor.json()).toMatchObject({ code: 4 });
    const member = await get(
      `/api/web/2.0/priceTable/export?${q({ product: HRC })}`,
      visitorless.member.token,
    );
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ code: 5, message: '该功能需要开通免豆会员或数据会员' });

    const res = await get(`/api/web/2.0/priceTable/export?${q({ product: HRC })}`, visitorless.data.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('材质');
    expect(sheet.getRow(1).getCell(5).value).toBe('乐从 中位价(元/吨)');
    const values = sheet
      .getSheetValues()
      .flat()
      .filter((v) => v !== undefined);
    expect(values).toContain(3450);

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/web/2.0/priceTable/history/export?${q({ product: HRC, ...A, city: '乐从' })}`,
      headers: { 'x-token': visitorless.data.token, 'x-lang': 'en' },
      remoteAddress: nextIp(),
    });
    expect(history.statusCode).toBe(200);
    const hbook = new ExcelJS.Workbook();
    await hbook.xlsx.load(history.rawPayload as unknown as ArrayBuffer);
    const hsheet = hbook.worksheets[0]!;
    expect(hsheet.getRow(1).getCell(2).value).toBe('Median (CNY/t)');
    expect(hsheet.getRow(3).values).toEqual([undefined, today, 3450, 3, '', 20]);
  });
});
