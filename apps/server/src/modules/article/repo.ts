/** Article reads: a category's published articles, paged, and one article. */
import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { articleCategories, articles } from '../../db/schema/index.ts';

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
  const [list, [total]] = await Promise.all([
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

/** One published article with its content. */
export async function findPublished(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...summaryColumns, contentHtml: articles.contentHtml })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(and(eq(articles.id, id), eq(articles.status, 'published'), lte(articles.publishedAt, new Date())));
  return row ?? null;
}

/** Counts a read. */
export async function addView(db: DbOrTx, id: number): Promise<void> {
  await db.update(articles).set({ views: sqlIncrement() }).where(eq(articles.id, id));
}

function sqlIncrement() {
  return sql`${articles.views} + 1`;
}
