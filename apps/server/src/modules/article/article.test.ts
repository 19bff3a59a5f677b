/** Index articles: the /morepage list and the detail with the members-only rule. */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/index.ts';
import { useTestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';
import { sanitizeArticleHtml } from './html.ts';

const t = useTestApp();
let member: string;

beforeAll(async () => {
  await seedDemo(t.db, {
    cargo: 0,
    quotationDays: 3,
    indexDays: 60,
    now: new Date('2026-03-02T00:00:00+08:00'),
  });
  member = (await makeUser(t.db)).token;
}, 120_000);

describe('articles', () => {
  it('pages the index category, newest first, quoting computed figures', async () => {
    const res = await t.app.inject({ url: '/api/ma/article/pageByCategoryId?categoryCode=index&pageSize=5' });
    const { data } = res.json();
    expect(data).toMatchObject({ page: 1, pageSize: 5 });
    expect(data.total).toBeGreaterThan(5);
    expect(data.list).toHaveLength(5);
    expect(data.list[0].categoryName).toBe('指数分析');
    expect(data.list[0].title).toMatch(/元\/吨|饱和度/);
    const byId = await t.app.inject({
      url: `/api/ma/article/pageByCategoryId?categoryId=${data.list[0].categoryId}&page=2&pageSize=5`,
    });
    expect(byId.json().data.list[0].id).not.toBe(data.list[0].id);
  });

  it('gives a visitor the summary of a members-only article and a member the text', async () => {
    const { data } = (
      await t.app.inject({ url: '/api/ma/article/pageByCategoryId?categoryCode=index&pageSize=50' })
    ).json();
    const locked = data.list.find((a: { membersOnly: boolean }) => a.membersOnly);
    const visitor = (await t.app.inject({ url: `/api/web/2.0/article/detail/${locked.id}` })).json().data;
    expect(visitor).toMatchObject({ loginRequired: true, contentHtml: '' });
    expect(visitor.summary).not.toBe('');
    const full = (
      await t.app.inject({ url: `/api/web/2.0/article/detail/${locked.id}`, headers: { 'x-token': member } })
    ).json().data;
    expect(full.loginRequired).toBe(false);
    expect(full.contentHtml).toContain('<p>');
  });

  it('answers code 2 without a category and code 6 for an unknown article', async () => {
    expect((await t.app.inject({ url: '/api/ma/article/pageByCategoryId' })).json()).toMatchObject({
      code: 2,
    });
    const missing = await t.app.inject({ url: '/api/web/2.0/article/detail/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 6 });
    expect((await t.app.inject({ url: '/api/web/2.0/article/detail/abc' })).json()).toMatchObject({
      code: 2,
    });
  });
});

describe('article HTML', () => {
  it('keeps the article markup and drops scripts, handlers and javascript: links', () => {
    const dirty =
      '<h3>价格</h3><p onclick="steal()">热卷<script>alert(1)</script><a href="javascript:alert(1)">链接</a>' +
      '<a href="https://www.steelport.cn/x">站内</a><img src="x" onerror="alert(1)"><iframe src="https://evil"></iframe></p>';
    const clean = sanitizeArticleHtml(dirty);
    expect(clean).toContain('<h3>价格</h3>');
    expect(clean).toContain('热卷');
    expect(clean).toContain('href="https://www.steelport.cn/x"');
    expect(clean).toContain('rel="noopener noreferrer nofollow"');
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe'])
      expect(clean).not.toContain(bad);
  });
});
