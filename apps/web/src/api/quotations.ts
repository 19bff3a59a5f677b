/**
 * Today's quotations (docs/api.md#quotations): the table of /beginMain (list-index), its card
 * view of three quotes per trader (list-index-three), totals, facet menus, the trader firm pages
 * (list-user, list-user-zero) and the active-trader ranking (common getRank).
 */
import type {
  ActivityRank,
  FirmQuotePage,
  FirmQuoteQuery,
  QuotationFilter,
  QuotationMenu,
  QuotationPage,
  QuotationSearch,
  QuotationThreePage,
  QuotationThreeSearch,
  QuotationTotals,
} from '@steelport/contracts';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useViewer, type Viewer } from '../auth/session.ts';
import { PREFETCH_FRESH_MS } from '../lib/prefetch.ts';
import { get, post, type RequestOptions } from './client.ts';

const BASE = '/api/web/2.0/quotation';

/** Arrays go as repeated parameters (products=a&products=b), as the server reads them. */
const REPEATED_PARAMS: RequestOptions = { paramsSerializer: { indexes: null } };
// The screens show their own error, empty, not-found and captcha states; a toast would repeat them.
const QUIET: RequestOptions = { ...REPEATED_PARAMS, silent: true };

/** A firm page's tab: its priced quotes (list-user) or its 电议 items (list-user-zero). */
export type FirmQuoteKind = 'priced' | 'callForPrice';

/**
 * Query keys of the quotation screens. Rows and firm profiles carry phones that depend on the
 * caller's unlocks, so they key on the viewer (user id or visitor), never the token; totals,
 * menus and the ranking are the same for everyone.
 */
export const quoteKeys = {
  all: ['quotes'] as const,
  /** everything that shows a phone: table pages, card pages and firm pages */
  withContacts: () => [...quoteKeys.all, 'contacts'] as const,
  page: (viewer: Viewer, search: QuotationSearch) =>
    [...quoteKeys.withContacts(), 'page', viewer, search] as const,
  three: (viewer: Viewer, search: QuotationThreeSearch) =>
    [...quoteKeys.withContacts(), 'three', viewer, search] as const,
  firm: (kind: FirmQuoteKind, viewer: Viewer, userId: number, query: FirmQuoteQuery) =>
    [...quoteKeys.withContacts(), 'firm', kind, viewer, userId, query] as const,
  totals: (filter: QuotationFilter) => [...quoteKeys.all, 'totals', filter] as const,
  menu: (filter: QuotationFilter) => [...quoteKeys.all, 'menu', filter] as const,
  rank: (days: number) => [...quoteKeys.all, 'rank', days] as const,

  /** Asks every quotation answer again: the searches a search limit refused, after its captcha. */
  invalidateAll: (queryClient: QueryClient): Promise<void> =>
    queryClient.invalidateQueries({ queryKey: quoteKeys.all }),

  /**
   * After a supplier was unlocked (on /wareHouse or /surplus): quotes share the unlock of their
   * firm, so every page that shows a phone is fetched again; totals and menus stay.
   */
  invalidateAfterUnlock: (queryClient: QueryClient): Promise<void> =>
    queryClient.invalidateQueries({ queryKey: quoteKeys.withContacts() }),
};

/** POST quotation/list-index: one page of quotes with how indexSearch was understood. */
export function fetchQuotePage(search: QuotationSearch): Promise<QuotationPage> {
  return post<QuotationPage>(`${BASE}/list-index`, search, QUIET);
}

/** POST quotation/list-index-three: a page of traders, each with its newest three quotes. */
export function fetchQuoteThree(search: QuotationThreeSearch): Promise<QuotationThreePage> {
  return post<QuotationThreePage>(`${BASE}/list-index-three`, search, QUIET);
}

/** POST quotation/list-index-total: rows, traders, tonnage and per product the mean price. */
export function fetchQuoteTotals(filter: QuotationFilter): Promise<QuotationTotals> {
  return post<QuotationTotals>(`${BASE}/list-index-total`, filter, QUIET);
}

/** GET quotation/getMenus: facet values with counts. */
export function fetchQuoteMenu(filter: QuotationFilter): Promise<QuotationMenu> {
  return get<QuotationMenu>(`${BASE}/getMenus`, filter, QUIET);
}

/** POST quotation/list-user/{userId} or list-user-zero/{userId}: a firm's quotes and profile. */
export function fetchFirmQuotes(
  kind: FirmQuoteKind,
  userId: number,
  query: FirmQuoteQuery,
): Promise<FirmQuotePage> {
  const path = kind === 'priced' ? 'list-user' : 'list-user-zero';
  return post<FirmQuotePage>(`${BASE}/${path}/${userId}`, query, QUIET);
}

/** GET userActivityRecord/getRank: the most active traders of the last `days` days. */
export function fetchActivityRank(days: number): Promise<ActivityRank> {
  return get<ActivityRank>('/api/web/2.0/userActivityRecord/getRank', { days }, QUIET);
}

/**
 * The quotation screen's reads as query options: the hooks below and the screen's prefetch
 * (which starts them with the page's code, before it renders) ask with the same keys.
 */
export const quoteQueries = {
  page: (viewer: Viewer, search: QuotationSearch) =>
    queryOptions({
      queryKey: quoteKeys.page(viewer, search),
      queryFn: () => fetchQuotePage(search),
      staleTime: PREFETCH_FRESH_MS,
    }),
  three: (viewer: Viewer, search: QuotationThreeSearch) =>
    queryOptions({
      queryKey: quoteKeys.three(viewer, search),
      queryFn: () => fetchQuoteThree(search),
      staleTime: PREFETCH_FRESH_MS,
    }),
  /** the server keeps totals a minute */
  totals: (filter: QuotationFilter) =>
    queryOptions({
      queryKey: quoteKeys.totals(filter),
      queryFn: () => fetchQuoteTotals(filter),
      staleTime: 30_000,
    }),
  menu: (filter: QuotationFilter) =>
    queryOptions({
      queryKey: quoteKeys.menu(filter),
      queryFn: () => fetchQuoteMenu(filter),
      staleTime: 30_000,
    }),
};

/** A page of today's quotations; the previous page stays on screen while the next one loads. */
export function useQuotePage(search: QuotationSearch, enabled = true) {
  return useQuery({ ...quoteQueries.page(useViewer(), search), placeholderData: keepPreviousData, enabled });
}

/** A page of the three-per-trader card view. */
export function useQuoteThree(search: QuotationThreeSearch, enabled = true) {
  return useQuery({ ...quoteQueries.three(useViewer(), search), placeholderData: keepPreviousData, enabled });
}

/** Totals of the filter. */
export function useQuoteTotals(filter: QuotationFilter) {
  return useQuery({ ...quoteQueries.totals(filter), placeholderData: keepPreviousData });
}

/** Facet menus of the filter; kept while the next filter's counts load. */
export function useQuoteMenu(filter: QuotationFilter) {
  return useQuery({ ...quoteQueries.menu(filter), placeholderData: keepPreviousData });
}

/** One tab of a firm page: its quotes of a day with the firm's profile. */
export function useFirmQuotes(kind: FirmQuoteKind, userId: number, query: FirmQuoteQuery, enabled = true) {
  const viewer = useViewer();
  return useQuery({
    queryKey: quoteKeys.firm(kind, viewer, userId, query),
    queryFn: () => fetchFirmQuotes(kind, userId, query),
    // Another page of the same firm keeps the table on screen; another firm starts blank, so
    // its page never shows the previous firm's profile.
    placeholderData: (previous: FirmQuotePage | undefined) =>
      previous?.firm.userId === userId ? previous : undefined,
    enabled,
  });
}

/** The active-trader ranking of the last `days` days (the server keeps it a minute). */
export function useActivityRank(days: number) {
  return useQuery({
    queryKey: quoteKeys.rank(days),
    queryFn: () => fetchActivityRank(days),
    staleTime: 60_000,
  });
}
