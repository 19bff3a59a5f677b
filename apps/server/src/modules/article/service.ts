/**
 * The article service: a category's published articles, paged (by id or by the category's
 * stable code), and one article with the members-only rule: a visitor gets the summary and
 * `loginRequired: true`, a logged-in member the full text. Every detail read is counted.
 */
import type {
  ArticleDetail,
  ArticlePageQuery,
  ArticleSummary,
  IndexWeeklyReviews,
  PageOf,
} from '@steelport/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { presentArticleDetail, presentArticleSummary, presentIndexWeekly } from './present.ts';
import {
  addView,
  categoryIdByCode,
  findPublished,
  latestReviewPerIndex,
  pageByCategory,
  publishedArticleLinks,
} from './repo.ts';

/** The article service over the database. */
export function articleService(deps: { db: DbOrTx }) {
  const { db } = deps;
  return {
    /** One page of a category's articles, newest first; an unknown category code is an empty page. */
    async page(query: ArticlePageQuery): Promise<PageOf<ArticleSummary>> {
      const { categoryId, categoryCode, page, pageSize } = query;
      if (categoryId === undefined && categoryCode === undefined) {
        throw new Invalid('参数错误：categoryId 不能为空');
      }
      const id = categoryId ?? (await categoryIdByCode(db, categoryCode as string));
      if (id === null) return { list: [], total: 0, page, pageSize };
      const { list, total } = await pageByCategory(db, id, page, pageSize);
      return { list: list.map(presentArticleSummary), total, page, pageSize };
    },

    /** Each index's newest weekly review (written from the index data by the index job). */
    async indexWeekly(): Promise<IndexWeeklyReviews> {
      return presentIndexWeekly(await latestReviewPerIndex(db));
    },

    /** A published article for `user` (null: a visitor); code 6 when it is missing or withdrawn. */
    async detail(id: number, user: Pick<AuthUser, 'id'> | null): Promise<ArticleDetail> {
      const article = await findPublished(db, id);
      if (!article) throw new NotFound('文章不存在或已下线');
      await addView(db, article.id);
      return presentArticleDetail(article, article.membersOnly && !user);
    },

    /** Portal paths of the newest published articles (the sitemap): index analysis under /morepage. */
    async links(limit: number): Promise<{ path: string; lastModified: string }[]> {
      const rows = await publishedArticleLinks(db, limit);
      return rows.map((r) => ({
        path: r.categoryCode === 'index' ? `/morepage/article/${r.id}` : `/moreInfo/article/${r.id}`,
        lastModified: r.publishedAt.toISOString().slice(0, 10),
      }));
    },
  };
}

/** What `articleService` gives. */
export type ArticleService = ReturnType<typeof articleService>;
