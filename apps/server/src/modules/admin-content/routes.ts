/**
 * The operator console's content (issue 18): list, get, create, update and delete of articles,
 * market dynamics (商务动态), agencies, ads and banners, and home announcements under
 * `/api/admin/...`. One folder per entity (routes, service, repo, presenter); what they share is
 * `shared.ts` (services; images through modules/upload's service), `repo.ts` (SQL list helpers)
 * and `present.ts`. Articles and market dynamics are written through their owners' services
 * (modules/article, modules/affairs); the lists and the audited loads read here. Every route is access admin (anyone else: code 4 or 5); every write is one
 * transaction with exactly one audit row (`auditedWrites`, the row before and after).
 *
 * Freshness on the portal: articles, market dynamics, agencies and the announcement are read
 * without a cache, so a write shows on the next request; ads are cached 30 s per position
 * (`AD_CACHE_SECONDS` in modules/ad), so an ad change shows within 30 s (at once on this instance).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminAdRoutes } from './ads/routes.ts';
import { adminAffairRoutes } from './affairs/routes.ts';
import { adminAgencyRoutes } from './agencies/routes.ts';
import { adminAnnouncementRoutes } from './announcements/routes.ts';
import { adminArticleRoutes } from './articles/routes.ts';

/** What app.ts hands the console: how to make the portal's ad answers forget an edited ad. */
export interface AdminContentOptions {
  onAdsChanged?: () => void;
}

const adminContentModule: FastifyPluginAsyncTypebox<AdminContentOptions> = async (app, opts) => {
  await app.register(adminArticleRoutes);
  await app.register(adminAffairRoutes);
  await app.register(adminAgencyRoutes);
  await app.register(adminAdRoutes, opts.onAdsChanged ? { onAdsChanged: opts.onAdsChanged } : {});
  await app.register(adminAnnouncementRoutes);
};

export default adminContentModule;
