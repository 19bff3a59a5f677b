/**
 * The common service: the health check, the portal's site addresses and the product map.
 * The product map is cached for a minute per process: the dictionaries change a few times a
 * year, and a minute of staleness saves four queries on a call every search screen makes.
 */
import type { Health, ProductMap, SiteConfig } from '@steelport/contracts';
import type { Static } from 'typebox';
import { createCache } from '../../cache.ts';
import { MINUTE_MS, SECOND_MS } from '../../dates.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { KvStore } from '../../store/index.ts';
import { presentProductMap } from './present.ts';
import { productMapRows } from './repo.ts';

const PRODUCT_MAP_FRESH_MS = MINUTE_MS;
const HEALTH_FRESH_MS = SECOND_MS;
/** How long a database that stopped answering can go unnoticed by /healthz. */
export const HEALTH_STALE_MS = 10 * SECOND_MS;

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
  // A ping waits in the same queue as every query (PGlite is one connection, on its own thread),
  // so under a burst a fresh ping per probe would answer only after the burst, and a balancer
  // would take a busy instance for a dead one. A ping that succeeded in the last second is the
  // answer; up to HEALTH_STALE_MS it still is while one background ping confirms it; past that,
  // or after failures, the probe waits for a ping of its own and fails with it.
  const pings = createCache<true>({
    name: 'healthz',
    freshMs: HEALTH_FRESH_MS,
    staleMs: HEALTH_STALE_MS,
    maxEntries: 1,
  });
  const ping = async (): Promise<true> => {
    await deps.database.ping();
    if (deps.store.kind === 'redis') await deps.store.get('healthz');
    return true;
  };
  return {
    /** Throws when the database or Redis has not answered for HEALTH_STALE_MS (a 500 for the balancer). */
    async health(): Promise<Static<typeof Health>> {
      await pings.get('ping', ping);
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
