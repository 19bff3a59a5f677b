/**
 * index domain (docs/api.md#steel-index and docs/api.md#articles): the dashboard, cross-date
 * comparison and index articles.
 */
import type {
  ArticleDetail,
  ArticleSummary,
  ChartData,
  ChartDataBody,
  DealInformation,
  IndexAll,
  IndexInfo,
  IndexInfoCompact,
  IndexWeeklyReviews,
  PageOf,
  Saturation,
  SaturationBody,
} from '@steelport/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useViewer, type Viewer } from '../auth/session.ts';
import { get, post } from './client.ts';

/** The days and indexes of a chart: from `start` to `end`, ids comma-separated. */
export interface IndexSeriesRange {
  start?: string;
  end?: string;
  ids?: string;
}

/** The category code of index articles (/morepage). */
export const INDEX_ARTICLE_CATEGORY = 'index';

/**
 * Query keys. Series depend on who asks (visitors see 30 days, members a year, VIP all), so
 * their keys carry the viewer (user id or visitor): logging in or out fetches again. The index
 * screens only read, so nothing here is invalidated; a session that expires refetches all.
 */
export const steelIndexKeys = {
  all: ['steelIndex'] as const,
  info: () => [...steelIndexKeys.all, 'info'] as const,
  compact: () => [...steelIndexKeys.all, 'compact'] as const,
  series: (viewer: Viewer, range: IndexSeriesRange) =>
    [...steelIndexKeys.all, 'series', viewer, range] as const,
  days: (viewer: Viewer, body: ChartDataBody) => [...steelIndexKeys.all, 'days', viewer, body] as const,
  saturation: (viewer: Viewer, body: SaturationBody) =>
    [...steelIndexKeys.all, 'saturation', viewer, body] as const,
  deals: () => [...steelIndexKeys.all, 'deals'] as const,
  articles: (page: number, pageSize: number) => [...steelIndexKeys.all, 'articles', page, pageSize] as const,
  weekly: () => [...steelIndexKeys.all, 'weekly'] as const,
  article: (viewer: Viewer, id: number) => [...steelIndexKeys.all, 'article', viewer, id] as const,
};

const FIVE_MINUTES = 5 * 60_000;

/** GET /api/web/2.0/index/indexInfo */
export function fetchIndexInfo(): Promise<IndexInfo> {
  return get<IndexInfo>('/api/web/2.0/index/indexInfo');
}

/** GET /api/ma/index/indexInfo */
export function fetchIndexInfoCompact(): Promise<IndexInfoCompact> {
  return get<IndexInfoCompact>('/api/ma/index/indexInfo');
}

/** GET /api/web/2.0/index/chartData/index-all */
export function fetchIndexAll(range: { start?: string; end?: string; ids?: string }): Promise<IndexAll> {
  return get<IndexAll>('/api/web/2.0/index/chartData/index-all', range);
}

/** POST /api/web/index/chartData/all */
export function fetchIndexDays(body: ChartDataBody): Promise<ChartData> {
  return post<ChartData>('/api/web/index/chartData/all', body);
}

/** POST /api/web/index/chartData/saturation */
export function fetchSaturation(body: SaturationBody): Promise<Saturation> {
  return post<Saturation>('/api/web/index/chartData/saturation', body);
}

/** GET /api/web/2.0/index/dataDeal-information */
export function fetchDealInformation(): Promise<DealInformation> {
  return get<DealInformation>('/api/web/2.0/index/dataDeal-information');
}

/** GET /api/ma/article/pageByCategoryId for the index category. */
export function fetchIndexArticles(page: number, pageSize: number): Promise<PageOf<ArticleSummary>> {
  return get<PageOf<ArticleSummary>>('/api/ma/article/pageByCategoryId', {
    categoryCode: INDEX_ARTICLE_CATEGORY,
    page,
    pageSize,
  });
}

/** GET /api/ma/article/index-weekly: each index's newest weekly review. */
export function fetchIndexWeekly(): Promise<IndexWeeklyReviews> {
  return get<IndexWeeklyReviews>('/api/ma/article/index-weekly');
}

/** GET /api/web/2.0/article/detail/{id} */
export function fetchArticle(id: number): Promise<ArticleDetail> {
  return get<ArticleDetail>(`/api/web/2.0/article/detail/${id}`);
}

/** The dashboard's reads as query options, shared by its hooks and its prefetch. */
export const indexQueries = {
  info: () =>
    queryOptions({ queryKey: steelIndexKeys.info(), queryFn: fetchIndexInfo, staleTime: FIVE_MINUTES }),
  series: (viewer: Viewer, range: IndexSeriesRange) =>
    queryOptions({
      queryKey: steelIndexKeys.series(viewer, range),
      queryFn: () => fetchIndexAll(range),
      staleTime: FIVE_MINUTES,
    }),
};

/** Definitions and each index's latest day. */
export function useIndexInfo() {
  return useQuery(indexQueries.info());
}

/** The compact list of the morepage side panel. */
export function useIndexInfoCompact() {
  return useQuery({
    queryKey: steelIndexKeys.compact(),
    queryFn: fetchIndexInfoCompact,
    staleTime: FIVE_MINUTES,
  });
}

/** Daily series of the chosen indexes; the previous chart stays while a new range loads. */
export function useIndexSeries(range: IndexSeriesRange, enabled = true) {
  return useQuery({ ...indexQueries.series(useViewer(), range), placeholderData: keepPreviousData, enabled });
}

/** Index days of chosen ids on chosen dates (cross-date comparison, period comparison). */
export function useIndexDays(body: ChartDataBody | null) {
  const viewer = useViewer();
  return useQuery({
    queryKey: steelIndexKeys.days(viewer, body ?? { indexIds: [] }),
    queryFn: () => fetchIndexDays(body as ChartDataBody),
    staleTime: FIVE_MINUTES,
    enabled: body !== null && body.indexIds.length > 0,
  });
}

/** Saturation samples of a market. */
export function useSaturation(body: SaturationBody) {
  const viewer = useViewer();
  return useQuery({
    queryKey: steelIndexKeys.saturation(viewer, body),
    queryFn: () => fetchSaturation(body),
    staleTime: FIVE_MINUTES,
    placeholderData: keepPreviousData,
  });
}

/** The latest day's deal information. */
export function useDealInformation() {
  return useQuery({
    queryKey: steelIndexKeys.deals(),
    queryFn: fetchDealInformation,
    staleTime: FIVE_MINUTES,
  });
}

/** A page of index articles. */
export function useIndexArticles(page: number, pageSize: number) {
  return useQuery({
    queryKey: steelIndexKeys.articles(page, pageSize),
    queryFn: () => fetchIndexArticles(page, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** Each index's newest weekly review (/morepage). */
export function useIndexWeekly() {
  return useQuery({ queryKey: steelIndexKeys.weekly(), queryFn: fetchIndexWeekly, staleTime: FIVE_MINUTES });
}

/** One article; members-only text arrives once the reader is logged in. */
export function useArticle(id: number) {
  const viewer = useViewer();
  return useQuery({
    queryKey: steelIndexKeys.article(viewer, id),
    queryFn: () => fetchArticle(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
