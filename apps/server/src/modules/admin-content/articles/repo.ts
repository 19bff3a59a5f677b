/**
 * SQL the console reads about articles (with their tags). The article module owns the tables and
 * writes them (`article/service.ts#createArticle` and its siblings).
 */
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../../db/client.ts';
import { articleCategories, articles, articleTags, tags } from '../../../db/schema/index.ts';
import { likeLiteral, offsetOf } from '../repo.ts';

const articleColumns = {
  id: articles.id,
  categoryId: articles.categoryId,
  categoryName: articleCategories.name,
  title: articles.title,
  summary: articles.summary,
  cover: articles.cover,
  source: articles.source,
  author: articles.author,
  membersOnly: articles.membersOnly,
  publishedAt: articles.publishedAt,
  status: articles.status,
  views: articles.views,
  generatedKey: articles.generatedKey,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
};

/** Filters of the admin article list. */
export interface AdminArticleFilter {
  keyword?: string | undefined;
  categoryId?: number | undefined;
  status?: 'draft' | 'published' | 'hidden' | undefined;
}

/** A page of articles in any state, newest publication first. */
export async function articlesPage(db: DbOrTx, filter: AdminArticleFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [];
  if (filter.categoryId !== undefined) conditions.push(eq(articles.categoryId, filter.categoryId));
  if (filter.status !== undefined) conditions.push(eq(articles.status, filter.status));
  if (filter.keyword) conditions.push(ilike(articles.title, likeLiteral(filter.keyword)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [list, [total]] = await inSequence([
    db
      .select(articleColumns)
      .from(articles)
      .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}
export type AdminArticleRowData = Awaited<ReturnType<typeof articlesPage>>['list'][number];

/** One article in any state with its HTML, or null. */
export async function findArticle(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...articleColumns, contentHtml: articles.contentHtml })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(eq(articles.id, id));
  return row ?? null;
}
export type AdminArticleData = NonNullable<Awaited<ReturnType<typeof findArticle>>>;

/** Tag names of each of `ids`, by article id. */
export async function tagNamesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ articleId: articleTags.articleId, name: tags.name })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(inArray(articleTags.articleId, ids))
    .orderBy(asc(tags.sort), asc(tags.id));
  for (const r of rows) out.set(r.articleId, [...(out.get(r.articleId) ?? []), r.name]);
  return out;
}

/** Whether an article category exists. */
export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: articleCategories.id })
    .from(articleCategories)
    .where(eq(articleCategories.id, id));
  return row !== undefined;
}
