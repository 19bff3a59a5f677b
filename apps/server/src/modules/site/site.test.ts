/** robots.txt and the sitemap a search engine reads. */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/index.ts';
import { useTestApp } from '../../test/app.ts';

const t = useTestApp({ PUBLIC_URL: 'https://www.steelport.example' });

beforeAll(async () => {
  await seedDemo(t.db, {
    cargo: 0,
    quotationDays: 3,
    indexDays: 60,
    now: new Date('2026-03-02T00:00:00+08:00'),
  });
}, 120_000);

describe('robots.txt and sitemap.xml', () => {
  it('opens the public screens, closes accounts and the API, and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /account');
    expect(res.body).toContain('Disallow: /login?');
    expect(res.body).not.toMatch(/Disallow: \/login$/m);
    expect(res.body).toContain('Sitemap: https://www.steelport.example/sitemap.xml');
  });

  it('lists the public screens and the published articles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<loc>https://www.steelport.example/wareHouse</loc>');
    expect(res.body).toContain('<loc>https://www.steelport.example/exponentMain</loc>');
    expect(res.body).toMatch(
      /<loc>https:\/\/www\.steelport\.example\/morepage\/article\/\d+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/,
    );
  });

  it('lists every page in Chinese and in English, each naming both addresses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const alternates =
      '<xhtml:link rel="alternate" hreflang="zh-CN" href="https://www.steelport.example/wareHouse"/>' +
      '<xhtml:link rel="alternate" hreflang="en" href="https://www.steelport.example/wareHouse?lang=en"/>';
    expect(res.body).toContain(
      `<url><loc>https://www.steelport.example/wareHouse</loc><changefreq>daily</changefreq>${alternates}</url>`,
    );
    expect(res.body).toContain(
      `<url><loc>https://www.steelport.example/wareHouse?lang=en</loc><changefreq>daily</changefreq>${alternates}</url>`,
    );
    expect(res.body).toMatch(
      /<loc>https:\/\/www\.steelport\.example\/morepage\/article\/\d+\?lang=en<\/loc>/,
    );
    expect(res.body).not.toContain('/account');
  });
});
