/**
 * cargo domain (API.md cargo): warehouse spot stock search, its totals and facet menus, the
 * supplier list, the anti-scraping captcha, contact unlocks (enquiries) and the VIP export.
 * Enquiries and the captcha serve /surplus too: they live under /searchCargo on the server.
 */
import type {
  CargoFilter,
  CargoItem,
  CargoSearch,
  EnquiryResult,
  EnquiryTotal,
  LotMenu,
  LotTotals,
  PageOf,
  QueryToken,
  Supplier,
  SupplierSummary,
} from '@steelport/contracts';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AxiosRequestConfig } from 'axios';
import { type DownloadedFile, download, get, post } from './client.ts';
import { userKeys } from './user.ts';

/** A lot search answer: the page plus how the keyword was understood. */
export interface LotPageOf<T> extends PageOf<T> {
  understood: QueryToken[];
}

export type EnquiryKind = 'cargo' | 'surplus';

/** Arrays go as repeated parameters (products=a&products=b), as the server reads them. */
export const REPEATED_PARAMS: AxiosRequestConfig = { paramsSerializer: { indexes: null } };
// Lot screens show their own error, empty and captcha states; a toast would say it twice.
const QUIET: AxiosRequestConfig = { ...REPEATED_PARAMS, silent: true };

/**
 * Query keys of the lot screens. Everything sits under `lots` so an unlock can refresh the
 * pages of both markets; the token is part of answers that depend on the caller.
 */
export const cargoKeys = {
  all: ['lots', 'cargo'] as const,
  page: (search: CargoSearch, token: string | null) => [...cargoKeys.all, 'page', search, token] as const,
  totals: (filter: CargoFilter) => [...cargoKeys.all, 'totals', filter] as const,
  menu: (filter: CargoFilter) => [...cargoKeys.all, 'menu', filter] as const,
  suppliers: (query: SupplierListQuery, token: string | null) =>
    [...cargoKeys.all, 'suppliers', query, token] as const,
  enquiryTotal: (kind: EnquiryKind, ids: number[], token: string | null) =>
    ['lots', kind, 'enquiryTotal', ids, token] as const,
  captcha: (attempt: number) => ['lots', 'captcha', attempt] as const,
};

/** POST /api/web/2.0/searchCargo/page: one page of spot stock. */
export function fetchCargoPage(search: CargoSearch): Promise<LotPageOf<CargoItem>> {
  return post<LotPageOf<CargoItem>>('/api/web/2.0/searchCargo/page', search, QUIET);
}

/** POST /api/web/2.0/searchCargo/page-total: rows, pieces, tonnage and average price. */
export function fetchCargoTotals(filter: CargoFilter): Promise<LotTotals> {
  return post<LotTotals>('/api/web/2.0/searchCargo/page-total', filter, QUIET);
}

/** GET /api/web/2.0/searchCargo/Menu: facet values with counts under the filter. */
export function fetchCargoMenu(filter: CargoFilter): Promise<LotMenu> {
  return get<LotMenu>('/api/web/2.0/searchCargo/Menu', filter, QUIET);
}

/** Spot stock for a search; the previous page stays on screen while the next one loads. */
export function useCargoPage(search: CargoSearch, token: string | null) {
  return useQuery({
    queryKey: cargoKeys.page(search, token),
    queryFn: () => fetchCargoPage(search),
    placeholderData: keepPreviousData,
  });
}

/** Totals of the filter. */
export function useCargoTotals(filter: CargoFilter) {
  return useQuery({ queryKey: cargoKeys.totals(filter), queryFn: () => fetchCargoTotals(filter) });
}

/** Facet menus of the filter; kept while the next filter's counts load. */
export function useCargoMenu(filter: CargoFilter) {
  return useQuery({
    queryKey: cargoKeys.menu(filter),
    queryFn: () => fetchCargoMenu(filter),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET /api/web/2.0/searchCargo/export (VIP): the search as an .xlsx file. */
export function downloadCargoExport(search: Omit<CargoSearch, 'page' | 'pageSize'>): Promise<DownloadedFile> {
  return download('/api/web/2.0/searchCargo/export', search, QUIET);
}

export interface SupplierListQuery {
  keyword?: string;
  city?: string;
  page: number;
  pageSize: number;
}

/** GET /api/web/searchCargo/supplier/list: traders with stock, with their counts. */
export function fetchSupplierList(query: SupplierListQuery): Promise<PageOf<SupplierSummary>> {
  return get<PageOf<SupplierSummary>>('/api/web/searchCargo/supplier/list', query, QUIET);
}

/** The supplier list page. */
export function useSupplierList(query: SupplierListQuery, token: string | null) {
  return useQuery({
    queryKey: cargoKeys.suppliers(query, token),
    queryFn: () => fetchSupplierList(query),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/web/searchCargo/captcha: a new image captcha (an SVG document). */
export function fetchCaptcha(): Promise<{ captchaId: string; svg: string }> {
  return get<{ captchaId: string; svg: string }>('/api/web/searchCargo/captcha', undefined, { silent: true });
}

/** A fresh captcha per attempt; never cached, each one can be answered once. */
export function useCaptcha(attempt: number, enabled: boolean) {
  return useQuery({
    queryKey: cargoKeys.captcha(attempt),
    queryFn: fetchCaptcha,
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** POST /api/web/searchCargo/checkImg: passing it lets searches through again. */
export function checkCaptcha(body: { captchaId: string; text: string }): Promise<{
  passed: boolean;
  validForSeconds: number;
}> {
  return post('/api/web/searchCargo/checkImg', body, { silent: true });
}

/** POST /api/web/searchCargo/enquiryTotal (member): today's enquiries, beans, VIP. */
export function fetchEnquiryTotal(kind: EnquiryKind, ids: number[]): Promise<EnquiryTotal> {
  return post<EnquiryTotal>('/api/web/searchCargo/enquiryTotal', { kind, ids }, { silent: true });
}

/** Enquiry allowance and balance for the rows on screen; idle for visitors. */
export function useEnquiryTotal(kind: EnquiryKind, ids: number[], token: string | null, enabled = true) {
  return useQuery({
    queryKey: cargoKeys.enquiryTotal(kind, ids, token),
    queryFn: () => fetchEnquiryTotal(kind, ids),
    enabled: Boolean(token) && enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/web/searchCargo/enquiry (member): unlocks the suppliers of `ids`. */
export function postEnquiry(body: {
  kind: EnquiryKind;
  ids: number[];
  message?: string;
}): Promise<EnquiryResult> {
  return post<EnquiryResult>('/api/web/searchCargo/enquiry', body, { silent: true });
}

/** Puts the unlocked suppliers into every cached page, so the phone shows before the refetch. */
function applyUnlocked(queryClient: QueryClient, suppliers: Supplier[]): void {
  const byId = new Map(suppliers.map((supplier) => [supplier.id, supplier]));
  queryClient.setQueriesData<LotPageOf<{ supplier: Supplier }>>(
    { predicate: (query) => query.queryKey[0] === 'lots' && query.queryKey[2] === 'page' },
    (page) =>
      page && {
        ...page,
        list: page.list.map((row) => {
          const unlocked = byId.get(row.supplier.id);
          return unlocked ? { ...row, supplier: unlocked } : row;
        }),
      },
  );
}

/**
 * Unlocks a supplier's phone. Afterwards the enquiry totals (balance, today's count) and the
 * lot pages of both markets are refetched: one unlock opens every lot of that supplier.
 */
export function useEnquiry(kind: EnquiryKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => postEnquiry({ kind, ids }),
    onSuccess: (result) => {
      applyUnlocked(
        queryClient,
        result.contacts.map((contact) => contact.supplier),
      );
      void queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === 'lots' &&
          (query.queryKey[2] === 'page' || query.queryKey[2] === 'enquiryTotal'),
      });
      // The account pages show the bean balance too.
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
