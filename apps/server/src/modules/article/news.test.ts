/**
 * News articles (issue 15): the headlines, the list with category, tag and keyword, tags and
 * categories, the members-only rule of detail and detail-login, counted views, the sanitizer
 * against OWASP filter-evasion vectors, and the 市场日报 job (written from the stored rows,
 * idempotent by its key).
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  articleCategories,
  articles,
  articleTags,
  products,
  quotations,
  tags,
} from '../../db/schema/index.ts';
import { seedDemo } from '../../seed/index.ts';
import { useTestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';
import { sanitizeArticleHtml } from './html.ts';
import { writeMarketReports } from './reports.ts';

const t = useTestApp();
const NOW = new Date('2026-03-12T00:00:00+08:00');
let member: string;

beforeAll(async () => {
  await seedDemo(t.db, { cargo: 0, surplus: 0, quotationDays: 12, indexDays: 120, now: NOW });
  member = (await makeUser(t.db)).token;
}, 180_000);

const get = async (url: string, token?: string) => {
  const res = await t.app.inject({ url, ...(token ? { headers: { 'x-token': token } } : {}) });
  return { status: res.statusCode, body: res.json() };
};

describe('news landing and list', () => {
  it('gives the newest headlines and the newest of every category in display order', async () => {
    const { body } = await get('/api/web/2.0/article/index?size=3');
    expect(body.code).toBe(0);
    const names = body.data.categories.map((c: { name: string }) => c.name);
    expect(names).toEqual(['市场资讯', '钢厂调价', '库存分析', '指数分析', '政策法规', '平台公告']);
    for (const c of body.data.categories) {
      expect(c.list.length).toBeGreaterThan(0);
      expect(c.list.length).toBeLessThanOrEqual(3);
      for (const a of c.list) expect(a.categoryName).toBe(c.name);
    }
    expect(body.data.headlines.length).toBeGreaterThan(0);
    const times = body.data.headlines.map((a: { publishedAt: string }) => a.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await get('/api/web/2.0/article/index?size=11')).body.code).toBe(2);
  });

  it('lists every category newest first and filters by category code and id', async () => {
    const all = (await get('/api/web/2.0/article/page?pageSize=50')).body.data;
    expect(all.total).toBeGreaterThan(100);
    expect(all.list).toHaveLength(50);
    const market = (await get('/api/web/2.0/article/page?categoryCode=market&pageSize=5')).body.data;
    expect(market.list[0].categoryName).toBe('市场资讯');
    expect(market.list[0].generated).toBe(true);
    expect(market.list[0].title).toMatch(/市场日报/);
    const byId = (await get(`/api/web/2.0/article/page?categoryId=${market.list[0].categoryId}&pageSize=5`))
      .body.data;
    expect(byId.total).toBe(market.total);
    const page2 = (await get('/api/web/2.0/article/page?categoryCode=market&pageSize=5&page=2')).body.data;
    expect(page2.list[0].id).not.toBe(market.list[0].id);
    expect((await get('/api/web/2.0/article/page?categoryCode=nothing')).body.data).toMatchObject({
      total: 0,
      list: [],
    });
  });

  it('filters by tag and keyword, and the tag counts agree with the list', async () => {
    const tagList = (await get('/api/common/tag/list')).body;
    expect(tagList.code).toBe(0);
    const daily = tagList.data.find((x: { name: string }) => x.name === '市场日报');
    expect(daily.count).toBeGreaterThan(10);
    const tagged = (await get(`/api/web/2.0/article/page?tagId=${daily.id}&pageSize=50`)).body.data;
    expect(tagged.total).toBe(daily.count);
    for (const a of tagged.list) expect(a.title).toMatch(/市场日报/);

    const hot = (await get(`/api/web/2.0/article/page?keyword=${encodeURIComponent('热卷')}&pageSize=50`))
      .body.data;
    expect(hot.total).toBeGreaterThan(0);
    for (const a of hot.list) expect(`${a.title}${a.summary}`).toContain('热卷');
    const both = (
      await get(
        `/api/web/2.0/article/page?tagId=${daily.id}&keyword=${encodeURIComponent('冷轧')}&pageSize=50`,
      )
    ).body.data;
    expect(both.total).toBeGreaterThan(0);
    expect(both.total).toBeLessThan(tagged.total);
    // LIKE wildcards are taken literally.
    expect((await get('/api/web/2.0/article/page?keyword=%25%25')).body.data.total).toBe(0);
    expect((await get('/api/web/2.0/article/page?keyword=_')).body.data.total).toBe(0);
  });

  it('answers code 2 for bad input and code 6 for unknown category or tag ids', async () => {
    for (const q of [
      'pageSize=101',
      'page=0',
      `keyword=${'热'.repeat(31)}`,
      'tagId=abc',
      'categoryId=2147483648',
      'categoryCode=Bad!',
    ]) {
      const { status, body } = await get(`/api/web/2.0/article/page?${q}`);
      expect(status, q).toBe(400);
      expect(body.code, q).toBe(2);
    }
    expect((await get('/api/web/2.0/article/page?tagId=999999')).body).toMatchObject({
      code: 6,
      message: '标签不存在',
    });
    expect((await get('/api/web/2.0/article/page?categoryId=999999')).body).toMatchObject({
      code: 6,
      message: '资讯分类不存在',
    });
  });

  it('gives the categories as label and value without the /api prefix', async () => {
    const { body } = await get('/ma/article/category/labelValue');
    expect(body.code).toBe(0);
    expect(body.data[0]).toMatchObject({ label: '市场资讯', code: 'market' });
    expect(body.data.map((c: { label: string }) => c.label)).toContain('平台公告');
    expect(Number.isInteger(body.data[0].value)).toBe(true);
  });
});

describe('article detail and members-only text', () => {
  const lockedId = async () => {
    const [row] = await t.db
      .select({ id: articles.id })
      .from(articles)
      .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(and(eq(articles.membersOnly, true), eq(articleCategories.code, 'policy')))
      .limit(1);
    return row?.id as number;
  };

  it('gives a visitor the summary and loginRequired, a member the text on both paths', async () => {
    const id = await lockedId();
    const visitor = (await get(`/api/web/2.0/article/detail/${id}`)).body.data;
    expect(visitor).toMatchObject({ loginRequired: true, contentHtml: '', categoryCode: 'policy' });
    expect(visitor.summary).not.toBe('');
    expect(visitor.tags.map((x: { name: string }) => x.name)).toContain('政策');

    const needLogin = await get(`/api/web/article/detail-login/${id}`);
    expect(needLogin.body.code).toBe(4);
    expect(needLogin.body.data).toBeNull();

    const full = (await get(`/api/web/article/detail-login/${id}`, member)).body;
    expect(full.code).toBe(0);
    expect(full.data.loginRequired).toBe(false);
    expect(full.data.contentHtml).toContain('<p>');
    const viaDetail = (await get(`/api/web/2.0/article/detail/${id}`, member)).body.data;
    expect(viaDetail.contentHtml).toBe(full.data.contentHtml);
  });

  it('links the older and newer article of the category and related ones', async () => {
    const list = (await get('/api/web/2.0/article/page?categoryCode=notice&pageSize=3')).body.data.list;
    const middle = (await get(`/api/web/2.0/article/detail/${list[1].id}`)).body.data;
    expect(middle.next.id).toBe(list[0].id);
    expect(middle.prev.id).toBe(list[2].id);
    expect(middle.related.length).toBeGreaterThan(0);
    expect(middle.related.map((r: { id: number }) => r.id)).not.toContain(list[1].id);
    const newest = (await get(`/api/web/2.0/article/detail/${list[0].id}`)).body.data;
    expect(newest.next).toBeNull();
  });

  it('gives code 6 for an unknown or withdrawn article on both paths', async () => {
    expect((await get('/api/web/2.0/article/detail/999999')).body.code).toBe(6);
    expect((await get('/api/web/article/detail-login/999999', member)).body.code).toBe(6);
    const id = await lockedId();
    await t.db.update(articles).set({ status: 'hidden' }).where(eq(articles.id, id));
    expect((await get(`/api/web/article/detail-login/${id}`, member)).body.code).toBe(6);
    await t.db.update(articles).set({ status: 'published' }).where(eq(articles.id, id));
  });

  it('counts every read, also when readers arrive at once', async () => {
    const list = (await get('/api/web/2.0/article/page?categoryCode=policy&pageSize=1')).body.data.list;
    const id = list[0].id;
    const [before] = await t.db.select({ views: articles.views }).from(articles).where(eq(articles.id, id));
    await Promise.all(Array.from({ length: 12 }, () => get(`/api/web/2.0/article/detail/${id}`)));
    const [after] = await t.db.select({ views: articles.views }).from(articles).where(eq(articles.id, id));
    expect((after?.views ?? 0) - (before?.views ?? 0)).toBe(12);
    const shown = (await get(`/api/web/2.0/article/detail/${id}`)).body.data.views;
    expect(shown).toBe((after?.views ?? 0) + 1);
  });

  it('sanitizes a stored body again when it is read', async () => {
    const list = (await get('/api/web/2.0/article/page?categoryCode=notice&pageSize=1')).body.data.list;
    const id = list[0].id;
    await t.db
      .update(articles)
      .set({
        contentHtml:
          '<p onclick="x()">公告<script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>',
      })
      .where(eq(articles.id, id));
    const html = (await get(`/api/web/2.0/article/detail/${id}`)).body.data.contentHtml;
    expect(html).toContain('公告');
    for (const bad of ['<script', 'onclick', 'javascript:']) expect(html).not.toContain(bad);
  });
});

/** OWASP XSS filter-evasion cheat sheet vectors (and a few more). */
const VECTORS = [
  `<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=javascript:alert('XSS')>`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  `<IMG SRC=\`javascript:alert("RSnake says, 'XSS'")\`>`,
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<IMG SRC="jav	ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<IMG SRC=" &#14;  javascript:alert('XSS');">`,
  `<a href="  javascript:alert(1)">x</a>`,
  `<a href="&#x6A;avascript:alert(1)">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`,
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<SCRIPT SRC=//xss.rocks/.j>`,
  `<IMG SRC="\`<javascript:alert>\`('XSS')"`,
  `<iframe src=http://xss.rocks/scriptlet.html <`,
  `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`,
  `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<svg/onload=alert('XSS')>`,
  `<BODY ONLOAD=alert('XSS')>`,
  `<BGSOUND SRC="javascript:alert('XSS');">`,
  `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  `<STYLE>@import'http://xss.rocks/xss.css';</STYLE>`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`,
  `<TABLE BACKGROUND="javascript:alert('XSS')"><TD BACKGROUND="javascript:alert('XSS')">`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
  `<span style="width: expression(alert('XSS'));">x</span>`,
  `<BASE HREF="javascript:alert('XSS');//">`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv">`,
  `<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
  `<form action="javascript:alert(1)"><button>x</button></form>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<a href="java&#0000115;cript:alert(1)">x</a>`,
  `<img src="x" srcset="javascript:alert(1)">`,
  `<a href="//evil.example/x">protocol-relative</a>`,
];

describe('article HTML against filter-evasion vectors', () => {
  it.each(VECTORS)('neutralises %s', (vector) => {
    const clean = sanitizeArticleHtml(`<p>正文</p>${vector}`);
    expect(clean).toContain('<p>正文</p>');
    // No dangerous element, no handler attribute, no script or data URL in any attribute.
    expect(clean).not.toMatch(
      /<\s*(script|iframe|frame|object|embed|style|meta|link|svg|math|form|input|body|base|bgsound)\b/i,
    );
    expect(clean).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/<[^>]*\s(style|srcset|background|action)\s*=/i);
    const attrs = [...clean.matchAll(/\s(?:href|src)\s*=\s*"([^"]*)"/gi)].map((m) => m[1] ?? '');
    for (const value of attrs) {
      const decoded = value
        .replace(/&#x?[0-9a-f]+;?/gi, '')
        .replace(/\s/g, '')
        .toLowerCase();
      expect(decoded).not.toMatch(/^(javascript|vbscript|data):/);
      expect(value.startsWith('//')).toBe(false);
      // Only http(s) and mailto schemes; anything else is a relative path (harmless).
      const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(decoded)?.[1];
      if (scheme !== undefined) expect(['http', 'https', 'mailto']).toContain(scheme);
    }
  });
});

describe('市场日报 job', () => {
  const dailyRows = () =>
    t.db
      .select({
        key: articles.generatedKey,
        title: articles.title,
        html: articles.contentHtml,
        summary: articles.summary,
      })
      .from(articles)
      .where(like(articles.generatedKey, 'market-daily:%'))
      .orderBy(articles.generatedKey);

  it('wrote one report per major product and trading day, quoting the stored averages', async () => {
    const rows = await dailyRows();
    const keys = rows.map((r) => r.key as string);
    for (const code of ['hrc', 'crc', 'plate', 'gi'])
      expect(keys.some((k) => k.startsWith(`market-daily:${code}:`))).toBe(true);
    const day = '2026-03-10';
    const hrc = rows.find((r) => r.key === `market-daily:hrc:${day}`);
    expect(hrc).toBeDefined();
    const [avg] = await t.db
      .select({ fen: sql<number>`round(avg(${quotations.priceFen}))::int` })
      .from(quotations)
      .innerJoin(products, eq(products.id, quotations.productId))
      .where(
        and(eq(products.name, '热轧卷板'), eq(quotations.quoteDate, day), sql`${quotations.priceFen} > 0`),
      );
    const yuan = Math.round((avg?.fen ?? 0) / 100).toLocaleString('zh-CN');
    expect(hrc?.title).toBe(
      `3月10日热卷市场日报：报价均价${yuan}元/吨${hrc?.title.includes('，') ? hrc.title.slice(hrc.title.indexOf('，')) : ''}`,
    );
    expect(hrc?.html).toContain('自动生成');
    for (const part of ['活跃市场', '指数表现', '库存变化', '数据提示']) expect(hrc?.html).toContain(part);
    const [tagged] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(articleTags)
      .innerJoin(tags, eq(tags.id, articleTags.tagId))
      .innerJoin(articles, eq(articles.id, articleTags.articleId))
      .where(and(eq(tags.name, '市场日报'), like(articles.generatedKey, 'market-daily:%')));
    expect(tagged?.n).toBe(rows.length);
  });

  it('rewrites the same reports on a rerun and follows changed quotations', async () => {
    const before = await dailyRows();
    expect(await writeMarketReports(t.db, { latest: '2026-03-12', days: 30 })).toBe(before.length);
    expect(await dailyRows()).toEqual(before);

    const day = '2026-03-11';
    const [product] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.name, '中厚板'));
    await t.db
      .update(quotations)
      .set({ priceFen: sql`${quotations.priceFen} + 50000` })
      .where(
        and(
          eq(quotations.productId, product?.id as number),
          eq(quotations.quoteDate, day),
          sql`${quotations.priceFen} > 0`,
        ),
      );
    await writeMarketReports(t.db, { latest: day, days: 1 });
    const after = await dailyRows();
    expect(after).toHaveLength(before.length);
    const key = `market-daily:plate:${day}`;
    expect(after.find((r) => r.key === key)?.title).not.toBe(before.find((r) => r.key === key)?.title);
    expect(after.find((r) => r.key === key)?.title).toContain('上涨');
    // Other reports untouched.
    const other = `market-daily:hrc:${day}`;
    expect(after.find((r) => r.key === other)).toEqual(before.find((r) => r.key === other));
  });
});
