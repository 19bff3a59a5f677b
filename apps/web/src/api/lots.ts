/**
 * The lot markets (docs/api.md#spot-stock and docs/api.md#surplus): spot stock (现货,
 * /wareHouse, under searchCargo) and surplus (余料, /surplus, under searchMaterial) are the same
 * search over two tables, so one module serves both, told apart by `kind`. The supplier list,
 * the anti-scraping captcha and the contact unlocks (enquiries) live under /searchCargo on the
 * server and serve both markets.
 */
import type {
  Captcha,
  CargoFilter,
  CargoItem,
  CargoSearch,
  CheckImgBody,
  CheckImgResult,
  EnquiryResult,
  EnquiryTotal,
  LotKind,
  LotMenu,
  LotPageOf,
  LotTotals,
  PageOf,
  Supplier,
  SupplierListQuery,
  SupplierSummary,
  SurplusFilter,
  SurplusItem,
  SurplusSearch,
} from '@steelport/contracts';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useViewer, type Viewer } from '../auth/session.ts';
import { PREFETCH_FRESH_MS } from '../lib/prefetch.ts';
import { type DownloadedFile, download, get, post, type RequestOptions } from './client.ts';
import { quoteKeys } from './quotations.ts';
import { userKeys } from './user.ts';

/** The rows, search and filter of each market. */
export interface LotMarkets {
  cargo: { item: CargoItem; search: CargoSearch; filter: CargoFilter };
  surplus: { item: SurplusItem; search: SurplusSearch; filter: SurplusFilter };
}
export type LotItem<K extends LotKind> = LotMarkets[K]['item'];
export type LotSearch<K extends LotKind> = LotMarkets[K]['search'];
export type LotFilterOf<K extends LotKind> = LotMarkets[K]['filter'];

/**
 * Where each market's search lives and how it is sent, as the server declares the routes: a
 * stock search is a POST with a JSON body, a surplus search a GET with query parameters. The
 * facet menu and the export are GETs in both.
 */
const MARKETS: Record<LotKind, { base: string; searchBy: 'post' | 'get' }> = {
  cargo: { base: '/api/web/2.0/searchCargo', searchBy: 'post' },
  surplus: { base: '/api/web/2.0/searchMaterial', searchBy: 'get' },
};

/** Arrays go as repeated parameters (products=a&products=b), as the server reads them. */
const REPEATED_PARAMS: RequestOptions = { paramsSerializer: { indexes: null } };
// Lot screens show their own error, empty and captcha states; a toast would say it twice.
const QUIET: RequestOptions = { ...REPEATED_PARAMS, silent: true };

/**
 * Query keys of the lot screens, and the invalidations that go with them. Everything sits under
 * `lots` (a passed captcha asks all of it again); pages and enquiry totals of both markets sit
 * under one prefix each, so an unlock refreshes them together. Answers that depend on the caller
 * carry the viewer (user id or visitor), never the token.
 */
export const lotKeys = {
  all: ['lots'] as const,
  pages: () => [...lotKeys.all, 'page'] as const,
  page: (kind: LotKind, viewer: Viewer, search: LotSearch<LotKind>) =>
    [...lotKeys.pages(), kind, viewer, search] as const,
  totals: (kind: LotKind, filter: LotFilterOf<LotKind>) => [...lotKeys.all, 'totals', kind, filter] as const,
  menu: (kind: LotKind, filter: LotFilterOf<LotKind>) => [...lotKeys.all, 'menu', kind, filter] as const,
  suppliers: (viewer: Viewer, query: SupplierListQuery) =>
    [...lotKeys.all, 'suppliers', viewer, query] as const,
  enquiryTotals: () => [...lotKeys.all, 'enquiryTotal'] as const,
  enquiryTotal: (kind: LotKind, viewer: Viewer, ids: number[]) =>
    [...lotKeys.enquiryTotals(), kind, viewer, ids] as const,
  captcha: (attempt: number) => [...lotKeys.all, 'captcha', attempt] as const,

  /** Asks every lot answer again: the searches a search limit refused, after its captcha. */
  invalidateAll: (queryClient: QueryClient): Promise<void> =>
    queryClient.invalidateQueries({ queryKey: lotKeys.all }),

  /**
   * After an unlock: the lot pages of both markets (one unlock opens every lot of that supplier),
   * the supplier list and the enquiry totals (balance, today's count) are fetched again.
   */
  invalidateAfterUnlock: async (queryClient: QueryClient): Promise<void> => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: lotKeys.pages() }),
      queryClient.invalidateQueries({ queryKey: [...lotKeys.all, 'suppliers'] }),
      queryClient.invalidateQueries({ queryKey: lotKeys.enquiryTotals() }),
    ]);
  },

  /** Puts unlocked suppliers into every cached lot page, so the phone shows before the refetch. */
  applyUnlocked: (queryClient: QueryClient, suppliers: Supplier[]): void => {
    const byId = new Map(suppliers.map((supplier) => [supplier.id, supplier]));
    queryClient.setQueriesData<LotPageOf<{ supplier: Supplier }>>(
      { queryKey: lotKeys.pages() },
      (page) =>
        page && {
          ...page,
          list: page.list.map((row) => {
            const unlocked = byId.get(row.supplier.id);
            return unlocked ? { ...row, supplier: unlocked } : row;
          }),
        },
    );
  },
};

/** A search of `kind` (page or page-total), sent the way its market's route takes it. */
function search<T>(kind: LotKind, path: 'page' | 'page-total', input: object): Promise<T> {
  const { base, searchBy } = MARKETS[kind];
  return searchBy === 'post'
    ? post<T>(`${base}/${path}`, input, QUIET)
    : get<T>(`${base}/${path}`, input, QUIET);
}

/** searchCargo/page (POST) or searchMaterial/page (GET): one page of lots. */
export function fetchLotPage<K extends LotKind>(
  kind: K,
  query: LotSearch<K>,
): Promise<LotPageOf<LotItem<K>>> {
  return search(kind, 'page', query);
}

/** searchCargo/page-total or searchMaterial/page-total: rows, pieces, tonnage, average price. */
export function fetchLotTotals(kind: LotKind, filter: LotFilterOf<LotKind>): Promise<LotTotals> {
  return search(kind, 'page-total', filter);
}

/** GET searchCargo/Menu or searchMaterial/Menu: facet values (with grades for surplus) and counts. */
export function fetchLotMenu(kind: LotKind, filter: LotFilterOf<LotKind>): Promise<LotMenu> {
  return get<LotMenu>(`${MARKETS[kind].base}/Menu`, filter, QUIET);
}

/** GET searchCargo/export or searchMaterial/export (VIP): the search as an .xlsx file. */
export function downloadLotExport(
  kind: LotKind,
  query: Omit<LotSearch<LotKind>, 'page' | 'pageSize'>,
): Promise<DownloadedFile> {
  return download(`${MARKETS[kind].base}/export`, query, QUIET);
}

/**
 * The lot screen's three reads as query options: the hooks below and the screen's prefetch
 * (which starts them with the page's code, before it renders) ask with the same keys.
 */
export const lotQueries = {
  page: <K extends LotKind>(kind: K, viewer: Viewer, query: LotSearch<K>) =>
    queryOptions({
      queryKey: lotKeys.page(kind, viewer, query),
      queryFn: () => fetchLotPage(kind, query),
      staleTime: PREFETCH_FRESH_MS,
    }),
  totals: (kind: LotKind, filter: LotFilterOf<LotKind>) =>
    queryOptions({
      queryKey: lotKeys.totals(kind, filter),
      queryFn: () => fetchLotTotals(kind, filter),
      staleTime: PREFETCH_FRESH_MS,
    }),
  menu: (kind: LotKind, filter: LotFilterOf<LotKind>) =>
    queryOptions({
      queryKey: lotKeys.menu(kind, filter),
      queryFn: () => fetchLotMenu(kind, filter),
      staleTime: 30_000,
    }),
};

/**
 * Lots of a search; the previous page stays on screen while the next one loads. `enabled` false
 * asks nothing (a firm page's lot tab before it is shown).
 */
export function useLotPage<K extends LotKind>(kind: K, query: LotSearch<K>, enabled = true) {
  return useQuery({
    ...lotQueries.page(kind, useViewer(), query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Totals of the filter. */
export function useLotTotals(kind: LotKind, filter: LotFilterOf<LotKind>) {
  return useQuery(lotQueries.totals(kind, filter));
}

/** Facet menus of the filter; kept while the next filter's counts load. */
export function useLotMenu(kind: LotKind, filter: LotFilterOf<LotKind>) {
  return useQuery({ ...lotQueries.menu(kind, filter), placeholderData: keepPreviousData });
}

/** GET /api/web/searchCargo/supplier/list: traders with stock, with their counts. */
export function fetchSupplierList(query: SupplierListQuery): Promise<PageOf<SupplierSummary>> {
  return get<PageOf<SupplierSummary>>('/api/web/searchCargo/supplier/list', query, QUIET);
}

/** The supplier list page (members see contact names). */
export function useSupplierList(query: SupplierListQuery) {
  const viewer = useViewer();
  return useQuery({
    queryKey: lotKeys.suppliers(viewer, query),
    queryFn: () => fetchSupplierList(query),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/web/searchCargo/captcha: a new image captcha (an SVG document). */
export function fetchCaptcha(): Promise<Captcha> {
  return get<Captcha>('/api/web/searchCargo/captcha', undefined, { silent: true });
}

/** A fresh captcha per attempt; never cached, each one can be answered once. */
export function useCaptcha(attempt: number, enabled: boolean) {
  return useQuery({
    queryKey: lotKeys.captcha(attempt),
    queryFn: fetchCaptcha,
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** POST /api/web/searchCargo/checkImg: passing it lets searches through again (a wrong answer is code 1). */
export function checkCaptcha(body: CheckImgBody): Promise<CheckImgResult> {
  return post<CheckImgResult>('/api/web/searchCargo/checkImg', body, { silent: true });
}

/** Answers a captcha; the modal decides what a pass or a miss leads to. */
export function useCheckCaptcha() {
  return useMutation({ mutationFn: checkCaptcha });
}

/** POST /api/web/searchCargo/enquiryTotal (member): today's enquiries, beans, VIP. */
export function fetchEnquiryTotal(kind: LotKind, ids: number[]): Promise<EnquiryTotal> {
  return post<EnquiryTotal>('/api/web/searchCargo/enquiryTotal', { kind, ids }, { silent: true });
}

/** Enquiry allowance and balance for the rows on screen; idle for visitors. */
export function useEnquiryTotal(kind: LotKind, ids: number[], enabled = true) {
  const viewer = useViewer();
  return useQuery({
    queryKey: lotKeys.enquiryTotal(kind, viewer, ids),
    queryFn: () => fetchEnquiryTotal(kind, ids),
    enabled: viewer !== 'visitor' && enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/web/searchCargo/enquiry (member): unlocks the suppliers of `ids`. */
export function postEnquiry(body: {
  kind: LotKind;
  ids: number[];
  message?: string;
}): Promise<EnquiryResult> {
  return post<EnquiryResult>('/api/web/searchCargo/enquiry', body, { silent: true });
}

/**
 * Unlocks a supplier's phone: the unlocked supplier goes into every cached page at once, then
 * the pages, the enquiry totals, the quotation pages (the same firm's quotes) and the account
 * (the bean balance) are fetched again.
 */
export function useEnquiry(kind: LotKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => postEnquiry({ kind, ids }),
    onSuccess: (result) => {
      lotKeys.applyUnlocked(
        queryClient,
        result.contacts.map((contact) => contact.supplier),
      );
      void lotKeys.invalidateAfterUnlock(queryClient);
      // One unlock opens the firm everywhere: its quotes and its firm page show the phone too.
      void quoteKeys.invalidateAfterUnlock(queryClient);
      void userKeys.invalidateAll(queryClient);
    },
  });
}
