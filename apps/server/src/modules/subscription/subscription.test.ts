/**
 * 免费订阅 through the API: limits by membership, matching on every write path (ERP sync twice
 * is one item, form, reprice only through a new price bound), paused searches, another member's
 * rows invisible, index alerts once per crossing, and bad input answered with code 2 in Chinese.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  articleCategories,
  articles,
  inboxItems,
  indexDays,
  indexDefinitions,
  products,
  savedSearches,
} from '../../db/schema/index.ts';
import { readMailbox } from '../../providers/sms/index.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { CARGO_HEADER, commitAndWait, previewImport, syncRow, xlsx } from '../../test/imports.ts';
import { makeCatalog } from '../../test/lots.ts';

const t = useTestApp();
let ip = 1;
const nextIp = () => `10.19.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

const call = (
  user: MadeUser | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(user ? { 'x-token': user.token } : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
    remoteAddress: nextIp(),
  });

const save = (user: MadeUser, body: Record<string, unknown>) =>
  call(user, 'POST', '/api/web/subscription/search', { kind: 'cargo', name: '热卷日照', ...body });

async function newKey(trader: MadeUser): Promise<string> {
  const res = await call(trader, 'POST', '/api/trader/keys', {
    name: 'ERP',
    scopes: ['stock', 'quotations'],
  });
  return res.json().data.key;
}

const syncStock = (key: string, rows: unknown[], mode = 'append') =>
  call(null, 'PUT', '/api/trader/sync/stock', { mode, rows }, { 'x-api-key': key });

/** Imports an .xlsx of cargo rows through preview and commit, and waits until it is done. */
async function importSheet(trader: MadeUser, rows: (string | number)[][], mode: 'append' | 'replace') {
  const bytes = await xlsx([CARGO_HEADER, ...rows]);
  const preview = await previewImport(t.app, trader.token, 'cargo', bytes, { remoteAddress: nextIp() });
  expect(preview.json()).toMatchObject({ code: 0, data: { errorCount: 0 } });
  const state = await commitAndWait(t.app, trader.token, preview.json().data.importId, mode);
  expect(state.state).toBe('done');
}

const itemsOf = (userId: number) => t.db.select().from(inboxItems).where(eq(inboxItems.userId, userId));

beforeAll(async () => {
  await makeCatalog(t.db);
});

describe('saved searches', () => {
  it('a member keeps one, a VIP fifty; the limit says what VIP opens', async () => {
    const member = await makeUser(t.db);
    expect((await save(member, { filter: { products: ['热轧卷板'] } })).json().code).toBe(0);
    const second = await save(member, { filter: { keyword: '冷卷' } });
    expect(second.json()).toMatchObject({ code: 1, data: null });
    expect(second.json().message).toContain('开通免豆会员');
    const vip = await makeUser(t.db, { vip: true });
    for (let i = 0; i < 3; i++)
      expect((await save(vip, { filter: { keyword: `热卷 ${i + 2}` } })).json().code).toBe(0);
    const overview = (await call(vip, 'GET', '/api/web/subscription/list')).json().data;
    expect(overview.limits).toEqual({ searches: 50, alerts: 50, vip: true });
    expect(overview.searches).toHaveLength(3);
    await t.db.insert(savedSearches).values(
      Array.from({ length: 47 }, (_, i) => ({
        userId: vip.id,
        kind: 'cargo' as const,
        name: `s${i}`,
        filter: {},
      })),
    );
    const over = await save(vip, { filter: { keyword: '热卷' } });
    expect(over.json().code).toBe(1);
    expect(over.json().message).toContain('50');
  });

  it('refuses bad input with code 2 in Chinese', async () => {
    const member = await makeUser(t.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '名'.repeat(31), filter: { keyword: '热卷' } }, 'name 长度不能超过 30'],
      [{ filter: { keyword: '热卷', colour: 'red' } }, 'colour'],
      [{ filter: { supplierId: 2_147_483_648 } }, 'supplierId 不能大于 2147483647'],
      [{ filter: { grades: ['正品'] } }, 'filter.grades 不适用于现货订阅'],
      // A field the search has but saved searches refuse says why (contracts search-filter.ts).
      [
        { kind: 'quotation', filter: { indexSearch: '热卷', date: '2026-11-28' } },
        'filter.date 不能用于订阅：订阅每天都会匹配新报价，不能指定报价日期',
      ],
      [{ filter: { priceMin: 4000, priceMax: 3000 } }, 'priceMin 不能大于'],
      [{ filter: {} }, '至少需要一个筛选条件'],
      [{ kind: 'steel', filter: { keyword: '热卷' } }, 'kind'],
      [{ name: '', filter: { keyword: '热卷' } }, 'name'],
    ];
    for (const [body, message] of cases) {
      const res = await save(member, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(2);
      expect(res.json().message).toContain('参数错误');
      expect(res.json().message).toContain(message);
    }
    const int4 = await call(member, 'GET', '/api/web/subscription/search/2147483648/matches');
    expect(int4.json().code).toBe(2);
    const noFields = await call(member, 'PATCH', '/api/web/subscription/search/1', {});
    expect([2, 6]).toContain(noFields.json().code);
  });

  it('another member’s searches, matches and inbox are invisible (code 6)', async () => {
    const owner = await makeUser(t.db);
    const other = await makeUser(t.db);
    const id = (await save(owner, { filter: { keyword: '热卷 日照' } })).json().data.id;
    for (const [method, url, body] of [
      ['PATCH', `/api/web/subscription/search/${id}`, { name: '改名' }],
      ['DELETE', `/api/web/subscription/search/${id}`, undefined],
      ['GET', `/api/web/subscription/search/${id}/matches`, undefined],
    ] as const) {
      const res = await call(other, method, url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 6,
        message: '订阅不存在',
        data: null,
        requestId: expect.any(String),
      });
    }
    expect((await call(other, 'GET', '/api/web/subscription/list')).json().data.searches).toEqual([]);
    const visitor = await call(null, 'GET', '/api/web/inbox/page');
    expect(visitor.json().code).toBe(4);
    // the owner's still works
    const renamed = await call(owner, 'PATCH', `/api/web/subscription/search/${id}`, { name: '改名' });
    expect(renamed.json().data.name).toBe('改名');
  });
});

describe('matching', () => {
  it('a matching lot synced twice (append, then replace) is one inbox item; others do not match', async () => {
    const member = await makeUser(t.db);
    const other = await makeUser(t.db);
    const trader = await makeUser(t.db, { role: 'trader' });
    const key = await newKey(trader);
    const id = (await save(member, { filter: { keyword: '热卷 Q235B 乐从', priceMax: 3500 } })).json().data
      .id;
    await save(other, { filter: { products: ['冷轧卷板'] } });

    expect(
      (await syncStock(key, [syncRow(), syncRow({ spec: '3.0*1500*C', price: 3600 })])).json().data.applied,
    ).toBe(true);
    expect((await syncStock(key, [syncRow()])).json().data.applied).toBe(true);
    expect((await syncStock(key, [syncRow()], 'replace')).json().data.applied).toBe(true);

    const items = await itemsOf(member.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'cargo', savedSearchId: id, priceFen: 345000 });
    expect(items[0]!.title).toContain('热轧卷板 Q235B 2.75*1250*C 日照 乐从');
    expect(await itemsOf(other.id)).toEqual([]);

    const inbox = (await call(member, 'GET', '/api/web/inbox/page')).json().data;
    expect(inbox.total).toBe(1);
    expect(inbox.list[0]).toMatchObject({ kind: 'cargo', price: 3450, read: false, source: '热卷日照' });
    expect((await call(member, 'GET', '/api/web/inbox/unread')).json().data.unread).toBe(1);
    const matches = (await call(member, 'GET', `/api/web/subscription/search/${id}/matches`)).json().data;
    expect(matches.map((m: { id: number }) => m.id)).toEqual([inbox.list[0].id]);
    const list = (await call(member, 'GET', '/api/web/subscription/list')).json().data.searches;
    expect(list[0]).toMatchObject({ id, matchCount: 1, paused: false });

    // the other member cannot mark it read; the owner can
    const foreign = await call(other, 'POST', '/api/web/inbox/read', { ids: [inbox.list[0].id] });
    expect(foreign.json().data).toEqual({ changed: 0, unread: 0 });
    const read = await call(member, 'POST', '/api/web/inbox/read', { all: true });
    expect(read.json().data).toEqual({ changed: 1, unread: 0 });
  });

  it('a matching lot in an Excel sheet imported twice is one inbox item', async () => {
    const member = await makeUser(t.db);
    const trader = await makeUser(t.db, { role: 'trader' });
    await save(member, { filter: { keyword: '热卷 8.0', cities: ['乐从'] } });
    const sheet = [
      ['热卷', 'Q235B', '8.0*1500*C', '日照', '乐从钢铁世界仓', '乐从', 2, 50, 3500, ''],
      ['热卷', 'Q235B', '9.0*1500*C', '日照', '乐从钢铁世界仓', '乐从', 2, 50, 3500, ''],
    ];
    await importSheet(trader, sheet, 'append');
    await importSheet(trader, sheet, 'append');
    await importSheet(trader, sheet, 'replace');
    const items = await itemsOf(member.id);
    expect(items.map((i) => i.title)).toEqual([expect.stringContaining('8.0*1500*C')]);
  });

  it('a trader is not told of its own company’s rows, only of others’', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const rival = await makeUser(t.db, { role: 'trader' });
    await save(trader, { filter: { keyword: '热卷 7.0', cities: ['乐从'] } });
    const sheet = [['热卷', 'Q235B', '7.0*1500*C', '日照', '乐从钢铁世界仓', '乐从', 2, 50, 3500, '']];
    await importSheet(trader, sheet, 'append');
    expect(await itemsOf(trader.id)).toEqual([]);
    await importSheet(rival, sheet, 'append');
    expect((await itemsOf(trader.id)).map((i) => i.title)).toEqual([expect.stringContaining('7.0*1500*C')]);
  });

  it('a paused search matches nothing, and matches again once resumed', async () => {
    const member = await makeUser(t.db);
    const trader = await makeUser(t.db, { role: 'trader' });
    const key = await newKey(trader);
    const id = (await save(member, { filter: { products: ['热轧卷板'], origins: ['日照'] } })).json().data.id;
    const paused = await call(member, 'PATCH', `/api/web/subscription/search/${id}`, { paused: true });
    expect(paused.json().data.paused).toBe(true);
    await syncStock(key, [syncRow({ spec: '4.0*1500*C' })]);
    expect(await itemsOf(member.id)).toEqual([]);
    await call(member, 'PATCH', `/api/web/subscription/search/${id}`, { paused: false });
    await syncStock(key, [syncRow({ spec: '5.0*1500*C' })]);
    expect((await itemsOf(member.id)).map((i) => i.title)).toEqual([expect.stringContaining('5.0*1500*C')]);
  });

  it('form rows match; a reprice matches again only when it newly meets a price bound', async () => {
    const member = await makeUser(t.db);
    const unbounded = await makeUser(t.db);
    const trader = await makeUser(t.db, { role: 'trader' });
    await save(member, { filter: { keyword: '热卷 6.0', priceMax: 3500 } });
    await save(unbounded, { filter: { keyword: '热卷 6.0' } });
    const created = await call(
      trader,
      'POST',
      '/api/trader/cargo',
      syncRow({ spec: '6.0*1500*C', price: 3600 }),
    );
    expect(created.json().code).toBe(0);
    const lotId = created.json().data.id;
    expect(await itemsOf(member.id)).toEqual([]);
    expect(await itemsOf(unbounded.id)).toHaveLength(1);

    const down = await call(trader, 'POST', '/api/trader/cargo/bulk', {
      ids: [lotId],
      action: 'reprice',
      delta: -200,
    });
    expect(down.json().data.affected).toBe(1);
    expect((await itemsOf(member.id)).map((i) => i.priceFen)).toEqual([340000]);
    expect(await itemsOf(unbounded.id)).toHaveLength(1);

    // still within the bound: nothing new
    await call(trader, 'POST', '/api/trader/cargo/bulk', { ids: [lotId], action: 'reprice', delta: -50 });
    expect((await itemsOf(member.id)).map((i) => i.priceFen)).toEqual([340000]);
    // out and back in: one item, notified again (unread, new price)
    await call(member, 'POST', '/api/web/inbox/read', { all: true });
    await call(trader, 'POST', '/api/trader/cargo/bulk', { ids: [lotId], action: 'reprice', delta: 300 });
    await call(trader, 'POST', '/api/trader/cargo/bulk', { ids: [lotId], action: 'reprice', delta: -300 });
    const items = await itemsOf(member.id);
    expect(items.map((i) => [i.priceFen, i.readAt])).toEqual([[335000, null]]);
  });

  it('quotations match by trader and spec', async () => {
    const member = await makeUser(t.db);
    const trader = await makeUser(t.db, { role: 'trader' });
    await call(member, 'POST', '/api/web/subscription/search', {
      kind: 'quotation',
      name: '报价',
      filter: { spec: '2.75*1250', traderId: trader.id, products: ['热轧卷板'] },
    });
    const q = await call(trader, 'POST', '/api/trader/quotations', {
      product: '热卷',
      material: 'Q235B',
      spec: '2.75*1250*C',
      origin: '日照',
      warehouse: '乐从钢铁世界仓',
      price: 3400,
    });
    expect(q.json().code).toBe(0);
    const items = await itemsOf(member.id);
    expect(items).toMatchObject([{ kind: 'quotation', targetId: q.json().data.id, priceFen: 340000 }]);
  });
});

describe('index alerts', () => {
  it('fire once per crossing and re-arm when the price goes back', async () => {
    const [def] = await t.db
      .insert(indexDefinitions)
      .values({
        code: 'sub-test',
        name: '乐从热卷',
        market: '乐从',
        baseDate: '2026-01-01',
        basePriceFen: 350000,
      })
      .returning();
    const day = (d: string, priceFen: number, changeFen = 0) =>
      t.db.insert(indexDays).values({ indexId: def!.id, day: d, priceFen, points: 1000, changeFen });
    await day('2026-03-01', 350000);
    const member = await makeUser(t.db);
    const vip = await makeUser(t.db, { vip: true });
    const above = await call(member, 'POST', '/api/web/subscription/index-alert', {
      indexId: def!.id,
      kind: 'above',
      level: 3600,
    });
    expect(above.json().data).toMatchObject({
      kind: 'above',
      level: 3600,
      armed: true,
      indexName: '乐从热卷',
    });
    const second = await call(member, 'POST', '/api/web/subscription/index-alert', {
      indexId: def!.id,
      kind: 'below',
      level: 3000,
    });
    expect(second.json().code).toBe(1);
    const move = await call(vip, 'POST', '/api/web/subscription/index-alert', {
      indexId: def!.id,
      kind: 'move',
      percent: 2,
    });
    expect(move.json().code).toBe(0);
    const missing = await call(vip, 'POST', '/api/web/subscription/index-alert', {
      indexId: def!.id,
      kind: 'above',
    });
    expect(missing.json()).toMatchObject({ code: 2, message: '参数错误：level 不能为空' });
    const foreign = await call(vip, 'DELETE', `/api/web/subscription/index-alert/${above.json().data.id}`);
    expect(foreign.json().code).toBe(6);

    const run = () => t.app.subscriptions.afterIndexJob();
    const count = async (userId: number) =>
      (
        await t.db
          .select()
          .from(inboxItems)
          .where(and(eq(inboxItems.userId, userId), eq(inboxItems.kind, 'index')))
      ).length;

    await day('2026-03-02', 361000, 11000); // crosses 3600, and moves 3.1%
    await run();
    await run(); // the same day again: nothing new
    expect(await count(member.id)).toBe(1);
    expect(await count(vip.id)).toBe(1);
    await day('2026-03-03', 362000, 1000); // still above: no second alert
    await run();
    expect(await count(member.id)).toBe(1);
    expect(await count(vip.id)).toBe(1);
    await day('2026-03-04', 355000, -7000); // back below: re-armed
    await run();
    await day('2026-03-05', 365000, 10000); // crosses again, moves 2.8%
    await run();
    expect(await count(member.id)).toBe(2);
    expect(await count(vip.id)).toBe(2);
    const inbox = (await call(member, 'GET', '/api/web/inbox/page')).json().data.list;
    expect(inbox[0]).toMatchObject({ kind: 'index', day: '2026-03-05', price: 3650, source: '乐从热卷' });
    expect(inbox[0].title).toContain('涨破 3600 元/吨');
  });
});

describe('report alerts', () => {
  it('deliver the newest 市场日报 of the index’s product once, published after the alert was set', async () => {
    const [hrc] = await t.db.select().from(products).where(eq(products.name, '热轧卷板'));
    const [def] = await t.db
      .insert(indexDefinitions)
      .values({
        code: 'sub-report',
        name: '上海热卷',
        market: '上海',
        productId: hrc!.id,
        baseDate: '2026-01-01',
        basePriceFen: 350000,
      })
      .returning();
    const [composite] = await t.db
      .insert(indexDefinitions)
      .values({
        code: 'sub-composite',
        name: '综合',
        market: '全国',
        baseDate: '2026-01-01',
        basePriceFen: 350000,
      })
      .returning();
    await t.db
      .insert(indexDays)
      .values({ indexId: def!.id, day: '2026-03-01', priceFen: 350000, points: 1000 });
    await t.db
      .insert(indexDays)
      .values({ indexId: composite!.id, day: '2026-03-01', priceFen: 350000, points: 1000 });
    const [category] = await t.db
      .insert(articleCategories)
      .values({ code: 'sub-market', name: '市场资讯' })
      .returning();
    const report = (day: string, publishedAt: Date) =>
      t.db
        .insert(articles)
        .values({
          categoryId: category!.id,
          title: `热轧卷板市场日报（${day}）`,
          generatedKey: `market-daily:hrc:${day}`,
          publishedAt,
        })
        .returning();
    // Yesterday's report, out before the alert: not news.
    await report('2026-03-01', new Date(Date.now() - 60_000));

    const member = await makeUser(t.db);
    const refused = await call(member, 'POST', '/api/web/subscription/index-alert', {
      indexId: composite!.id,
      kind: 'report',
    });
    expect(refused.json()).toMatchObject({ code: 1, message: expect.stringContaining('没有市场日报') });
    const alert = await call(member, 'POST', '/api/web/subscription/index-alert', {
      indexId: def!.id,
      kind: 'report',
    });
    expect(alert.json().data).toMatchObject({ kind: 'report', level: null, percent: null, armed: true });
    expect((await t.app.subscriptions.afterReports()).delivered).toBe(0);

    const [today] = await report('2026-03-02', new Date(Date.now() + 1_000));
    // Written ahead of its time (17:30): not yet public, not yet delivered.
    expect((await t.app.subscriptions.afterReports()).delivered).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await t.app.subscriptions.afterReports()).delivered).toBe(1);
    expect((await t.app.subscriptions.afterReports()).delivered).toBe(0);
    // The price alerts' evaluation leaves report alerts alone.
    await t.app.subscriptions.afterIndexJob();
    const inbox = (await call(member, 'GET', '/api/web/inbox/page')).json().data;
    expect(inbox.total).toBe(1);
    expect(inbox.list[0]).toMatchObject({
      kind: 'article',
      targetId: today!.id,
      day: '2026-03-02',
      title: '热轧卷板市场日报（2026-03-02） 已发布',
      source: '上海热卷',
    });
  });
});

describe('daily digest by SMS', () => {
  it('is opt-in, once a day, silent in quiet hours, and unsubscribed in one click', async () => {
    const member = await makeUser(t.db);
    const night = await makeUser(t.db);
    const trader = await makeUser(t.db, { role: 'trader' });
    const key = await newKey(trader);
    expect((await call(member, 'GET', '/api/web/subscription/settings')).json().data).toEqual({
      digest: false,
      quietStart: null,
      quietEnd: null,
    });
    const half = await call(member, 'PUT', '/api/web/subscription/settings', {
      digest: true,
      quietStart: '22:00',
    });
    expect(half.json()).toMatchObject({
      code: 2,
      message: '参数错误：quietStart 与 quietEnd 需同时设置或同时清除',
    });
    const badTime = await call(member, 'PUT', '/api/web/subscription/settings', { quietStart: '25:00' });
    expect(badTime.json().code).toBe(2);
    expect(
      (await call(member, 'PUT', '/api/web/subscription/settings', { digest: true })).json().data.digest,
    ).toBe(true);
    // quiet hours around the present minute (Shanghai) for the other member
    const minute = Math.floor(((Date.now() + 8 * 3600_000) % 86400_000) / 60_000);
    const clock = (m: number) => {
      const x = (m + 1440) % 1440;
      return `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
    };
    const quiet = { digest: true, quietStart: clock(minute - 60), quietEnd: clock(minute + 60) };
    expect((await call(night, 'PUT', '/api/web/subscription/settings', quiet)).json().data).toEqual(quiet);

    await save(member, { filter: { keyword: '热卷 12.0' } });
    await save(night, { filter: { keyword: '热卷 12.0' } });
    await syncStock(key, [syncRow({ spec: '12.0*1500*C' })]);

    expect(await t.app.subscriptions.sendDigests()).toEqual({ sent: 1, quiet: 1 });
    expect(await readMailbox(t.app.store, night.phone)).toBeNull();
    const sms = await readMailbox(t.app.store, member.phone);
    expect(sms?.text).toContain('您的订阅有 1 条新消息');
    expect(sms?.text).toContain('12.0*1500*C');
    // once a day
    await syncStock(key, [syncRow({ spec: '12.0*1800*C' })]);
    expect((await t.app.subscriptions.sendDigests()).sent).toBe(0);

    const link = /\/api\/web\/subscription\/unsubscribe\?token=\w+/.exec(sms!.text)![0];
    const off = await call(null, 'GET', link);
    expect(off.json()).toEqual({ code: 0, message: 'ok', data: { unsubscribed: true } });
    expect((await call(member, 'GET', '/api/web/subscription/settings')).json().data.digest).toBe(false);
    const unknown = await call(null, 'GET', '/api/web/subscription/unsubscribe?token=nope');
    expect(unknown.json().code).toBe(6);
  });
});
