/** common domain: site configuration and the product taxonomy (docs/api.md#common). */
import type { ProductMap, SiteConfig } from '@steelport/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { get } from './client.ts';

/** Query keys of the common domain. */
export const commonKeys = {
  all: ['common'] as const,
  site: () => [...commonKeys.all, 'site'] as const,
  productMap: () => [...commonKeys.all, 'productMap'] as const,
};

/** What the header links to until the server's answer arrives (same-origin sites). */
export const DEFAULT_SITE_CONFIG: SiteConfig = {
  loginSiteUrl: '/login',
  accountSiteUrl: '/account',
  allowedEmbedOrigins: [],
};

/** GET /api/web/2.0/common/site: login and account addresses, embed origins. */
export function fetchSiteConfig(): Promise<SiteConfig> {
  // Silent: the header falls back to the defaults, a toast would only confuse.
  return get<SiteConfig>('/api/web/2.0/common/site', undefined, { silent: true });
}

const siteQuery = { queryKey: commonKeys.site(), queryFn: fetchSiteConfig, staleTime: Infinity } as const;

/** Site configuration; it does not change while the page lives, so it is fetched once. */
export function useSiteConfig(): SiteConfig {
  return useSiteConfigState().site;
}

/**
 * Site configuration and whether the server answered (or failed): a decision that sends the
 * browser away, such as the login redirect, waits for `ready` instead of using the defaults.
 */
export function useSiteConfigState(): { site: SiteConfig; ready: boolean } {
  const { data, isPending } = useQuery(siteQuery);
  return { site: data ?? DEFAULT_SITE_CONFIG, ready: !isPending };
}

/** The site configuration outside a component (after a login); the defaults when it fails. */
export function loadSiteConfig(queryClient: QueryClient): Promise<SiteConfig> {
  return queryClient.fetchQuery(siteQuery).catch(() => DEFAULT_SITE_CONFIG);
}

/** GET /api/web/2.0/common/productMap: categories -> products with materials, origins, spec ranges. */
export function fetchProductMap(): Promise<ProductMap> {
  return get<ProductMap>('/api/web/2.0/common/productMap', undefined, { silent: true });
}

/** The product taxonomy; it changes only when operators edit dictionaries. */
export function useProductMap() {
  return useQuery({ queryKey: commonKeys.productMap(), queryFn: fetchProductMap, staleTime: 10 * 60_000 });
}
