/** Health check, site addresses for the portal, and the product taxonomy (productMap). */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorEnvelope, Health, ProductMap, SiteConfig } from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { loadProductMap } from './repo.ts';

/** The dictionaries change a few times a year; a minute of staleness saves four queries a call. */
const PRODUCT_MAP_TTL_MS = 60_000;

const commonModule: FastifyPluginAsyncTypebox = async (app) => {
  let productMapCache: { at: number; value: Promise<ProductMap> } | null = null;
  const productMap = () => {
    if (!productMapCache || Date.now() - productMapCache.at > PRODUCT_MAP_TTL_MS) {
      const value = loadProductMap(app.db);
      productMapCache = { at: Date.now(), value };
      value.catch(() => {
        productMapCache = null;
      });
    }
    return productMapCache.value;
  };

  app.get(
    '/healthz',
    {
      schema: { hide: true, response: { 200: Envelope(Health), 500: ErrorEnvelope } },
    },
    async () => {
      // A failing database or Redis makes this throw, which the envelope turns into a 500 for the balancer.
      await app.database.ping();
      if (app.store.kind === 'redis') await app.store.get('healthz');
      return ok({ status: 'ok' as const, database: 'ok' as const });
    },
  );

  app.get(
    '/api/web/2.0/common/site',
    {
      config: { access: 'public' },
      schema: {
        tags: ['common'],
        summary: '门户链接地址（登录站点、我的账户、可嵌入来源）',
        response: { 200: Envelope(SiteConfig) },
      },
    },
    async () =>
      ok({
        loginSiteUrl: app.config.loginSiteUrl,
        accountSiteUrl: app.config.accountSiteUrl,
        allowedEmbedOrigins: app.config.allowedEmbedOrigins,
      }),
  );

  app.get(
    '/api/web/2.0/common/productMap',
    {
      config: { access: 'public' },
      schema: {
        tags: ['common'],
        summary: '品名分类：类别 -> 品名（材质、规格范围、常见产地）',
        response: { 200: Envelope(ProductMap) },
      },
    },
    async () => ok(await productMap()),
  );
};

export default commonModule;
