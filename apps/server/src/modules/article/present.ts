/** Presenters: article rows as the API shows them (dates as ISO 8601 instants). */
import type { ArticleDetail, ArticleSummary } from '@steelport/contracts';
import { sanitizeArticleHtml } from './html.ts';
import type { ArticleRow, ArticleSummaryRow } from './repo.ts';

/** One line of an article list. */
export function presentArticleSummary(a: ArticleSummaryRow): ArticleSummary {
  return { ...a, publishedAt: a.publishedAt.toISOString() };
}

/**
 * An article's detail; with `loginRequired` (a members-only article asked by a visitor) the text
 * is withheld and the summary stands in for it.
 */
export function presentArticleDetail(a: ArticleRow, loginRequired: boolean): ArticleDetail {
  return {
    ...a,
    publishedAt: a.publishedAt.toISOString(),
    contentHtml: loginRequired ? '' : sanitizeArticleHtml(a.contentHtml),
    loginRequired,
  };
}
