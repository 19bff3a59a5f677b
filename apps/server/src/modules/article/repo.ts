/**
 * SQL of articles: a category's published articles, paged, one article, and its read count.
 * Queries run one after another, so a transaction may be passed.
 */
import { and, asc, count, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import { articleCategories, articles, indexDefinitions } from '../../db/schema/index.ts';

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
    .select({ ...summaryColumns, contentHtml: articles.contentHtml })
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

/** Counts a read. */
export async function addView(db: DbOrTx, id: number): Promise<void> {
  await db.update(articles).set({ views: sqlIncrement() }).where(eq(articles.id, id));
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
