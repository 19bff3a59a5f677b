/** The built portal served by the API process: SPA fallback, caching, compression. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIRST_CALLS, FIRST_DATA_ID, type FirstAnswer } from '@steelport/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleCategories, articles } from '../db/schema/index.ts';
import { useTestApp } from '../test/app.ts';
import { makeUser } from '../test/factories.ts';
import { firstDataElement } from './first-data.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'steelport-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="zh-CN"><head><meta name="description" content="钢市通 板材" /><title>钢市通</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  path.join(dist, 'route-chunks.json'),
  JSON.stringify({
    wareHouse: {
      scripts: ['assets/wareHouse-1.js', 'assets/table-2.js'],
      styles: ['assets/wareHouse-3.css'],
    },
    home: { scripts: ['assets/home-4.js'], styles: [] },
  }),
);
writeFileSync(
  path.join(dist, 'frames.json'),
  JSON.stringify({
    'zh-CN': {
      site: { title: '钢市通 SteelPort', description: '钢市通 板材' },
      pages: {
        '/': { html: '<header>钢市通 首页框架</header>', title: '首页 - 钢市通', description: '首页说明' },
        '/wareHouse': {
          html: '<header>钢市通 仓库现货框架</header>',
          title: '仓库现货 - 钢市通',
          description: '现货说明',
        },
        '/priceTable': {
          html: '<header>价格行情框架</header>',
          title: '价格行情 - 钢市通',
          description: '行情说明',
        },
      },
      patterns: [
        {
          pattern: '/priceTable/:product',
          frameOf: '/priceTable',
          title: '{{product}}价格行情 - 钢市通',
          description: '{{product}}各城市每日报价中位数',
        },
        {
          pattern: '/priceTable/:product/:city',
          frameOf: '/priceTable',
          title: '{{city}}{{product}}价格行情 - 钢市通',
          description: '{{city}}{{product}}每日报价中位数',
        },
      ],
    },
    en: {
      site: { title: 'SteelPort', description: 'Flat steel <stock> & quotes' },
      pages: {
        '/wareHouse': {
          html: '<header>Spot stock frame</header>',
          title: 'Spot stock - SteelPort',
          description: 'Find coils "in stock"',
        },
      },
    },
  }),
);
writeFileSync(
  path.join(dist, 'assets', 'index-abc123.js'),
  `console.log(${JSON.stringify('钢'.repeat(4000))});`,
);

const t = useTestApp({ WEB_DIST_DIR: dist });

/** The first data a page carries (plugins/first-data.ts). */
function firstDataOf(html: string): FirstAnswer[] {
  const json = new RegExp(`<script type="application/json" id="${FIRST_DATA_ID}">([^<]*)</script>`).exec(
    html,
  )?.[1];
  return json ? (JSON.parse(json) as FirstAnswer[]) : [];
}

describe('web serving', () => {
  it('gives an address that names a product and a city its own head, escaped, with the screen’s frame', async () => {
    const city = await t.app.inject({
      method: 'GET',
      url: `/priceTable/${encodeURIComponent('热轧卷板')}/${encodeURIComponent('上海')}`,
    });
    expect(city.body).toContain('<title>上海热轧卷板价格行情 - 钢市通</title>');
    expect(city.body).toContain('<meta name="description" content="上海热轧卷板每日报价中位数" />');
    expect(city.body).toContain('<header>价格行情框架</header>');
    const product = await t.app.inject({
      method: 'GET',
      url: `/priceTable/${encodeURIComponent('镀锌卷')}?d=1`,
    });
    expect(product.body).toContain('<title>镀锌卷价格行情 - 钢市通</title>');
    const hostile = await t.app.inject({
      method: 'GET',
      url: `/priceTable/${encodeURIComponent('<b>"$&"</b>')}`,
    });
    expect(hostile.body).toContain('<title>&lt;b&gt;&quot;$&amp;&quot;&lt;/b&gt;价格行情 - 钢市通</title>');
    // a made-up name too long for a product: the site's head
    const long = await t.app.inject({ method: 'GET', url: `/priceTable/${'x'.repeat(31)}` });
    expect(long.statusCode).toBe(200);
    expect(long.body).toContain('<title>钢市通 SteelPort</title>');
  });

  it('answers every portal path with the app shell, never cached', async () => {
    for (const url of [
      '/',
      '/wareHouse',
      '/firminfo/12/embed',
      '/quotation?indexSearch=热卷',
      '/no/such/page',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('钢市通');
    }
  });

  it("names the screen's own chunks in its shell, and answers a repeat visit with 304", async () => {
    const warehouse = await t.app.inject({ method: 'GET', url: '/wareHouse?products=热轧卷板' });
    expect(warehouse.body).toContain('<link rel="modulepreload" crossorigin href="/assets/wareHouse-1.js">');
    expect(warehouse.body).toContain('<link rel="modulepreload" crossorigin href="/assets/table-2.js">');
    expect(warehouse.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/wareHouse-3.css">',
    );
    expect(warehouse.body).not.toContain('home-4.js');

    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('href="/assets/home-4.js"');
    expect(home.body).not.toContain('wareHouse-1.js');

    const other = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(other.body).not.toContain('modulepreload');

    const again = await t.app.inject({
      method: 'GET',
      url: '/wareHouse?products=热轧卷板',
      headers: { 'if-none-match': String(warehouse.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('carries the answers of a public screen’s first calls in its plain address, as the API gives them', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/wareHouse' });
    const answers = firstDataOf(page.body);
    expect(answers.map((a) => `${a.method} ${a.url}`)).toEqual(
      (FIRST_CALLS['/wareHouse'] ?? []).map((call) => `${call.method} ${call.url}`),
    );
    // Each is what the API answers a logged-out visitor in Chinese.
    for (const call of answers) {
      const direct = await t.app.inject({
        method: call.method,
        url: call.url,
        ...(call.body === undefined ? {} : { payload: call.body as object }),
      });
      expect(call.lang).toBe('zh-CN');
      expect(call.answer, call.url).toEqual(direct.json());
    }
    expect(answers.find((a) => a.url.endsWith('/searchCargo/page'))?.answer).toMatchObject({
      code: 0,
      data: { page: 1, pageSize: 20 },
    });

    // In English the answers are asked in English; a filtered address and an unlisted screen carry none.
    const english = firstDataOf((await t.app.inject({ method: 'GET', url: '/wareHouse?lang=en' })).body);
    expect(english.length).toBe(answers.length);
    expect(new Set(english.map((a) => a.lang))).toEqual(new Set(['en']));
    expect((await t.app.inject({ method: 'GET', url: '/wareHouse?products=热轧卷板' })).body).not.toContain(
      FIRST_DATA_ID,
    );
    expect((await t.app.inject({ method: 'GET', url: '/agreement' })).body).not.toContain(FIRST_DATA_ID);
  });

  it('carries a firm page’s quotes in its page, and nothing for an id the API cannot take or an article', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const call = `POST /api/web/2.0/quotation/list-user/${trader.id}`;
    const answers = firstDataOf(
      (await t.app.inject({ method: 'GET', url: `/firminfo/${trader.id}/1` })).body,
    );
    const own = answers.find((a) => `${a.method} ${a.url}` === call);
    expect(own?.answer).toMatchObject({ code: 0, data: { page: 1 } });
    const direct = await t.app.inject({ method: 'POST', url: own!.url, payload: own!.body as object });
    expect(own!.answer).toEqual(direct.json());
    // An article's detail counts a view: the portal asks for it itself.
    const [category] = await t.db
      .insert(articleCategories)
      .values({ code: 'first-data', name: '资讯' })
      .returning();
    const [article] = await t.db
      .insert(articles)
      .values({ categoryId: category!.id, title: '热卷早评', publishedAt: new Date(Date.now() - 60_000) })
      .returning();
    for (const url of [
      `/moreInfo/article/${article!.id}`,
      '/firminfo/0/1',
      '/firminfo/2147483648/1',
      '/firminfo/abc/1',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).body, url).not.toContain(FIRST_DATA_ID);
    }
    const [read] = await t.db
      .select({ views: articles.views })
      .from(articles)
      .where(eq(articles.id, article!.id));
    expect(read?.views).toBe(0);
  });

  it('writes < inside the answers as \\u003c, so no text in them can end their element', () => {
    const element = firstDataElement([
      { method: 'GET', url: '/api/x', lang: 'zh-CN', answer: { code: 0, data: { remark: '</script><b>x' } } },
    ]);
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    expect(element).toContain('\\u003c/script>\\u003cb>x');
    expect(firstDataElement([])).toBe('');
  });

  it('puts the prerendered frame of a public screen into #root, and no frame elsewhere', async () => {
    const warehouse = await t.app.inject({ method: 'GET', url: '/wareHouse?products=热轧卷板' });
    expect(warehouse.body).toContain('<div id="root"><header>钢市通 仓库现货框架</header></div>');
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('<div id="root"><header>钢市通 首页框架</header></div>');
    // A path with parameters, or one the build did not prerender, starts empty as before.
    for (const url of ['/wareHouse/12', '/firminfo/12/embed', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    // The frame is part of what the ETag names: another screen's tag does not match.
    const again = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(warehouse.headers.etag) },
    });
    expect(again.statusCode).toBe(200);
  });

  it('answers ?lang=en in English: the language, title, description and frame of the screen', async () => {
    const english = await t.app.inject({ method: 'GET', url: '/wareHouse?lang=en&products=热轧卷板' });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<title>Spot stock - SteelPort</title>');
    expect(english.body).toContain('<meta name="description" content="Find coils &quot;in stock&quot;" />');
    expect(english.body).toContain('<div id="root"><header>Spot stock frame</header></div>');
    // A screen the build framed in Chinese only, or one with parameters: the site's own English head.
    const home = await t.app.inject({ method: 'GET', url: '/firminfo/12?lang=EN' });
    expect(home.body).toContain('<title>SteelPort</title>');
    expect(home.body).toContain('content="Flat steel &lt;stock&gt; &amp; quotes"');
    expect(home.body).toContain('<div id="root"></div>');

    const chinese = await t.app.inject({ method: 'GET', url: '/wareHouse' });
    expect(chinese.body).toContain('<html lang="zh-CN">');
    expect(chinese.body).toContain('<title>仓库现货 - 钢市通</title>');
    expect(chinese.body).not.toBe(english.body);
    expect(chinese.headers.etag).not.toBe(english.headers.etag);
  });

  it('names the Chinese and English addresses of every page for search engines', async () => {
    for (const url of ['/wareHouse?page=2', '/wareHouse?lang=en']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).toContain(
        '<link rel="alternate" hreflang="zh-CN" href="http://localhost:3000/wareHouse">',
      );
      expect(res.body).toContain(
        '<link rel="alternate" hreflang="en" href="http://localhost:3000/wareHouse?lang=en">',
      );
      expect(res.body).toContain(
        '<link rel="alternate" hreflang="x-default" href="http://localhost:3000/wareHouse">',
      );
    }
    // Each path has its own alternates, so its own ETag.
    const a = await t.app.inject({ method: 'GET', url: '/firminfo/12' });
    const b = await t.app.inject({ method: 'GET', url: '/firminfo/13' });
    expect(a.headers.etag).not.toBe(b.headers.etag);
    const hostile = await t.app.inject({ method: 'GET', url: '/x%22%3E%3Cscript%3E' });
    expect(hostile.body).not.toContain('"><script>');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('keeps unknown API paths as code 6, not the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/web/2.0/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(6);
  });

  it('sends security headers that allow only the configured embedders', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
