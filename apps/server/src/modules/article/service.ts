/**
 * The article service: the news list (category, tag, keyword), the headlines per category, a
 * category's articles (by id or by the category's stable code), tags and categories for the
 * filters, and one article with the members-only rule: a visitor gets the summary and
 * `loginRequired: true`, a logged-in member the full text. Every detail read is counted. The
 * module owns articles and tags: the console writes through `createArticle`, `updateArticle`,
 * `deleteArticle` and `setArticleTags`.
 */
import type {
  ArticleDetail,
  ArticleHeadlines,
  ArticleHeadlinesQuery,
  ArticleListQuery,
  ArticlePageQuery,
  ArticleSummary,
  CategoryLabelValues,
  IndexWeeklyReviews,
  PageOf,
  TagList,
} from '@steelport/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { say } from '../../text.ts';
import { presentArticleDetail, presentArticleSummary, presentIndexWeekly } from './present.ts';
import {
  activeCategories,
  addView,
  categoryExists,
  categoryIdByCode,
  findPublished,
  latestReviewPerIndex,
  neighbours,
  newestArticles,
  pageArticles,
  pageByCategory,
  publishedArticleLinks,
  relatedArticles,
  tagExists,
  tagsOf,
  tagsWithCounts,
} from './repo.ts';
import * as operatorRepo from './repo-admin.ts';

export type { ArticleValues } from './repo-admin.ts';

/** How many related articles an article page lists. */
export const RELATED_ARTICLES = 5;
/** How many articles lead the news landing. */
export const HEADLINES = 6;

/*
 * The writes operators make in the console (`admin-content/articles`), which calls these inside
 * its audited transaction (pass that `tx`). The article module owns `articles`, `tags` and
 * `article_tags`; the console sanitises the HTML and checks the category before it calls.
 */

/** Inserts an operator's article; answers its id. */
export function createArticle(
  db: DbOrTx,
  values: operatorRepo.ArticleValues & { createdBy: number },
): Promise<number> {
  return operatorRepo.insertArticle(db, values);
}

/** Rewrites an article's operator columns. */
export function updateArticle(db: DbOrTx, id: number, values: operatorRepo.ArticleValues): Promise<void> {
  return operatorRepo.updateArticle(db, id, values);
}

/** Deletes an article (its tag links go with it). */
export function deleteArticle(db: DbOrTx, id: number): Promise<void> {
  return operatorRepo.deleteArticle(db, id);
}

/** Replaces an article's tags by name, creating tags that do not exist yet. */
export function setArticleTags(db: DbOrTx, articleId: number, names: string[]): Promise<void> {
  return operatorRepo.setArticleTags(db, articleId, names);
}

/** The article service over the database. */
export function articleService(deps: { db: DbOrTx }) {
  const { db } = deps;

  /** A published article for a reader; code 6 when it is missing or withdrawn. */
  async function read(id: number, loginRequired: (membersOnly: boolean) => boolean): Promise<ArticleDetail> {
    const article = await findPublished(db, id);
    if (!article)
      throw new NotFound(say('文章不存在或已下线', 'The article does not exist or has been taken down'));
    const views = await addView(db, article.id);
    const tags = await tagsOf(db, article.id);
    const { prev, next } = await neighbours(db, article);
    const related = await relatedArticles(
      db,
      article,
      tags.map((t) => t.id),
      RELATED_ARTICLES,
    );
    return presentArticleDetail(
      { ...article, views: views ?? article.views },
      loginRequired(article.membersOnly),
      { tags, prev, next, related },
    );
  }

  return {
    /** One page of a category's articles, newest first; an unknown category code is an empty page. */
    async page(query: ArticlePageQuery): Promise<PageOf<ArticleSummary>> {
      const { categoryId, categoryCode, page, pageSize } = query;
      if (categoryId === undefined && categoryCode === undefined) {
        throw new Invalid(say('参数错误：categoryId 不能为空', 'Invalid request: categoryId is required'));
      }
      const id = categoryId ?? (await categoryIdByCode(db, categoryCode as string));
      if (id === null) return { list: [], total: 0, page, pageSize };
      const { list, total } = await pageByCategory(db, id, page, pageSize);
      return { list: list.map(presentArticleSummary), total, page, pageSize };
    },

    /**
     * The news list: any category, or one (by id or code), a tag, a keyword. An unknown
     * category or tag id is code 6 (a stale link says so); an unknown category code is empty.
     */
    async list(query: ArticleListQuery): Promise<PageOf<ArticleSummary>> {
      const { categoryId, categoryCode, tagId, keyword, page, pageSize } = query;
      if (categoryId !== undefined && !(await categoryExists(db, categoryId))) {
        throw new NotFound(say('资讯分类不存在', 'News category not found'));
      }
      if (tagId !== undefined && !(await tagExists(db, tagId)))
        throw new NotFound(say('标签不存在', 'Tag not found'));
      let category = categoryId;
      if (category === undefined && categoryCode !== undefined) {
        const byCode = await categoryIdByCode(db, categoryCode);
        if (byCode === null) return { list: [], total: 0, page, pageSize };
        category = byCode;
      }
      const { list, total } = await pageArticles(
        db,
        {
          ...(category !== undefined ? { categoryId: category } : {}),
          ...(tagId !== undefined ? { tagId } : {}),
          ...(keyword ? { keyword } : {}),
        },
        page,
        pageSize,
      );
      return { list: list.map(presentArticleSummary), total, page, pageSize };
    },

    /** The newest articles overall, then the newest `size` of every active category. */
    async headlines(query: ArticleHeadlinesQuery): Promise<ArticleHeadlines> {
      const headlines = await newestArticles(db, null, HEADLINES);
      const categories: ArticleHeadlines['categories'] = [];
      for (const c of await activeCategories(db)) {
        const list = await newestArticles(db, c.id, query.size);
        categories.push({ ...c, list: list.map(presentArticleSummary) });
      }
      return { headlines: headlines.map(presentArticleSummary), categories };
    },

    /** Tags with their article counts. */
    async tags(): Promise<TagList> {
      return tagsWithCounts(db);
    },

    /** Active categories as `{ label, value }`. */
    async labelValues(): Promise<CategoryLabelValues> {
      return (await activeCategories(db)).map((c) => ({ label: c.name, value: c.id, code: c.code }));
    },

    /** Each index's newest weekly review (written from the index data by the index job). */
    async indexWeekly(): Promise<IndexWeeklyReviews> {
      return presentIndexWeekly(await latestReviewPerIndex(db));
    },

    /** A published article for `user` (null: a visitor); code 6 when it is missing or withdrawn. */
    async detail(id: number, user: Pick<AuthUser, 'id'> | null): Promise<ArticleDetail> {
      return read(id, (membersOnly) => membersOnly && !user);
    },

    /** The full article for a logged-in member (the route requires the login). */
    async detailForMember(id: number): Promise<ArticleDetail> {
      return read(id, () => false);
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
