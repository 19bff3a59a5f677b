/** Presenters: article rows as the API shows them (dates as ISO 8601 instants). */
import type { ArticleDetail, ArticleLink, ArticleSummary, IndexWeeklyReviews } from '@steelport/contracts';
import { shiftDay } from '../../dates.ts';
import { sanitizeArticleHtml } from './html.ts';
import type { ArticleRow, ArticleSummaryRow, latestReviewPerIndex } from './repo.ts';

/** One line of an article list; a generated article says so (its key stays inside). */
export function presentArticleSummary(a: ArticleSummaryRow): ArticleSummary {
  const { generatedKey, ...rest } = a;
  return { ...rest, publishedAt: a.publishedAt.toISOString(), generated: generatedKey !== null };
}

/** Each index with its newest weekly review and the week it covers (the key ends with its Sunday). */
export function presentIndexWeekly(
  rows: Awaited<ReturnType<typeof latestReviewPerIndex>>,
): IndexWeeklyReviews {
  return rows.map(({ indexName, indexRef, ...article }) => {
    const weekEnd = (article.generatedKey ?? '').slice(-10);
    return {
      indexId: indexRef,
      indexName,
      weekStart: shiftDay(weekEnd, -6),
      weekEnd,
      article: presentArticleSummary(article),
    };
  });
}

/** An article named in a link. */
export function presentArticleLink(a: { id: number; title: string; publishedAt: Date }): ArticleLink {
  return { id: a.id, title: a.title, publishedAt: a.publishedAt.toISOString() };
}

/** What surrounds an article on its page: tags, the older and newer one, related ones. */
export interface ArticleContext {
  tags: { id: number; name: string }[];
  prev: { id: number; title: string; publishedAt: Date } | null;
  next: { id: number; title: string; publishedAt: Date } | null;
  related: { id: number; title: string; publishedAt: Date }[];
}

/**
 * An article's detail; with `loginRequired` (a members-only article asked by a visitor) the text
 * is withheld and the summary stands in for it.
 */
export function presentArticleDetail(
  a: ArticleRow,
  loginRequired: boolean,
  ctx: ArticleContext,
): ArticleDetail {
  const { contentHtml, categoryCode, ...summary } = a;
  return {
    ...presentArticleSummary(summary),
    contentHtml: loginRequired ? '' : sanitizeArticleHtml(contentHtml),
    loginRequired,
    categoryCode,
    tags: ctx.tags,
    prev: ctx.prev && presentArticleLink(ctx.prev),
    next: ctx.next && presentArticleLink(ctx.next),
    related: ctx.related.map(presentArticleLink),
  };
}
