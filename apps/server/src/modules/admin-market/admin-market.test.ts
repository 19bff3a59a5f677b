/**
 * Market data in the operator console (issue 18): warehouse daily figures (list, entry, edit,
 * Excel import all or nothing) and index corrections (recomputed with the job's computation,
 * visible in the chart data and the methodology's list), each write with exactly one audit row.
 */
import { gunzipSync } from 'node:zlib';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayString } from '../../dates.ts';
import { auditLog, indexCorrections, indexDays, warehouseDaily, warehouses } from '../../db/schema/index.ts';
import { seedDemo } from '../../seed/index.ts';
import { useTestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';
import { fileBody } from '../../test/multipart.ts';

const NOW = new Date('2026-03-02T00:00:00+08:00');
const LATEST = '2026-03-02';
const t = useTestApp();
let admin: string;
let member: string;
let ipSeq = 10;
const newIp = () => `10.9.0.${ipSeq++}`;

beforeAll(async () => {
  await seedDemo(t.db, { cargo: 0, quotationDays: 3, indexDays: 40, now: NOW });
  admin = (await makeUser(t.db, { role: 'admin', linkMan: '数据运营' })).token;
  member = (await makeUser(t.db)).token;
}, 120_000);

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) {
  return t.app.inject({
    method,
    url,
    headers: { 'x-token': token },
    remoteAddress: newIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A multipart body with one file, as the console's upload sends it. */
function upload(url: string, bytes: Buffer, name = '仓库日报.xlsx') {
  const body = fileBody(bytes, name);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { 'x-token': admin, ...body.headers },
    remoteAddress: newIp(),
  });
}

async function auditRows(action: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
}

async function dailyCount() {
  const [row] = await t.db.select({ n: count() }).from(warehouseDaily);
  return row?.n ?? 0;
}

/** The id of an index by name, from the public definitions. */
async function indexIdOf(name: string): Promise<number> {
  const info = (await call('GET', '/api/web/2.0/index/indexInfo')).json();
  const def = info.data.definitions.find((d: { name: string }) => d.name === name);
  return def.id as number;
}

const FIGURES = {
  inWeight: 120.5,
  outWeight: 80.25,
  stockWeight: 3200,
  packWeight: 40,
  tradingWeight: 900,
  dealWeight: 75.125,
  deals: 6,
  price: 3650.5,
};

describe('warehouse daily figures', () => {
  it('lists by warehouse and day range with paging, refuses a bad range', async () => {
    const options = (await call('GET', '/api/admin/warehouse-daily/options')).json().data;
    expect(options.latestDay).toBe(LATEST);
    const wh = options.warehouses.find((w: { isSample: boolean }) => w.isSample);
    const res = await call(
      'GET',
      `/api/admin/warehouse-daily?warehouseId=${wh.id}&from=2026-02-25&to=${LATEST}&pageSize=5`,
    );
    const { data } = res.json();
    expect(res.json().code).toBe(0);
    expect(data.total).toBeGreaterThan(5);
    expect(data.list).toHaveLength(5);
    expect(data.list[0]).toMatchObject({
      warehouseId: wh.id,
      warehouse: wh.name,
      day: LATEST,
      isSample: true,
    });
    expect(data.list.every((r: { day: string }) => r.day >= '2026-02-25')).toBe(true);
    const page2 = (
      await call('GET', `/api/admin/warehouse-daily?warehouseId=${wh.id}&from=2026-02-25&page=2&pageSize=5`)
    ).json().data;
    expect(page2.list[0].id).not.toBe(data.list[0].id);
    const reversed = (await call('GET', '/api/admin/warehouse-daily?from=2026-03-02&to=2026-03-01')).json();
    expect(reversed.code).toBe(2);
    expect(reversed.message).toContain('开始日期不能晚于结束日期');
    expect((await call('GET', '/api/admin/warehouse-daily?from=2024-01-01&to=2026-03-01')).json().code).toBe(
      2,
    );
    expect((await call('GET', '/api/admin/warehouse-daily?pageSize=1000')).json().code).toBe(2);
    expect((await call('GET', '/api/admin/warehouse-daily', undefined, member)).json().code).toBe(5);
  });

  it('enters one day of a warehouse with one audit row; a second entry of that day is code 1', async () => {
    const [wh] = await t.db
      .insert(warehouses)
      .values({
        name: '测试新仓',
        city: '乐从',
        market: '乐从',
        region: '华南',
        province: '广东',
        capacityTonnes: 50_000,
      })
      .returning({ id: warehouses.id });
    const options = (await call('GET', '/api/admin/warehouse-daily/options')).json().data;
    const productId = options.products[0].id as number;
    const body = { warehouseId: wh!.id, productId, day: '2026-03-01', ...FIGURES };
    const res = await call('POST', '/api/admin/warehouse-daily', body);
    expect(res.json().code).toBe(0);
    const { row, recomputed } = res.json().data;
    expect(row).toMatchObject({ warehouse: '测试新仓', day: '2026-03-01', ...FIGURES, isSample: false });
    // not a sample warehouse: the index does not move
    expect(recomputed).toBeNull();
    const [stored] = await t.db.select().from(warehouseDaily).where(eq(warehouseDaily.id, row.id));
    expect(stored).toMatchObject({ stockKg: 3_200_000, dealKg: 75_125, priceFen: 365_050 });
    const audits = (await auditRows('warehouse_daily.create')).filter((a) => a.entityId === String(row.id));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toBeNull();
    expect(audits[0]!.after).toMatchObject({ id: row.id, stockWeight: 3200 });
    const again = (await call('POST', '/api/admin/warehouse-daily', body)).json();
    expect(again.code).toBe(1);
    expect(again.message).toContain('已有日报');
    expect(
      (await call('POST', '/api/admin/warehouse-daily', { ...body, warehouseId: 2147483647 })).json().code,
    ).toBe(6);
  });

  it('refuses negative, too large, non-finite figures and a future day (code 2)', async () => {
    const base = { warehouseId: 1, productId: 1, day: '2026-02-20', ...FIGURES };
    for (const bad of [
      { stockWeight: -1 },
      { inWeight: 2_000_001 },
      { price: 100_001 },
      { deals: 1.5 },
      { outWeight: '1e309' },
      { stockWeight: 'abc' },
    ]) {
      const res = await call('POST', '/api/admin/warehouse-daily', { ...base, ...bad });
      expect(res.json().code, JSON.stringify(bad)).toBe(2);
    }
    const future = dayString(new Date(), 1);
    const res = (await call('POST', '/api/admin/warehouse-daily', { ...base, day: future })).json();
    expect(res.code).toBe(2);
    expect(res.message).toContain('未来');
    expect(
      (await call('POST', '/api/admin/warehouse-daily', { ...base, day: '2026-02-30' })).json().code,
    ).toBe(2);
  });

  it('edits a sample warehouse day: audited before/after and the index stock follows', async () => {
    const [row] = await t.db
      .select({ id: warehouseDaily.id, warehouseId: warehouseDaily.warehouseId })
      .from(warehouseDaily)
      .innerJoin(warehouses, eq(warehouses.id, warehouseDaily.warehouseId))
      .where(and(eq(warehouses.isSample, true), eq(warehouseDaily.day, '2026-02-27')))
      .limit(1);
    const current = (
      await call(
        'GET',
        `/api/admin/warehouse-daily?warehouseId=${row!.warehouseId}&from=2026-02-27&to=2026-02-27&pageSize=100`,
      )
    )
      .json()
      .data.list.find((r: { id: number }) => r.id === row!.id);
    const indexBefore = await t.db
      .select({ indexId: indexDays.indexId, stockKg: indexDays.stockKg })
      .from(indexDays)
      .where(eq(indexDays.day, '2026-02-27'));
    const res = await call('PUT', `/api/admin/warehouse-daily/${row!.id}`, {
      ...FIGURES,
      stockWeight: current.stockWeight + 1000,
    });
    expect(res.json().code).toBe(0);
    expect(res.json().data.recomputed).toMatchObject({ from: '2026-02-27', to: LATEST });
    const audits = (await auditRows('warehouse_daily.update')).filter((a) => a.entityId === String(row!.id));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toMatchObject({ stockWeight: current.stockWeight });
    expect(audits[0]!.after).toMatchObject({ stockWeight: current.stockWeight + 1000 });
    const indexAfter = await t.db
      .select({ indexId: indexDays.indexId, stockKg: indexDays.stockKg })
      .from(indexDays)
      .where(eq(indexDays.day, '2026-02-27'));
    const moved = indexAfter.filter(
      (a) => indexBefore.find((b) => b.indexId === a.indexId)?.stockKg !== a.stockKg,
    );
    // the market's index (and the nationwide ones) carry the extra 1,000 t
    expect(moved.length).toBeGreaterThan(0);
    const delta = moved.map(
      (a) => a.stockKg - (indexBefore.find((b) => b.indexId === a.indexId)?.stockKg ?? 0),
    );
    expect(delta.every((d) => d === 1_000_000)).toBe(true);
  });
});

describe('warehouse daily import', () => {
  const HEADER =
    '仓库,品名,日期,入库(吨),出库(吨),库存(吨),打包(吨),挂牌(吨),成交(吨),成交笔数,挂牌均价(元/吨)';

  it('serves a template that imports as it is', async () => {
    const res = await call('GET', '/api/admin/warehouse-daily/template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(HEADER.split(','));
  });

  it('previews row errors naming row and column, and a sheet with errors writes nothing', async () => {
    const [wh] = await t.db.select({ name: warehouses.name }).from(warehouses).limit(1);
    const csv = [
      '仓库日报（2026年2月）',
      HEADER,
      `${wh!.name},热轧卷板,2026-02-10,10,5,300,1,20,3,2,3600`,
      `不存在的仓库,热轧卷板,2026-02-10,10,5,300,1,20,3,2,3600`,
      `${wh!.name},热轧卷板,2026/2/11,10,5,-300,1,20,3,2,3600`,
      `${wh!.name},热轧卷板,2099-01-01,10,5,300,1,20,3,2,abc`,
      `${wh!.name},热轧卷板,2026-02-10,1,1,1,1,1,1,1,1`,
    ].join('\n');
    const before = await dailyCount();
    const preview = (
      await upload('/api/admin/warehouse-daily/import/preview', Buffer.from(csv), '日报.csv')
    ).json();
    expect(preview.code).toBe(0);
    expect(preview.data).toMatchObject({ rows: 5, validRows: 1 });
    const errors = preview.data.errors as { row: number; column: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 4, column: '仓库', message: expect.stringContaining('不存在') }),
        expect.objectContaining({ row: 5, column: '库存(吨)', message: '不能为负数' }),
        expect.objectContaining({ row: 6, column: '日期', message: expect.stringContaining('晚于今天') }),
        expect.objectContaining({ row: 6, column: '挂牌均价(元/吨)', message: '不是数字' }),
        expect.objectContaining({ row: 7, column: '', message: expect.stringContaining('与第 3 行重复') }),
      ]),
    );
    const commit = (
      await upload('/api/admin/warehouse-daily/import/commit', Buffer.from(csv), '日报.csv')
    ).json();
    expect(commit.code).toBe(1);
    expect(commit.message).toContain('未导入任何数据');
    expect(commit.message).toContain('第4行「仓库」');
    expect(await dailyCount()).toBe(before);
    expect(await auditRows('warehouse_daily.import')).toHaveLength(0);
    const notSheet = (
      await upload('/api/admin/warehouse-daily/import/preview', Buffer.from('hello'), 'a.csv')
    ).json();
    expect(notSheet.code).toBe(1);
  });

  it('commits a sheet all at once with one audit row summing it up, and recomputes the index', async () => {
    const sample = await t.db
      .select({ name: warehouses.name })
      .from(warehouses)
      .where(eq(warehouses.isSample, true))
      .limit(2);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('日报');
    sheet.addRow(HEADER.split(','));
    sheet.addRow([
      sample[0]!.name,
      '热轧卷板',
      new Date('2026-02-28T00:00:00Z'),
      1,
      2,
      4321.5,
      4,
      5,
      6,
      7,
      3555,
    ]);
    sheet.addRow([sample[1]!.name, '冷轧卷板', '2026-02-28', 1, 2, 1234, 4, 5, 6, 7, 0]);
    sheet.addRow(['测试新仓', '热轧卷板', '2026-02-26', '1,000.5', 2, 3, 4, 5, 6, 7, 3600]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const preview = (await upload('/api/admin/warehouse-daily/import/preview', bytes)).json().data;
    expect(preview).toMatchObject({
      rows: 3,
      validRows: 3,
      errorCount: 0,
      from: '2026-02-26',
      to: '2026-02-28',
    });
    expect(preview.sample[2]).toMatchObject({ warehouse: '测试新仓', inWeight: 1000.5, replaces: false });
    const before = await dailyCount();
    const res = (await upload('/api/admin/warehouse-daily/import/commit', bytes)).json();
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ rows: 3, inserted: preview.inserts, updated: preview.updates });
    expect(res.data.recomputed).toMatchObject({ from: '2026-02-28', to: LATEST });
    expect(await dailyCount()).toBe(before + preview.inserts);
    const audits = await auditRows('warehouse_daily.import');
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ rows: 3, fileName: '仓库日报.xlsx', from: '2026-02-26' });
  });
});

describe('index corrections', () => {
  it('corrects a price: recomputes the day and the next day, audits, shows it in chart and methodology', async () => {
    const indexId = await indexIdOf('乐从热卷');
    const day = '2026-02-27';
    const current = (
      await call('GET', `/api/admin/index-corrections/day?indexId=${indexId}&day=${day}`)
    ).json();
    expect(current.code).toBe(0);
    const price = Math.round(current.data.price + 123);
    // The chart's answer is cached (and kept as bytes and gzip) before the correction: it must go.
    const chartAsk = { indexIds: [indexId], start: day, end: LATEST };
    const chartGzip = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/web/index/chartData/all',
        headers: { 'x-token': admin, 'accept-encoding': 'gzip' },
        remoteAddress: newIp(),
        payload: chartAsk,
      });
    const priceOn = (answer: { data: { list: { date: string; price: number }[] } }) =>
      answer.data.list.find((d) => d.date === day)?.price;
    expect(priceOn((await call('POST', '/api/web/index/chartData/all', chartAsk)).json())).toBe(
      current.data.price,
    );
    expect(priceOn(JSON.parse(gunzipSync((await chartGzip()).rawPayload).toString()))).toBe(
      current.data.price,
    );
    const res = await call('POST', '/api/admin/index-corrections', {
      indexId,
      day,
      price,
      reason: '样本报价录入错误，按原始单据更正',
    });
    expect(res.json().code).toBe(0);
    const out = res.json().data;
    expect(out.before.price).toBe(current.data.price);
    expect(out.after).toMatchObject({ price, corrected: true });
    expect(out.after.points).not.toBe(out.before.points);
    // the day's change and the next day's change follow from the corrected price
    expect(out.after.change).toBeCloseTo(out.before.change + (price - current.data.price), 2);
    expect(out.nextAfter.day).toBe('2026-02-28');
    expect(out.nextAfter.change).toBeCloseTo(out.nextAfter.price - price, 2);
    expect(out.nextAfter.change).not.toBe(out.nextBefore.change);
    expect(out.recomputed).toMatchObject({ from: day, to: LATEST });
    expect(out.correction).toMatchObject({
      day,
      indexName: '乐从热卷',
      operator: '数据运营',
      changes: [{ field: 'price', before: current.data.price, after: price }],
    });

    const audits = await auditRows('index_correction.create');
    expect(audits).toHaveLength(1);
    expect(audits[0]!.entityId).toBe(String(out.correction.id));
    expect(audits[0]!.before).toMatchObject({
      day: { price: current.data.price },
      nextDay: { day: '2026-02-28' },
    });
    expect(audits[0]!.after).toMatchObject({ day: { price }, reason: '样本报价录入错误，按原始单据更正' });

    // what the portal's chart is drawn from, at once (no stale cache), compressed or not
    expect(priceOn((await call('POST', '/api/web/index/chartData/all', chartAsk)).json())).toBe(price);
    const zipped = await chartGzip();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(priceOn(JSON.parse(gunzipSync(zipped.rawPayload).toString()))).toBe(price);
    const series = (
      await call('GET', `/api/web/2.0/index/chartData/index-all?ids=${indexId}&start=${day}&end=${LATEST}`)
    ).json();
    expect(series.data.series[0].points.find((p: { date: string }) => p.date === day).price).toBe(price);

    // the methodology's public list
    const notes = (await t.app.inject({ method: 'GET', url: '/api/web/2.0/index/corrections' })).json();
    expect(notes.code).toBe(0);
    expect(notes.data.list[0]).toMatchObject({
      indexName: '乐从热卷',
      day,
      reason: '样本报价录入错误，按原始单据更正',
      changes: [{ field: 'price', before: current.data.price, after: price }],
    });
    expect(notes.data.list[0]).not.toHaveProperty('operator');

    // the job keeps the correction when it recomputes the day (reproducible)
    const job = (await call('POST', '/api/admin/index/recompute', { from: day, to: LATEST })).json();
    expect(job.code).toBe(0);
    const again = (
      await call('GET', `/api/admin/index-corrections/day?indexId=${indexId}&day=${day}`)
    ).json();
    expect(again.data).toMatchObject({ price, corrected: true, points: out.after.points });
  });

  it('a later correction of the stock keeps the earlier price correction', async () => {
    const indexId = await indexIdOf('乐从热卷');
    const day = '2026-02-27';
    const current = (
      await call('GET', `/api/admin/index-corrections/day?indexId=${indexId}&day=${day}`)
    ).json().data;
    const res = (
      await call('POST', '/api/admin/index-corrections', {
        indexId,
        day,
        stockWeight: current.stockWeight + 500,
        reason: '补录漏报仓库的库存',
      })
    ).json();
    expect(res.code).toBe(0);
    expect(res.data.after).toMatchObject({ price: current.price, stockWeight: current.stockWeight + 500 });
    expect(res.data.correction.changes).toEqual([
      { field: 'stockWeight', before: current.stockWeight, after: current.stockWeight + 500 },
    ]);
    const [latest] = await t.db
      .select({ values: indexCorrections.values })
      .from(indexCorrections)
      .orderBy(desc(indexCorrections.id))
      .limit(1);
    expect(Object.keys(latest!.values).sort()).toEqual(['priceFen', 'stockKg']);
  });

  it('refuses a day without data (1), a future day (2), no values (2), same values (1), unknown index (6)', async () => {
    const indexId = await indexIdOf('乐从热卷');
    const reason = '核对后更正';
    const noData = (
      await call('POST', '/api/admin/index-corrections', { indexId, day: '2020-01-06', price: 3600, reason })
    ).json();
    expect(noData.code).toBe(1);
    expect(noData.message).toContain('没有指数数据');
    const future = dayString(new Date(), 1);
    const ahead = (
      await call('POST', '/api/admin/index-corrections', { indexId, day: future, price: 3600, reason })
    ).json();
    expect(ahead.code).toBe(2);
    expect(ahead.message).toContain('未来');
    const empty = (
      await call('POST', '/api/admin/index-corrections', { indexId, day: LATEST, reason })
    ).json();
    expect(empty.code).toBe(2);
    expect(empty.message).toContain('至少填写一项');
    const current = (
      await call('GET', `/api/admin/index-corrections/day?indexId=${indexId}&day=${LATEST}`)
    ).json().data;
    const same = (
      await call('POST', '/api/admin/index-corrections', {
        indexId,
        day: LATEST,
        price: current.price,
        reason,
      })
    ).json();
    expect(same.code).toBe(1);
    expect(
      (
        await call('POST', '/api/admin/index-corrections', { indexId: 999999, day: LATEST, price: 1, reason })
      ).json().code,
    ).toBe(6);
    for (const bad of [
      { reason: '短' },
      { reason: 'x'.repeat(301) },
      { reason: '含\u0000空字符' },
      { price: 0 },
      { price: -5 },
      { price: 100_001 },
      { stockWeight: -1 },
      { indexId: 2147483648 },
      { day: '2026-02-30' },
    ]) {
      const res = (
        await call('POST', '/api/admin/index-corrections', {
          indexId,
          day: LATEST,
          price: 3600,
          reason,
          ...bad,
        })
      ).json();
      expect(res.code, JSON.stringify(bad)).toBe(2);
    }
    const dayNoData = (
      await call('GET', `/api/admin/index-corrections/day?indexId=${indexId}&day=2020-01-06`)
    ).json();
    expect(dayNoData.code).toBe(1);
    // nothing of the refused ones was stored or audited
    expect(await auditRows('index_correction.create')).toHaveLength(2);
    const [n] = await t.db.select({ n: sql<number>`count(*)::int` }).from(indexCorrections);
    expect(n!.n).toBe(2);
  });

  it('lists past corrections for the console with the operator, and refuses a member', async () => {
    const res = (await call('GET', '/api/admin/index-corrections?pageSize=10')).json();
    expect(res.data.total).toBe(2);
    expect(res.data.list[0]).toMatchObject({ operator: '数据运营', reason: '补录漏报仓库的库存' });
    expect((await call('POST', '/api/admin/index-corrections', {}, member)).json().code).toBe(5);
  });

  it('a correction of the latest day fires the index alerts it crosses (issue 19)', async () => {
    const indexId = await indexIdOf('乐从热卷');
    const current = (
      await call('GET', `/api/admin/index-corrections/day?indexId=${indexId}&day=${LATEST}`)
    ).json().data;
    const watcher = (await makeUser(t.db)).token;
    const level = Math.round(current.price + 50);
    const alert = await call(
      'POST',
      '/api/web/subscription/index-alert',
      { indexId, kind: 'above', level },
      watcher,
    );
    expect(alert.json()).toMatchObject({ code: 0, data: { armed: true } });
    const inbox = async () => (await call('GET', '/api/web/inbox/page', undefined, watcher)).json().data;
    expect((await inbox()).total).toBe(0);

    const corrected = await call('POST', '/api/admin/index-corrections', {
      indexId,
      day: LATEST,
      price: level + 50,
      reason: '收盘价录入偏低，按成交单据更正',
    });
    expect(corrected.json().code).toBe(0);
    // The alerts are checked after the correction has committed, beside the answer.
    await expect.poll(async () => (await inbox()).total).toBe(1);
    expect((await inbox()).list[0]).toMatchObject({ kind: 'index', targetId: indexId, day: LATEST });
    expect((await inbox()).list[0].title).toContain(`涨破 ${level} 元/吨`);
  });
});
