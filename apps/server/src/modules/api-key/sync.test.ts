/**
 * ERP sync through the API: authentication by X-Api-Key only (scopes, revocation, a session is
 * not enough), all-or-nothing rows with row/column errors, replace mode, and synced rows found by
 * the public keyword search exactly like seeded ones.
 */
import { TRADER_LIMITS } from '@steelport/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, cargo, quotations, surplus } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { syncRow } from '../../test/imports.ts';
import { makeCatalog, makeLot, type TestCatalog } from '../../test/lots.ts';
import { quotationsExample, SYNC_PER_MINUTE, stockExample, surplusExample } from './routes.ts';

const t = useTestApp();
let catalog: TestCatalog;
let ip = 1;
/** Each call from its own address, so no per-address limit of one test leaks into another. */
const nextIp = () => `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

async function newKey(user: MadeUser, scopes: string[]): Promise<{ id: number; key: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trader/keys',
    headers: { 'x-token': user.token },
    payload: { name: 'ERP', scopes },
  });
  return res.json().data;
}

const put = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers, payload: payload as object, remoteAddress: nextIp() });
const syncStock = (key: string, payload: unknown) =>
  put('/api/trader/sync/stock', { 'x-api-key': key }, payload);
const syncSurplus = (key: string, payload: unknown) =>
  put('/api/trader/sync/surplus', { 'x-api-key': key }, payload);
const syncQuotes = (key: string, payload: unknown) =>
  put('/api/trader/sync/quotations', { 'x-api-key': key }, payload);

const liveCargoOf = (companyId: number) =>
  t.db
    .select()
    .from(cargo)
    .where(and(eq(cargo.companyId, companyId), eq(cargo.status, 'on_sale')));

async function searchIds(keyword: string): Promise<number[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/web/2.0/searchCargo/page',
    payload: { keyword },
    remoteAddress: nextIp(),
  });
  expect(res.json().code).toBe(0);
  return res.json().data.list.map((r: { id: number }) => r.id);
}

beforeAll(async () => {
  catalog = await makeCatalog(t.db);
});

describe('authentication by API key', () => {
  it('explains a missing key, and a session token alone cannot sync', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const cases: Record<string, string>[] = [{}, { 'x-token': trader.token }, { 'x-api-key': '  ' }];
    for (const headers of cases) {
      const res = await put('/api/trader/sync/stock', headers, { mode: 'append', rows: [syncRow()] });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 4,
        message: '缺少 API 密钥（请求头 X-Api-Key）',
        data: null,
        requestId: expect.any(String),
      });
    }
    expect(await liveCargoOf(trader.companyId!)).toEqual([]);
  });

  it('refuses an unknown key with code 3, checked before the body is read', async () => {
    for (const key of ['spk_nope', 'x'.repeat(500)]) {
      const res = await syncStock(key, { mode: 'append', rows: [syncRow()] });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 3,
        message: 'API 密钥无效或已停用',
        data: null,
        requestId: expect.any(String),
      });
    }
    const broken = await put(
      '/api/trader/sync/stock',
      { 'x-api-key': 'spk_nope', 'content-type': 'application/json' },
      '{',
    );
    expect(broken.json().code).toBe(3);
  });

  it('lets a key sync only its scope (code 5 for the other)', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const stockKey = await newKey(trader, ['stock']);
    const quotesKey = await newKey(trader, ['quotations']);

    const wrongQuotes = await syncQuotes(stockKey.key, { mode: 'append', rows: [syncRow()] });
    expect(wrongQuotes.statusCode).toBe(403);
    expect(wrongQuotes.json()).toMatchObject({ code: 5, message: '该密钥无权同步报价' });
    const wrongStock = await syncStock(quotesKey.key, { mode: 'append', rows: [syncRow()] });
    expect(wrongStock.json()).toMatchObject({ code: 5, message: '该密钥无权同步现货' });

    const res = await syncStock(stockKey.key, { mode: 'append', rows: [syncRow()] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ applied: true, inserted: 1, removed: 0, errors: [] });
    expect(await liveCargoOf(trader.companyId!)).toHaveLength(1);

    const [used] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, stockKey.id));
    expect(used!.lastUsedAt).not.toBeNull();
  });

  it('stops a revoked key at once (code 3)', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const { id, key } = await newKey(trader, ['stock', 'quotations']);
    expect((await syncStock(key, { mode: 'append', rows: [syncRow()] })).json().code).toBe(0);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/trader/keys/${id}`,
      headers: { 'x-token': trader.token },
    });
    const res = await syncStock(key, { mode: 'append', rows: [syncRow()] });
    expect(res.json()).toEqual({
      code: 3,
      message: 'API 密钥无效或已停用',
      data: null,
      requestId: expect.any(String),
    });
    expect((await syncQuotes(key, { mode: 'append', rows: [syncRow()] })).json().code).toBe(3);
    expect(await liveCargoOf(trader.companyId!)).toHaveLength(1);
  });

  it(`limits each key to ${SYNC_PER_MINUTE} calls a minute (code 7), another key is not affected`, async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const busy = await newKey(trader, ['stock']);
    const calm = await newKey(trader, ['stock']);
    for (let i = 0; i < SYNC_PER_MINUTE; i++) {
      // An invalid body is refused after the call was counted: code 2, no rows needed.
      expect((await syncStock(busy.key, { mode: 'append' })).json().code).toBe(2);
    }
    const over = await syncStock(busy.key, { mode: 'append', rows: [syncRow()] });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: 7,
      message: `同步过于频繁：每个密钥每分钟最多 ${SYNC_PER_MINUTE} 次`,
    });
    expect((await syncStock(calm.key, { mode: 'append', rows: [syncRow()] })).json().code).toBe(0);
  });
});

describe('syncing stock', () => {
  it('writes nothing when one row is bad, and names its row, column and reason', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const { key } = await newKey(trader, ['stock']);
    const res = await syncStock(key, {
      mode: 'append',
      rows: [syncRow(), syncRow({ spec: '两毫米', weight: 1.2345 }), syncRow({ product: '不锈钢管' })],
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ applied: false, inserted: 0, removed: 0 });
    expect(data.errors).toEqual([
      { row: 2, column: '规格', value: '两毫米', message: '规格「两毫米」无法识别，应如 2.75*1250*C' },
      { row: 2, column: '重量', value: '1.2345', message: '重量最多三位小数（吨）' },
      { row: 3, column: '品名', value: '不锈钢管', message: '品名「不锈钢管」不在品名表中' },
    ]);
    expect(await liveCargoOf(trader.companyId!)).toEqual([]);
  });

  it('refuses a malformed body with code 2 (schema) and an empty list', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const { key } = await newKey(trader, ['stock']);
    for (const body of [
      { mode: 'append', rows: [] },
      { mode: 'merge', rows: [syncRow()] },
      { rows: [syncRow()] },
    ]) {
      expect((await syncStock(key, body)).json().code, JSON.stringify(body)).toBe(2);
    }
  });

  it('stores rows like seeded ones, found by keyword in the public search', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const { key } = await newKey(trader, ['stock']);
    const res = await syncStock(key, {
      mode: 'append',
      rows: [
        syncRow({ remark: 'ERP同步批次甲' }),
        syncRow({
          product: '冷轧卷板',
          material: 'sphc',
          spec: '1.0×1250×C',
          origin: '宝钢',
          warehouse: '',
          city: '上海',
          price: 0,
          remark: 'ERP同步批次甲',
        }),
      ],
    });
    expect(res.json().data).toMatchObject({ applied: true, inserted: 2 });
    const rows = await liveCargoOf(trader.companyId!);
    const hot = rows.find((r) => r.productId === catalog.hrc)!;
    expect(hot).toMatchObject({
      materialId: catalog.q235b,
      spec: '2.75*1250*C',
      millId: catalog.rizhao,
      warehouseId: catalog.lecong.id,
      city: '乐从',
      weightKg: 75_500,
      priceFen: 345_000,
    });
    const cold = rows.find((r) => r.productId === catalog.crc)!;
    expect(cold).toMatchObject({
      material: 'SPHC',
      materialId: catalog.sphc,
      city: '上海',
      priceFen: 0,
      warehouseId: null,
    });

    const found = await searchIds('ERP同步批次甲');
    expect(found.sort()).toEqual(rows.map((r) => r.id).sort());
    expect(await searchIds('热卷 Q235B 2.75*1250 ERP同步批次甲')).toEqual([hot.id]);
  });

  it(`takes ${TRADER_LIMITS.syncRowsMax} rows in one request (beyond the app's 1 MB body limit), not one more`, async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const { key } = await newKey(trader, ['stock']);
    const rows = Array.from({ length: TRADER_LIMITS.syncRowsMax }, (_, i) =>
      syncRow({ weight: 10 + (i % 90), remark: `整批同步第${i + 1}行，可开票，含运费到厂` }),
    );
    expect(JSON.stringify({ rows }).length).toBeGreaterThan(1024 * 1024);
    const res = await syncStock(key, { mode: 'replace', rows });
    expect(res.json().data).toMatchObject({ applied: true, inserted: TRADER_LIMITS.syncRowsMax });
    expect(await liveCargoOf(trader.companyId!)).toHaveLength(TRADER_LIMITS.syncRowsMax);
    const over = await syncStock(key, { mode: 'append', rows: [...rows, syncRow()] });
    expect(over.json().code).toBe(2);
  }, 60_000);

  it('replace: the rows become the whole stock, the others are soft-deleted; other companies untouched', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const other = await makeUser(t.db, { role: 'trader' });
    const theirs = await makeLot(t.db, catalog, { companyId: other.companyId!, remark: '别家同步前' });
    const { key } = await newKey(trader, ['stock']);
    const first = await syncStock(key, {
      mode: 'append',
      rows: [syncRow({ remark: '替换之前甲' }), syncRow({ remark: '替换之前甲', price: 3500 })],
    });
    expect(first.json().data.inserted).toBe(2);
    const before = (await liveCargoOf(trader.companyId!)).map((r) => r.id);

    const res = await syncStock(key, { mode: 'replace', rows: [syncRow({ remark: '替换之后乙' })] });
    expect(res.json().data).toEqual({ applied: true, inserted: 1, removed: 2, errors: [] });
    const after = await liveCargoOf(trader.companyId!);
    expect(after).toHaveLength(1);
    expect(after[0]!.remark).toBe('替换之后乙');
    const old = await t.db.select({ status: cargo.status }).from(cargo).where(eq(cargo.id, before[0]!));
    expect(old[0]!.status).toBe('deleted');
    expect(await searchIds('替换之前甲')).toEqual([]);
    expect(await searchIds('替换之后乙')).toEqual([after[0]!.id]);

    const [kept] = await t.db.select({ status: cargo.status }).from(cargo).where(eq(cargo.id, theirs.id));
    expect(kept!.status).toBe('on_sale');

    // A failing replace keeps the stock as it was.
    const bad = await syncStock(key, { mode: 'replace', rows: [syncRow({ spec: '??' })] });
    expect(bad.json().data.applied).toBe(false);
    expect((await liveCargoOf(trader.companyId!)).map((r) => r.id)).toEqual([after[0]!.id]);
  });
});

describe('hostile input', () => {
  it('answers every hostile field of a row with the envelope and never a 5xx', async () => {
    const hostile: unknown[] = [
      '\u0000',
      'a\ud800b',
      'x'.repeat(5000),
      '1e309',
      -1,
      2_147_483_648,
      1e308,
      0.5,
      true,
      null,
      [],
      {},
    ];
    let key = '';
    let calls = 0;
    const failures: string[] = [];
    for (const field of [...Object.keys(syncRow()), 'mode', 'rows']) {
      for (const value of hostile) {
        // A fresh key every few calls, so the per-key limit never answers instead.
        if (calls++ % 50 === 0) key = (await newKey(await makeUser(t.db, { role: 'trader' }), ['stock'])).key;
        const body =
          field === 'mode' || field === 'rows'
            ? { mode: 'append', rows: [syncRow()], [field]: value }
            : { mode: 'append', rows: [syncRow({ [field]: value })] };
        const res = await syncStock(key, body);
        const answer = res.json();
        if (res.statusCode >= 500 || !('code' in answer && 'data' in answer)) {
          failures.push(`${res.statusCode} ${field}=${JSON.stringify(value).slice(0, 30)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('syncing quotations', () => {
  it("writes today's quotations, and replace swaps today's list", async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const { key } = await newKey(trader, ['quotations']);
    const quote = {
      product: '热卷',
      material: 'Q235B',
      spec: '2.75*1250*C',
      origin: '日照',
      city: '乐从',
      price: 3450,
    };
    const first = await syncQuotes(key, {
      mode: 'append',
      rows: [quote, { ...quote, spec: '3.0*1500*C', weight: 200 }],
    });
    expect(first.json().data).toEqual({ applied: true, inserted: 2, removed: 0, errors: [] });
    const live = () =>
      t.db
        .select()
        .from(quotations)
        .where(and(eq(quotations.companyId, trader.companyId!), isNull(quotations.deletedAt)));
    const rows = await live();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.spec === '3.0*1500*C')).toMatchObject({ weightKg: 200_000, priceFen: 345_000 });

    const bad = await syncQuotes(key, { mode: 'replace', rows: [{ ...quote, price: -1 }] });
    expect(bad.json().code).toBe(2);
    const wrong = await syncQuotes(key, {
      mode: 'replace',
      rows: [{ ...quote, city: '', warehouse: '无名仓' }],
    });
    expect(wrong.json().data).toMatchObject({
      applied: false,
      errors: [{ row: 1, column: '城市', value: '', message: '仓库不在库中时请填写城市' }],
    });
    expect(await live()).toHaveLength(2);

    const replaced = await syncQuotes(key, { mode: 'replace', rows: [{ ...quote, price: 3480 }] });
    expect(replaced.json().data).toEqual({ applied: true, inserted: 1, removed: 2, errors: [] });
    const now = await live();
    expect(now.map((r) => r.priceFen)).toEqual([348_000]);
  });
});

describe('syncing surplus', () => {
  it('takes a surplus key only, writes grade and defects, and the public surplus search finds the rows', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const stockKey = await newKey(trader, ['stock']);
    const surplusKey = await newKey(trader, ['surplus']);
    const row = syncRow({ remark: 'ERP余料批次乙', grade: '次品', defects: '边浪' });

    const wrong = await syncSurplus(stockKey.key, { mode: 'append', rows: [row] });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 5, message: '该密钥无权同步余料' });
    expect((await syncStock(surplusKey.key, { mode: 'append', rows: [syncRow()] })).json().code).toBe(5);

    const res = await syncSurplus(surplusKey.key, { mode: 'append', rows: [row] });
    expect(res.json().data).toEqual({ applied: true, inserted: 1, removed: 0, errors: [] });
    const live = () =>
      t.db
        .select()
        .from(surplus)
        .where(and(eq(surplus.companyId, trader.companyId!), eq(surplus.status, 'on_sale')));
    const [stored] = await live();
    expect(stored).toMatchObject({
      productId: catalog.hrc,
      grade: '次品',
      defects: '边浪',
      weightKg: 75_500,
    });
    expect(await liveCargoOf(trader.companyId!)).toHaveLength(0);

    const found = await t.app.inject({
      method: 'GET',
      url: `/api/web/2.0/searchMaterial/page?keyword=${encodeURIComponent('ERP余料批次乙')}`,
      remoteAddress: nextIp(),
    });
    expect(found.json().data.list.map((r: { id: number }) => r.id)).toEqual([stored!.id]);

    const replaced = await syncSurplus(surplusKey.key, surplusExample);
    expect(replaced.json().data).toMatchObject({ applied: true, inserted: 1, removed: 1 });
    expect((await live()).map((r) => r.defects)).toEqual(['边浪']);
  });
});

describe('the OpenAPI document', () => {
  it('declares the key scheme, and each sync operation uses it with an example body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
    });
    for (const path of [
      '/api/trader/sync/stock',
      '/api/trader/sync/surplus',
      '/api/trader/sync/quotations',
    ]) {
      const op = doc.paths[path].put;
      expect(op.security).toEqual([{ apiKey: [] }]);
      expect(JSON.stringify(op.requestBody)).toContain('2.75*1250*C');
      expect(op.description).toContain('applied');
    }
  });

  it('documents example bodies that sync as they are', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const { key } = await newKey(trader, ['stock', 'quotations']);
    expect((await syncStock(key, stockExample)).json().data).toMatchObject({ applied: true, inserted: 2 });
    expect((await syncQuotes(key, quotationsExample)).json().data).toMatchObject({
      applied: true,
      inserted: 2,
    });
  });
});
