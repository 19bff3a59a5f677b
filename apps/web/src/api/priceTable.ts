/**
 * The daily price tables (issue 34; contracts `price-table.ts`): one product's table on one day
 * (rows are items, columns cities, each cell the median of the day's quotes), the day's moves
 * against the previous trading day, a cell's history and the quotes behind a cell, and the two
 * exports (数据会员 and VIP).
 */
import type {
  PriceHistory,
  PriceHistoryQuery,
  PriceQuotes,
  PriceQuotesQuery,
  PriceSummary,
  PriceTable,
  PriceTableQuery,
} from '@steelport/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useViewer, type Viewer } from '../auth/session.ts';
import { PREFETCH_FRESH_MS } from '../lib/prefetch.ts';
import { type DownloadedFile, download, get, type RequestOptions } from './client.ts';

const BASE = '/api/web/2.0/priceTable';
// The screen shows its own error and empty states; a toast would repeat them.
const QUIET: RequestOptions = { silent: true };
/** A day's table changes as traders quote during the day: a minute is fresh enough. */
const FRESH_MS = Math.max(60_000, PREFETCH_FRESH_MS);

/**
 * Query keys. The table, the summary and a cell's quotes are the same for everyone; a cell's
 * history depends on who asks (a visitor 30 days, a member a year, data members all), so it keys
 * on the viewer: logging in or out fetches it again. The screen only reads, so nothing here is
 * invalidated.
 */
export const priceTableKeys = {
  all: ['priceTable'] as const,
  table: (query: PriceTableQuery) => [...priceTableKeys.all, 'table', query] as const,
  summary: (date: string | null) => [...priceTableKeys.all, 'summary', date] as const,
  history: (viewer: Viewer, query: PriceHistoryQuery) =>
    [...priceTableKeys.all, 'history', viewer, query] as const,
  quotes: (query: PriceQuotesQuery) => [...priceTableKeys.all, 'quotes', query] as const,
};

/** GET priceTable: one product's table on one day (the latest without a date). */
export function fetchPriceTable(query: PriceTableQuery): Promise<PriceTable> {
  return get<PriceTable>(BASE, query, QUIET);
}

/** GET priceTable/summary: per product and city the cells that rose, fell or stayed. */
export function fetchPriceSummary(date: string | null): Promise<PriceSummary> {
  return get<PriceSummary>(`${BASE}/summary`, date ? { date } : {}, QUIET);
}

/** GET priceTable/history: a cell over a range of days, cut to what the caller may see. */
export function fetchPriceHistory(query: PriceHistoryQuery): Promise<PriceHistory> {
  return get<PriceHistory>(`${BASE}/history`, query, QUIET);
}

/** GET priceTable/quotes: the quotes behind one cell on one day. */
export function fetchPriceQuotes(query: PriceQuotesQuery): Promise<PriceQuotes> {
  return get<PriceQuotes>(`${BASE}/quotes`, query, QUIET);
}

/** GET priceTable/export: the table as xlsx (数据会员, VIP; code 5 for anyone else). */
export function downloadPriceTable(query: PriceTableQuery): Promise<DownloadedFile> {
  return download(`${BASE}/export`, query);
}

/** GET priceTable/history/export: a cell's history as xlsx (数据会员, VIP). */
export function downloadPriceHistory(query: PriceHistoryQuery): Promise<DownloadedFile> {
  return download(`${BASE}/history/export`, query);
}

/** The screen's first reads as query options, shared by its hooks and its prefetch. */
export const priceTableQueries = {
  table: (query: PriceTableQuery) =>
    queryOptions({
      queryKey: priceTableKeys.table(query),
      queryFn: () => fetchPriceTable(query),
      staleTime: FRESH_MS,
    }),
  summary: (date: string | null) =>
    queryOptions({
      queryKey: priceTableKeys.summary(date),
      queryFn: () => fetchPriceSummary(date),
      staleTime: FRESH_MS,
    }),
};

/** One product's table; the previous table stays on screen while another day loads. */
export function usePriceTable(query: PriceTableQuery) {
  return useQuery({ ...priceTableQueries.table(query), placeholderData: keepPreviousData });
}

/** The day's rising, falling and unchanged cells of every product and city. */
export function usePriceSummary(date: string | null) {
  return useQuery(priceTableQueries.summary(date));
}

/** A cell's history over a range; null asks nothing (no cell open). */
export function usePriceHistory(query: PriceHistoryQuery | null) {
  const viewer = useViewer();
  return useQuery({
    queryKey: priceTableKeys.history(viewer, query ?? emptyCell),
    queryFn: () => fetchPriceHistory(query as PriceHistoryQuery),
    staleTime: FRESH_MS,
    placeholderData: keepPreviousData,
    enabled: query !== null,
  });
}

/** The quotes behind a cell on its day; null asks nothing. */
export function usePriceQuotes(query: PriceQuotesQuery | null) {
  return useQuery({
    queryKey: priceTableKeys.quotes(query ?? { ...emptyCell, date: '' }),
    queryFn: () => fetchPriceQuotes(query as PriceQuotesQuery),
    staleTime: FRESH_MS,
    enabled: query !== null,
  });
}

/** The key of no cell, for a disabled query. */
const emptyCell: PriceHistoryQuery = { product: '', grade: '', spec: '', mill: '', city: '' };
