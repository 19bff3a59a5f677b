/**
 * The common service: the health check, the portal's site addresses and the product map.
 * The product map is cached for a minute per process: the dictionaries change a few times a
 * year, and a minute of staleness saves four queries on a call every search screen makes.
 */
import type { Health, ProductMap, SiteConfig } from '@steelport/contracts';
import type { Static } from 'typebox';
import { createCache } from '../../cache.ts';
import { MINUTE_MS } from '../../dates.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { KvStore } from '../../store/index.ts';
import { presentProductMap } from './present.ts';
import { productMapRows } from './repo.ts';

const PRODUCT_MAP_FRESH_MS = MINUTE_MS;

/** The common service over the database, the shared store and the configured site addresses. */
export function commonService(deps: {
  db: DbOrTx;
  database: Pick<Database, 'ping'>;
  store: Pick<KvStore, 'kind' | 'get'>;
  site: SiteConfig;
}) {
  const productMap = createCache<ProductMap>({
    name: 'productMap',
    freshMs: PRODUCT_MAP_FRESH_MS,
    maxEntries: 1,
  });
  return {
    /** Throws when the database or Redis does not answer (the balancer then sees a 500). */
    async health(): Promise<Static<typeof Health>> {
      await deps.database.ping();
      if (deps.store.kind === 'redis') await deps.store.get('healthz');
      return { status: 'ok', database: 'ok' };
    },

    /** Where the login site and the account pages are, and who may embed the portal. */
    site(): SiteConfig {
      return {
        loginSiteUrl: deps.site.loginSiteUrl,
        accountSiteUrl: deps.site.accountSiteUrl,
        allowedEmbedOrigins: deps.site.allowedEmbedOrigins,
      };
    },

    /** Categories -> products with materials, mills and spec ranges (cached a minute). */
    productMap(): Promise<ProductMap> {
      return productMap.get('all', async () => presentProductMap(await productMapRows(deps.db)));
    },
  };
}

/** What `commonService` gives. */
export type CommonService = ReturnType<typeof commonService>;
