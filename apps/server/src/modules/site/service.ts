/**
 * What search engines read: robots.txt (public screens open, accounts, consoles and the API
 * closed) and a sitemap of the public screens and the newest articles. The sitemap is cached
 * for ten minutes; articles are published a few times a day.
 *
 * Every page is listed in Chinese and in English (`?lang=en`, issue 31), each entry naming both
 * addresses as alternates, as the shell's `hreflang` links do (plugins/web.ts).
 */
import { escapeMarkup } from '@steelport/contracts';
import { createCache } from '../../cache.ts';
import { MINUTE_MS } from '../../dates.ts';
import type { ArticleService } from '../article/service.ts';

/** The public screens a visitor can open without logging in (docs/portal.md#public-screens). */
export const PUBLIC_SCREENS = [
  '/',
  '/beginMain',
  '/wareHouse',
  '/surplus',
  '/exponentMain',
  '/priceTable',
  '/crossdate',
  '/morepage',
  '/moreInfo',
  '/process',
  '/beginInspection',
  '/beginClound',
  '/commercialAffairs/list',
  '/vipopen',
  '/agreement',
  '/privacy',
] as const;

const SITEMAP_ARTICLES = 1000;

/** A page's two entries, Chinese and English, each naming both as alternates. */
function pageEntries(url: string, extra: string): string[] {
  const addresses = { 'zh-CN': url, en: `${url}?lang=en` };
  const alternates = Object.entries(addresses)
    .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeMarkup(href)}"/>`)
    .join('');
  return Object.values(addresses).map(
    (href) => `<url><loc>${escapeMarkup(href)}</loc>${extra}${alternates}</url>`,
  );
}

/** The site service: robots.txt and sitemap.xml for `publicUrl`. */
export function siteService(deps: { publicUrl: string; articles: Pick<ArticleService, 'links'> }) {
  const { publicUrl, articles } = deps;
  const sitemaps = createCache<string>({ name: 'sitemap', freshMs: 10 * MINUTE_MS, maxEntries: 1 });

  return {
    robots(): string {
      return [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /account',
        'Disallow: /admin',
        // The login screen itself is a public page; its copies with a redirect or a mode are not.
        'Disallow: /login?',
        'Disallow: /m/',
        `Sitemap: ${publicUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },

    sitemap(): Promise<string> {
      return sitemaps.get('all', async () => {
        const links = await articles.links(SITEMAP_ARTICLES);
        const urls = [
          ...PUBLIC_SCREENS.flatMap((path) =>
            pageEntries(publicUrl + path, '<changefreq>daily</changefreq>'),
          ),
          ...links.flatMap((l) => pageEntries(publicUrl + l.path, `<lastmod>${l.lastModified}</lastmod>`)),
        ];
        return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
      });
    },
  };
}
