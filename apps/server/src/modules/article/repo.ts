/**
 * SQL of articles: a category's published articles, paged, one article, and its read count.
 * Queries run one after another, so a transaction may be passed.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  ilike,
  inArray,
  isNotNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import { articleCategories, articles, articleTags, indexDefinitions, tags } from '../../db/schema/index.ts';

const summaryColumns = {
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
  views: articles.views,
  indexId: articles.indexId,
  generatedKey: articles.generatedKey,
};

/** The id of a category by its stable code (`index`), or null. */
export async function categoryIdByCode(db: DbOrTx, code: string): Promise<number | null> {
  const [row] = await db
    .select({ id: articleCategories.id })
    .from(articleCategories)
    .where(eq(articleCategories.code, code));
  return row?.id ?? null;
}

/** Published articles of a category, newest first (scheduled ones appear at their time). */
export async function pageByCategory(db: DbOrTx, categoryId: number, page: number, pageSize: number) {
  const visible = and(
    eq(articles.categoryId, categoryId),
    eq(articles.status, 'published'),
    lte(articles.publishedAt, new Date()),
  );
  const [list, [total]] = await inSequence([
    db
      .select(summaryColumns)
      .from(articles)
      .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(visible)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(articles).where(visible),
  ]);
  return { list, total: total?.n ?? 0 };
}
export type ArticleSummaryRow = Awaited<ReturnType<typeof pageByCategory>>['list'][number];

/** One published article with its content. */
export async function findPublished(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...summaryColumns, contentHtml: articles.contentHtml, categoryCode: articleCategories.code })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(and(eq(articles.id, id), eq(articles.status, 'published'), lte(articles.publishedAt, new Date())));
  return row ?? null;
}
export type ArticleRow = NonNullable<Awaited<ReturnType<typeof findPublished>>>;

/**
 * Each active index's newest published weekly review (a generated article about the index), in
 * the indexes' display order.
 */
export async function latestReviewPerIndex(db: DbOrTx) {
  const newest = db
    .selectDistinctOn([articles.indexId], { id: articles.id })
    .from(articles)
    .where(
      and(
        isNotNull(articles.indexId),
        isNotNull(articles.generatedKey),
        eq(articles.status, 'published'),
        lte(articles.publishedAt, new Date()),
      ),
    )
    .orderBy(articles.indexId, desc(articles.publishedAt), desc(articles.id))
    .as('newest');
  return db
    .select({ ...summaryColumns, indexName: indexDefinitions.name, indexRef: indexDefinitions.id })
    .from(newest)
    .innerJoin(articles, eq(articles.id, newest.id))
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .innerJoin(indexDefinitions, eq(indexDefinitions.id, articles.indexId))
    .where(eq(indexDefinitions.active, true))
    .orderBy(asc(indexDefinitions.sort), asc(indexDefinitions.id));
}

/** Counts a read in one statement (two readers at once both count) and gives the new count. */
export async function addView(db: DbOrTx, id: number): Promise<number | null> {
  const [row] = await db
    .update(articles)
    .set({ views: sqlIncrement() })
    .where(eq(articles.id, id))
    .returning({ views: articles.views });
  return row?.views ?? null;
}

function sqlIncrement() {
  return sql`${articles.views} + 1`;
}

/** The newest published articles with their category code, for the sitemap. */
export async function publishedArticleLinks(db: DbOrTx, limit: number) {
  return db
    .select({ id: articles.id, categoryCode: articleCategories.code, publishedAt: articles.publishedAt })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(and(eq(articles.status, 'published'), lte(articles.publishedAt, sql`now()`)))
    .orderBy(desc(articles.publishedAt))
    .limit(limit);
}

/** Published and due: what a reader may see. */
function visibleNow(): SQL {
  return and(eq(articles.status, 'published'), lte(articles.publishedAt, sql`now()`)) as SQL;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function likeLiteral(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Filters of the news list; every one optional. */
export interface ArticleFilter {
  categoryId?: number;
  tagId?: number;
  keyword?: string;
}

/**
 * The news list: published articles, newest first, by category, tag and keyword. The keyword
 * is a plain `ILIKE` over title and summary: the article table holds hundreds to a few thousand
 * rows (not a search table), so a 1-2 character Chinese word is fine here.
 */
export async function pageArticles(db: DbOrTx, filter: ArticleFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [visibleNow()];
  if (filter.categoryId !== undefined) conditions.push(eq(articles.categoryId, filter.categoryId));
  if (filter.tagId !== undefined) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(articleTags)
          .where(and(sql`${articleTags.articleId} = "articles"."id"`, eq(articleTags.tagId, filter.tagId))),
      ),
    );
  }
  if (filter.keyword) {
    const pattern = likeLiteral(filter.keyword);
    conditions.push(or(ilike(articles.title, pattern), ilike(articles.summary, pattern)) as SQL);
  }
  const where = and(...conditions);
  const [list, [total]] = await inSequence([
    db
      .select(summaryColumns)
      .from(articles)
      .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}

/** Active categories in display order. */
export async function activeCategories(db: DbOrTx) {
  return db
    .select({ id: articleCategories.id, code: articleCategories.code, name: articleCategories.name })
    .from(articleCategories)
    .where(eq(articleCategories.active, true))
    .orderBy(asc(articleCategories.sort), asc(articleCategories.id));
}

/** The newest `size` visible articles of a category (all categories when null). */
export async function newestArticles(db: DbOrTx, categoryId: number | null, size: number) {
  return db
    .select(summaryColumns)
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(
      categoryId === null
        ? and(visibleNow(), eq(articleCategories.active, true))
        : and(visibleNow(), eq(articles.categoryId, categoryId)),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(size);
}

/** Tags with the number of visible articles carrying them, most used first. */
export async function tagsWithCounts(db: DbOrTx) {
  return db
    .select({ id: tags.id, name: tags.name, count: sql<number>`count(${articles.id})::int` })
    .from(tags)
    .innerJoin(articleTags, eq(articleTags.tagId, tags.id))
    .innerJoin(articles, and(eq(articles.id, articleTags.articleId), visibleNow()))
    .groupBy(tags.id, tags.name, tags.sort)
    .orderBy(asc(tags.sort), desc(sql`count(${articles.id})`), asc(tags.id));
}

/** Whether a tag exists. */
export async function tagExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: tags.id }).from(tags).where(eq(tags.id, id));
  return row !== undefined;
}

/** Whether a category exists. */
export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: articleCategories.id })
    .from(articleCategories)
    .where(eq(articleCategories.id, id));
  return row !== undefined;
}

/** The tags of one article. */
export async function tagsOf(db: DbOrTx, articleId: number) {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(eq(articleTags.articleId, articleId))
    .orderBy(asc(tags.sort), asc(tags.id));
}

const linkColumns = { id: articles.id, title: articles.title, publishedAt: articles.publishedAt };

/** The older and newer visible articles of the same category as `a`. */
export async function neighbours(db: DbOrTx, a: { id: number; categoryId: number; publishedAt: Date }) {
  const same = and(visibleNow(), eq(articles.categoryId, a.categoryId));
  const [[prev], [next]] = await inSequence([
    db
      .select(linkColumns)
      .from(articles)
      .where(
        and(
          same,
          or(
            lt(articles.publishedAt, a.publishedAt),
            and(eq(articles.publishedAt, a.publishedAt), lt(articles.id, a.id)),
          ),
        ),
      )
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(1),
    db
      .select(linkColumns)
      .from(articles)
      .where(
        and(
          same,
          or(
            gt(articles.publishedAt, a.publishedAt),
            and(eq(articles.publishedAt, a.publishedAt), gt(articles.id, a.id)),
          ),
        ),
      )
      .orderBy(asc(articles.publishedAt), asc(articles.id))
      .limit(1),
  ]);
  return { prev: prev ?? null, next: next ?? null };
}

/** The newest visible articles sharing one of `tagIds`, else of the category; `a` itself left out. */
export async function relatedArticles(
  db: DbOrTx,
  a: { id: number; categoryId: number },
  tagIds: number[],
  limit: number,
) {
  const shared =
    tagIds.length > 0
      ? exists(
          db
            .select({ one: sql`1` })
            .from(articleTags)
            .where(and(sql`${articleTags.articleId} = "articles"."id"`, inArray(articleTags.tagId, tagIds))),
        )
      : eq(articles.categoryId, a.categoryId);
  return db
    .select(linkColumns)
    .from(articles)
    .where(and(visibleNow(), ne(articles.id, a.id), shared))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
}
