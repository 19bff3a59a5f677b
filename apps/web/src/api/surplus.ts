/**
 * material domain (API.md material): the surplus market (余料) search with quality grades, its
 * totals, facet menus and the VIP export. Enquiries go through the cargo domain with kind
 * `surplus`.
 */
import type { LotMenu, LotTotals, SurplusFilter, SurplusItem, SurplusSearch } from '@steelport/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type LotPageOf, REPEATED_PARAMS } from './cargo.ts';
import { type DownloadedFile, download, get } from './client.ts';

const QUIET = { ...REPEATED_PARAMS, silent: true };

/** Query keys of the surplus screen (under `lots`, as the cargo ones). */
export const surplusKeys = {
  all: ['lots', 'surplus'] as const,
  page: (search: SurplusSearch, token: string | null) => [...surplusKeys.all, 'page', search, token] as const,
  totals: (filter: SurplusFilter) => [...surplusKeys.all, 'totals', filter] as const,
  menu: (filter: SurplusFilter) => [...surplusKeys.all, 'menu', filter] as const,
};

/** GET /api/web/2.0/searchMaterial/page: one page of surplus lots. */
export function fetchSurplusPage(search: SurplusSearch): Promise<LotPageOf<SurplusItem>> {
  return get<LotPageOf<SurplusItem>>('/api/web/2.0/searchMaterial/page', search, QUIET);
}

/** GET /api/web/2.0/searchMaterial/page-total: totals of the filter. */
export function fetchSurplusTotals(filter: SurplusFilter): Promise<LotTotals> {
  return get<LotTotals>('/api/web/2.0/searchMaterial/page-total', filter, QUIET);
}

/** GET /api/web/2.0/searchMaterial/Menu: facet values (with grades) and counts. */
export function fetchSurplusMenu(filter: SurplusFilter): Promise<LotMenu> {
  return get<LotMenu>('/api/web/2.0/searchMaterial/Menu', filter, QUIET);
}

/** Surplus lots for a search; the previous page stays while the next loads. */
export function useSurplusPage(search: SurplusSearch, token: string | null) {
  return useQuery({
    queryKey: surplusKeys.page(search, token),
    queryFn: () => fetchSurplusPage(search),
    placeholderData: keepPreviousData,
  });
}

/** Totals of the filter. */
export function useSurplusTotals(filter: SurplusFilter) {
  return useQuery({ queryKey: surplusKeys.totals(filter), queryFn: () => fetchSurplusTotals(filter) });
}

/** Facet menus of the filter. */
export function useSurplusMenu(filter: SurplusFilter) {
  return useQuery({
    queryKey: surplusKeys.menu(filter),
    queryFn: () => fetchSurplusMenu(filter),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET /api/web/2.0/searchMaterial/export (VIP): the search as an .xlsx file. */
export function downloadSurplusExport(
  search: Omit<SurplusSearch, 'page' | 'pageSize'>,
): Promise<DownloadedFile> {
  return download('/api/web/2.0/searchMaterial/export', search, QUIET);
}
