/** robots.txt and sitemap.xml at the site root (not part of the API document). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { articleService } from '../article/service.ts';
import { siteService } from './service.ts';

const siteModule: FastifyPluginAsyncTypebox = async (app) => {
  const site = siteService({ publicUrl: app.config.publicUrl, articles: articleService({ db: app.db }) });

  app.get(
    '/robots.txt',
    { schema: { hide: true, response: { 200: Type.String() } } },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(site.robots()),
  );

  app.get(
    '/sitemap.xml',
    { schema: { hide: true, response: { 200: Type.String() } } },
    async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .send(await site.sitemap()),
  );
};

export default siteModule;
