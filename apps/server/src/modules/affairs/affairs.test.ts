/** Market dynamics: the public list with its kind filter and paging, and one item. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commercialAffairs } from '../../db/schema/index.ts';
import { seedDemo } from '../../seed/index.ts';
import { useTestApp } from '../../test/app.ts';

const t = useTestApp();

beforeAll(async () => {
  await seedDemo(t.db, { cargo: 0, surplus: 0, quotationDays: 1, indexDays: 0 });
}, 120_000);

const LIST = '/api/web/commercialAffairs/findPageWithoutLogin';

describe('market dynamics', () => {
  it('pages the 60 demo items newest first, every kind present', async () => {
    const first = (await t.app.inject({ url: `${LIST}?pageSize=50` })).json().data;
    expect(first).toMatchObject({ total: 60, page: 1, pageSize: 50 });
    expect(first.list).toHaveLength(50);
    const times = first.list.map((a: { publishedAt: string }) => a.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const kinds = new Set(first.list.map((a: { kind: string }) => a.kind));
    expect(kinds).toEqual(new Set(['priceAdjust', 'warehouse', 'event', 'market']));
    const second = (await t.app.inject({ url: `${LIST}?page=2&pageSize=50` })).json().data;
    expect(second.list).toHaveLength(10);
    expect(second.list[0].id).not.toBe(first.list[0].id);
  });

  it('filters by kind; a price adjustment names its mill, product and step', async () => {
    const { data } = (await t.app.inject({ url: `${LIST}?kind=priceAdjust&pageSize=50` })).json();
    expect(data.total).toBeGreaterThan(5);
    for (const item of data.list) expect(item.kind).toBe('priceAdjust');
    expect(data.list[0].title).toMatch(/出厂价(上调|下调)\d+元\/吨/);
    expect(data.list[0].product).not.toBeNull();
  });

  it('shows an item with its neighbours and counts the read', async () => {
    const list = (await t.app.inject({ url: `${LIST}?pageSize=3` })).json().data.list;
    const res = await t.app.inject({ url: `/api/web/commercialAffairs/getDetail/${list[1].id}` });
    expect(res.statusCode).toBe(200);
    const item = res.json().data;
    expect(item.title).toBe(list[1].title);
    expect(item.contentHtml).toContain('<p>');
    expect(item.previous).toEqual({ id: list[0].id, title: list[0].title });
    expect(item.next).toEqual({ id: list[2].id, title: list[2].title });
    expect(item.views).toBe(list[1].views + 1);
  });

  it('strips a script written into an item by hand', async () => {
    const [row] = await t.db
      .insert(commercialAffairs)
      .values({
        title: '测试动态',
        content: '<p onclick="x()">正文</p><script>alert(1)</script><a href="javascript:alert(1)">链接</a>',
        publishedAt: new Date(Date.now() - 60_000),
      })
      .returning({ id: commercialAffairs.id });
    const item = (await t.app.inject({ url: `/api/web/commercialAffairs/getDetail/${row?.id}` })).json().data;
    expect(item.contentHtml).toContain('正文');
    expect(item.contentHtml).not.toMatch(/script|onclick|javascript:/);
  });

  it('answers code 6 for unknown, hidden and future items, code 2 for bad input', async () => {
    const missing = await t.app.inject({ url: '/api/web/commercialAffairs/getDetail/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 6, message: '该市场动态不存在或已下线' });
    const [hidden, future] = await t.db
      .insert(commercialAffairs)
      .values([
        { title: '已下线', status: 'hidden' },
        { title: '定时发布', publishedAt: new Date(Date.now() + 86_400_000) },
      ])
      .returning({ id: commercialAffairs.id });
    for (const row of [hidden, future]) {
      expect(
        (await t.app.inject({ url: `/api/web/commercialAffairs/getDetail/${row?.id}` })).json().code,
      ).toBe(6);
    }
    const titles = (await t.app.inject({ url: `${LIST}?pageSize=5` }))
      .json()
      .data.list.map((a: { title: string }) => a.title);
    expect(titles).not.toContain('已下线');
    expect(titles).not.toContain('定时发布');
    await t.db.delete(commercialAffairs).where(eq(commercialAffairs.title, '已下线'));
    for (const url of [
      `${LIST}?kind=nope`,
      `${LIST}?pageSize=101`,
      `${LIST}?page=0`,
      '/api/web/commercialAffairs/getDetail/abc',
      '/api/web/commercialAffairs/getDetail/2147483648',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe(2);
    }
  });
});
