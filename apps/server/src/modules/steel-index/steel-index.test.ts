/**
 * The index API through app.inject on a seeded database: field names, the disclosure of every
 * day, depth by access, bad input, and the job's reproducibility.
 */
import { gunzipSync } from 'node:zlib';
import { ChartData, Envelope } from '@steelport/contracts';
import { asc, sql } from 'drizzle-orm';
import fastJson from 'fast-json-stringify';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { indexDays } from '../../db/schema/index.ts';
import { seedDemo } from '../../seed/index.ts';
import { demoIndexInputs } from '../../seed/index-inputs.ts';
import { createTestApp, useTestApp } from '../../test/app.ts';
import '../../test/context.ts';
import { daysBetween } from '../../dates.ts';
import { makeUser } from '../../test/factories.ts';
import { assembleInputs, computeRange } from './compute.ts';
import { METHOD_VERSION, MIN_QUOTES } from './maths.ts';
import { defaultRange, INDEX_JOB_LOCK, runIndexJob } from './service.ts';

const NOW = new Date('2026-03-02T00:00:00+08:00');
const LATEST = '2026-03-02';
const t = useTestApp();
let member: string;
let vip: string;
let admin: string;

beforeAll(async () => {
  await seedDemo(t.db, { cargo: 0, quotationDays: 3, indexDays: 400, now: NOW });
  member = (await makeUser(t.db)).token;
  vip = (await makeUser(t.db, { vip: true })).token;
  admin = (await makeUser(t.db, { role: 'admin' })).token;
}, 120_000);

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { 'x-token': token } : {} });
const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? { 'x-token': token } : {} });

const INDEX_ROW_FIELDS = [
  'date',
  'indexName',
  'price',
  'stockWeight',
  'dealWeight',
  'tradingWeight',
  'changeStock',
  'changetradingWeight',
  'changePackWeight',
  'changeStockRatio',
  'tradingWeightRatio',
  'changePackWeightRatio',
  'packWeight',
];
/** What every served day discloses (issue 10). */
const DISCLOSURE_FIELDS = ['source', 'sampleCount', 'outlierCount', 'provisional'];
const INDEX_DAY_FIELDS = [
  'date',
  'out_weight',
  'in_weight',
  'deal_weight',
  'stock_weight',
  'pack_weight',
  'trading_weight',
  'price',
  'index_id',
  'tradeChange',
];

describe('indexInfo', () => {
  it('lists every definition with its latest day under the Index row field names', async () => {
    const res = await get('/api/web/2.0/index/indexInfo');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.latestDate).toBe(LATEST);
    expect(data.definitions.map((d: { name: string }) => d.name)).toContain('乐从热卷');
    expect(data.list).toHaveLength(data.definitions.length);
    const row = data.list.find((r: { indexName: string }) => r.indexName === '乐从热卷');
    for (const field of INDEX_ROW_FIELDS) expect(row, field).toHaveProperty(field);
    expect(row.date).toBe(LATEST);
    // 元 with two decimals, in the band of 2024-2026 hot coil
    expect(row.price).toBeGreaterThan(3000);
    expect(row.price).toBeLessThan(4200);
    expect(Number.isInteger(Math.round(row.price * 100))).toBe(true);
    expect(row.sampleCount).toBeGreaterThan(0);
    for (const field of DISCLOSURE_FIELDS) expect(row, field).toHaveProperty(field);
  });

  it('names the method and its thresholds', async () => {
    const { data } = (await get('/api/web/2.0/index/indexInfo')).json();
    expect(data.methodology).toEqual({
      version: METHOD_VERSION,
      minQuotes: MIN_QUOTES,
      outlierDeviations: 3,
      minDeviationShare: 0.005,
      provisionalChange: 0.03,
      confirmSamples: 10,
      hierarchy: ['quotes', 'chained', 'carried'],
    });
  });

  it('gives the English name and description beside the Chinese ones (issue 31)', async () => {
    const { data } = (await get('/api/web/2.0/index/indexInfo')).json();
    const def = data.definitions.find((d: { name: string }) => d.name === '乐从热卷');
    expect(def).toMatchObject({ name: '乐从热卷', nameEn: 'Lecong HRC', description: expect.any(String) });
    expect(def.descriptionEn).toMatch(/^Sample prices of hot-rolled coil in the Lecong market/);
    const composite = data.definitions.find((d: { code: string }) => d.code === 'cn_all');
    expect(composite.nameEn).toBe('China flat steel composite');
    expect(data.list.find((r: { indexName: string }) => r.indexName === '上海冷轧').nameEn).toBe(
      'Shanghai CRC',
    );
    const compact = (await get('/api/ma/index/indexInfo')).json().data;
    expect(compact.find((r: { indexName: string }) => r.indexName === '乐从热卷').nameEn).toBe('Lecong HRC');
    const { series } = (await get('/api/web/2.0/index/chartData/index-all')).json().data;
    expect(series.find((s: { indexName: string }) => s.indexName === '乐从热卷').nameEn).toBe('Lecong HRC');
  });

  it('has a compact form for the side panel', async () => {
    const { data } = (await get('/api/ma/index/indexInfo')).json();
    expect(data[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), indexName: expect.any(String), date: LATEST }),
    );
  });
});

describe('history depth by access', () => {
  const ask = '/api/web/2.0/index/chartData/index-all?start=2024-01-01';
  it('gives a visitor 30 days and says a login shows more', async () => {
    const { data } = (await get(ask)).json();
    expect(data).toMatchObject({
      start: '2026-02-01',
      end: LATEST,
      limitedBy: 'login',
      earliestAllowed: '2026-02-01',
    });
    expect(data.series[0].points).toHaveLength(30);
  });
  it('gives a member one year and says VIP shows everything', async () => {
    const { data } = (await get(ask, member)).json();
    expect(data).toMatchObject({ start: '2025-03-03', limitedBy: 'vip' });
    expect(data.series[0].points).toHaveLength(365);
  });
  it('gives a VIP everything', async () => {
    const { data } = (await get(ask, vip)).json();
    expect(data.limitedBy).toBeNull();
    expect(data.series[0].points).toHaveLength(400);
  });
  it('drops dates a visitor may not see from a cross-date comparison', async () => {
    const { data } = (
      await post('/api/web/index/chartData/all', { indexIds: [1], dates: ['2025-03-02', LATEST] })
    ).json();
    expect(data.limitedBy).toBe('login');
    expect(data.list.map((d: { date: string }) => d.date)).toEqual([LATEST]);
  });
});

describe('chartData/all', () => {
  it('writes its answer as the schema would, the same text for the same cached series', async () => {
    const body = { indexIds: [1, 2], start: '2026-01-01', end: LATEST };
    const first = await post('/api/web/index/chartData/all', body, vip);
    const second = await post('/api/web/index/chartData/all', body, vip);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(second.body).toBe(first.body);
    // The kept text has exactly the fields and types the response schema writes.
    const bySchema = JSON.parse(fastJson(Envelope(ChartData))(first.json()));
    expect(first.json()).toEqual(bySchema);
    expect(first.json().data.list.length).toBeGreaterThan(100);
    // A refusal the service makes (no such day) is still the error envelope.
    const refused = await post('/api/web/index/chartData/all', { indexIds: [1], start: '2026-02-30' }, vip);
    expect(refused.json()).toMatchObject({ code: 2, data: null });
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
  });
  it('sends the same bytes gzipped to a client that takes gzip, and as they are to one that does not', async () => {
    const body = { indexIds: [1], start: '2025-06-01', end: LATEST };
    const ask = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/web/index/chartData/all',
        payload: body,
        headers: { 'x-token': vip, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    // compact JSON, byte for byte what JSON.stringify writes of it
    expect(plain.body).toBe(JSON.stringify(plain.json()));
    for (const browser of ['gzip, deflate, br, zstd', 'br;q=1, gzip;q=0.8']) {
      const zipped = await ask(browser);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['content-type']).toMatch(/^application\/json/);
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    for (const refused of ['gzip;q=0, br', 'identity', 'deflate']) {
      const res = await ask(refused);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.equals(plain.rawPayload)).toBe(true);
    }
    // A member asks the same window: the same list, its own depth fields.
    const asMember = (
      await t.app.inject({
        method: 'POST',
        url: '/api/web/index/chartData/all',
        payload: body,
        headers: { 'x-token': member, 'accept-encoding': 'gzip' },
      })
    ).rawPayload;
    const memberAnswer = JSON.parse(gunzipSync(asMember).toString());
    expect(memberAnswer.data).toMatchObject({
      start: '2025-06-01',
      earliestAllowed: '2025-03-03',
      limitedBy: null,
    });
    expect(memberAnswer.data.list).toEqual(plain.json().data.list);
    expect(plain.json().data.earliestAllowed).toBeNull();
  });
  it('keeps the Vary: Origin of an embedder-enabled site beside accept-encoding', async () => {
    const embed = await createTestApp({ ALLOWED_EMBED_ORIGINS: 'https://embed.example.com' });
    try {
      const res = await embed.app.inject({
        method: 'POST',
        url: '/api/web/index/chartData/all',
        payload: { indexIds: [1] },
        headers: { origin: 'https://embed.example.com', 'accept-encoding': 'gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('https://embed.example.com');
      expect(String(res.headers.vary).toLowerCase().split(/,\s*/)).toEqual(
        expect.arrayContaining(['origin', 'accept-encoding']),
      );
      expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toMatchObject({
        code: 0,
        data: { list: [] },
      });
    } finally {
      await embed.app.close();
    }
  });
  it('answers Index days in snake_case for two dates', async () => {
    const res = await post(
      '/api/web/index/chartData/all',
      { indexIds: [1, 2], dates: ['2026-02-23', LATEST] },
      vip,
    );
    const { data } = res.json();
    expect(data.list).toHaveLength(4);
    expect(Object.keys(data.list[0]).sort()).toEqual(
      [...INDEX_DAY_FIELDS, 'points', ...DISCLOSURE_FIELDS].sort(),
    );
    // tonnes with three decimals
    expect(Number.isInteger(Math.round(data.list[0].stock_weight * 1000))).toBe(true);
  });
  it('discloses how each day was priced: source, samples, outliers, provisional', async () => {
    const { data } = (
      await post('/api/web/index/chartData/all', { indexIds: [1], start: '2026-02-20', end: LATEST }, vip)
    ).json();
    expect(data.list).toHaveLength(11);
    // three days of quotations in this seed (from 02-28): on the last two 乐从热卷 has enough
    // items quoted on both days (method 3.0 prices a day by the matched items' change)
    const quoted = data.list.filter((d: { date: string }) => d.date >= '2026-03-01');
    expect(quoted).toHaveLength(2);
    for (const d of quoted) {
      expect(d).toMatchObject({ source: 'quotes', provisional: false, outlierCount: expect.any(Number) });
      expect(d.sampleCount).toBeGreaterThanOrEqual(MIN_QUOTES);
    }
    // before them the day is chained from the sample warehouses' listings, and provisional; so
    // is the first quoted day: nothing was quoted the day before to match its items with
    const chained = data.list.filter((d: { date: string }) => d.date < '2026-03-01');
    for (const d of chained)
      expect(d).toMatchObject({ source: 'chained', provisional: true, outlierCount: 0 });
    expect(chained[0].sampleCount).toBeGreaterThan(0);
  });
  it('puts the disclosure on every chart point too', async () => {
    const { data } = (await get('/api/web/2.0/index/chartData/index-all?ids=1,12')).json();
    for (const series of data.series)
      for (const point of series.points)
        for (const f of DISCLOSURE_FIELDS) expect(point, f).toHaveProperty(f);
    expect(data.series[0].points.at(-1)).toMatchObject({ source: 'quotes', provisional: false });
  });
  it.each([
    [{ indexIds: [1], start: '2026-02-30' }, 'start'],
    [{ indexIds: [1], start: '2026-03-01', end: '2026-02-01' }, 'start'],
    [{ indexIds: [], start: '2026-02-01' }, 'indexIds'],
    [{ indexIds: [1], dates: ['yesterday'] }, 'dates'],
  ])('refuses %j with code 2 naming %s', async (body, field) => {
    const res = await post('/api/web/index/chartData/all', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 2 });
    expect(res.json().message).toContain(field);
  });
  it('refuses a bad date on index-all too', async () => {
    const res = await get('/api/web/2.0/index/chartData/index-all?start=2026-3-1');
    expect(res.json()).toMatchObject({ code: 2 });
    expect(res.json().message).toContain('start');
  });
});

describe('saturation and deals', () => {
  it('answers samples as date, qqdata, trade_weight, sub', async () => {
    const { data } = (await post('/api/web/index/chartData/saturation', { market: '乐从' })).json();
    expect(data.market).toBe('乐从');
    expect(data.markets).toContain('全国');
    const last = data.list[data.list.length - 1];
    expect(Object.keys(last)).toEqual(expect.arrayContaining(['date', 'qqdata', 'trade_weight', 'sub']));
    expect(last.qqdata).toBeGreaterThan(5);
    expect(last.qqdata).toBeLessThan(100);
    const unknown = await post('/api/web/index/chartData/saturation', { market: '火星' });
    expect(unknown.json()).toMatchObject({ code: 2 });
  });
  it("gives the latest day's deals by product and market", async () => {
    const { data } = (await get('/api/web/2.0/index/dataDeal-information')).json();
    expect(data.date).toBe(LATEST);
    expect(data.byProduct.map((p: { product: string }) => p.product)).toContain('热轧卷板');
    expect(data.totalDealWeight).toBeGreaterThan(0);
    expect(data.latest.length).toBeGreaterThan(0);
  });
});

describe('the job', () => {
  it('stores what the pure demo generator and computeRange give without a database', async () => {
    const raw = demoIndexInputs({ now: NOW, quotationDays: 3, indexDays: 400 });
    const { days } = computeRange(assembleInputs(raw, daysBetween(raw.from, raw.to)));
    const stored = (
      await t.db.select().from(indexDays).orderBy(asc(indexDays.indexId), asc(indexDays.day))
    ).map(({ id: _id, computedAt: _c, ...rest }) => rest);
    const computed = [...days].sort((a, b) => a.indexId - b.indexId || a.day.localeCompare(b.day));
    expect(stored).toHaveLength(12 * 400);
    expect(stored).toEqual(computed);
  });
});

describe('on-demand recompute', () => {
  it('is for operators only', async () => {
    expect((await post('/api/admin/index/recompute', {})).json().code).toBe(4);
    expect((await post('/api/admin/index/recompute', {}, member)).json().code).toBe(5);
    expect(
      (await post('/api/admin/index/recompute', { from: '2026-03-02', to: '2026-03-01' }, admin)).json().code,
    ).toBe(2);
  });
  it('recomputes stored days bit-identically from the stored inputs', async () => {
    const snapshot = async () =>
      (await t.db.select().from(indexDays).orderBy(asc(indexDays.indexId), asc(indexDays.day))).map(
        ({ computedAt: _c, ...rest }) => rest,
      );
    const before = await snapshot();
    const res = await post('/api/admin/index/recompute', { from: '2025-01-27', to: LATEST }, admin);
    expect(res.json().data).toMatchObject({ ran: true, days: 400 });
    expect(await snapshot()).toEqual(before);
  });

  // A partial recompute loads the day before its range from the table; its first day must
  // still get the fingerprint (and numbers) the full recompute gave it.
  it('defaults to the newest input day and the day before it, like the daily job, bit-identically', async () => {
    const snapshot = async () =>
      (await t.db.select().from(indexDays).orderBy(asc(indexDays.indexId), asc(indexDays.day))).map(
        ({ computedAt: _c, ...rest }) => rest,
      );
    const before = await snapshot();
    expect(await defaultRange(t.db)).toEqual({ from: '2026-03-01', to: LATEST });
    const res = await post('/api/admin/index/recompute', {}, admin);
    expect(res.json().data).toMatchObject({ ran: true, from: '2026-03-01', to: LATEST, days: 2 });
    const onlyTo = await post('/api/admin/index/recompute', { to: '2026-02-10' }, admin);
    expect(onlyTo.json().data).toMatchObject({ ran: true, from: '2026-02-09', to: '2026-02-10', days: 2 });
    expect(await snapshot()).toEqual(before);
  });
  it('refuses a range longer than ten years', async () => {
    const res = await post('/api/admin/index/recompute', { from: '2016-01-01', to: LATEST }, admin);
    expect(res.json()).toMatchObject({ code: 2 });
    expect(res.json().message).toContain('3660');
  });

  // PGlite is one process with one connection: there is no other instance to step aside for.
  it.runIf(inject('testDb').engine === 'postgres')(
    'runs on one instance only: a held lock makes another run step aside',
    async () => {
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${INDEX_JOB_LOCK})`);
        const other = await runIndexJob(t.database, { from: LATEST, to: LATEST });
        expect(other).toMatchObject({ ran: false, rows: 0 });
      });
      expect((await runIndexJob(t.database, { from: LATEST, to: LATEST })).ran).toBe(true);
    },
  );
});
