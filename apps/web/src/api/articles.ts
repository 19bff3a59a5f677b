/**
 * News articles (docs/api.md#articles): headlines, the filtered list, tags, categories and one
 * article.
 */
import type {
  ArticleDetail,
  ArticleHeadlines,
  ArticleListQuery,
  ArticleSummary,
  CategoryLabelValues,
  PageOf,
  TagList,
} from '@steelport/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useViewer, type Viewer } from '../auth/session.ts';
import { get } from './client.ts';

/** The filters of /moreInfo as the URL keeps them. */
export interface NewsFilter {
  categoryId?: number;
  tagId?: number;
  keyword?: string;
}

/** Rows per page of the news list (each scroll to the end loads one more). */
export const NEWS_PAGE_SIZE = 10;
const FIVE_MINUTES = 5 * 60_000;

export const articleKeys = {
  all: ['articles'] as const,
  headlines: (size: number) => [...articleKeys.all, 'headlines', size] as const,
  list: (filter: NewsFilter) => [...articleKeys.all, 'list', filter] as const,
  tags: () => [...articleKeys.all, 'tags'] as const,
  categories: () => [...articleKeys.all, 'categories'] as const,
  detail: (viewer: Viewer, id: number) => [...articleKeys.all, 'detail', viewer, id] as const,
};

/** GET /api/web/2.0/article/index */
export function fetchHeadlines(size: number): Promise<ArticleHeadlines> {
  return get<ArticleHeadlines>('/api/web/2.0/article/index', { size });
}

/** GET /api/web/2.0/article/page */
export function fetchArticlePage(query: Partial<ArticleListQuery>): Promise<PageOf<ArticleSummary>> {
  return get<PageOf<ArticleSummary>>('/api/web/2.0/article/page', query);
}

/** GET /api/common/tag/list */
export function fetchTags(): Promise<TagList> {
  return get<TagList>('/api/common/tag/list');
}

/** GET /ma/article/category/labelValue (no /api prefix, as the spec names it) */
export function fetchCategories(): Promise<CategoryLabelValues> {
  return get<CategoryLabelValues>('/ma/article/category/labelValue');
}

/**
 * One article: a member reads GET /api/web/article/detail-login/{id} (the full text), a visitor
 * GET /api/web/2.0/article/detail/{id} (a members-only article gives the summary).
 */
export function fetchNewsArticle(id: number, loggedIn: boolean): Promise<ArticleDetail> {
  return get<ArticleDetail>(
    loggedIn ? `/api/web/article/detail-login/${id}` : `/api/web/2.0/article/detail/${id}`,
  );
}

/** Headlines and the newest of every category. */
export function useArticleHeadlines(size: number) {
  return useQuery({
    queryKey: articleKeys.headlines(size),
    queryFn: () => fetchHeadlines(size),
    staleTime: FIVE_MINUTES,
  });
}

/** The news list, one page after another (infinite scroll). */
export function useArticleList(filter: NewsFilter) {
  return useInfiniteQuery({
    queryKey: articleKeys.list(filter),
    queryFn: ({ pageParam }) => fetchArticlePage({ ...filter, page: pageParam, pageSize: NEWS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/** Tags with their counts. */
export function useArticleTags() {
  return useQuery({ queryKey: articleKeys.tags(), queryFn: fetchTags, staleTime: FIVE_MINUTES });
}

/** Categories for the tabs. */
export function useArticleCategories() {
  return useQuery({ queryKey: articleKeys.categories(), queryFn: fetchCategories, staleTime: FIVE_MINUTES });
}

/** One article; the members-only text arrives once the reader is logged in. */
export function useNewsArticle(id: number) {
  const viewer = useViewer();
  return useQuery({
    queryKey: articleKeys.detail(viewer, id),
    queryFn: () => fetchNewsArticle(id, viewer !== 'visitor'),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
