/**
 * Health check, site addresses for the portal, and the product taxonomy (productMap). Thin:
 * the cache and the checks live in service.ts.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorEnvelope, Health, ProductMap, SiteConfig } from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { commonService } from './service.ts';

const commonModule: FastifyPluginAsyncTypebox = async (app) => {
  const common = commonService({ db: app.db, database: app.database, store: app.store, site: app.config });

  app.get(
    '/healthz',
    {
      schema: { hide: true, response: { 200: Envelope(Health), 500: ErrorEnvelope } },
    },
    // A failing database or Redis makes this throw, which the envelope turns into a 500 for the balancer.
    async () => ok(await common.health()),
  );

  app.get(
    '/api/web/2.0/common/site',
    {
      config: { access: 'public' },
      schema: {
        tags: ['common'],
        operationId: 'commonSite',
        summary: '门户链接地址（登录站点、我的账户、可嵌入来源）',
        description: '门户使用的链接地址：登录站点、我的账户页，以及允许嵌入门户的来源。',
        response: { 200: Envelope(SiteConfig) },
      },
    },
    async () => ok(common.site()),
  );

  app.get(
    '/api/web/2.0/common/productMap',
    {
      config: { access: 'public' },
      schema: {
        tags: ['common'],
        operationId: 'commonProductMap',
        summary: '品名分类：类别 -> 品名（材质、规格范围、常见产地）',
        description: '品名分类树：类别下的品名，各带别名、常见材质、常见产地与厚度、宽度范围；缓存一分钟。',
        response: { 200: Envelope(ProductMap) },
      },
    },
    async () => ok(await common.productMap()),
  );
};

export default commonModule;
