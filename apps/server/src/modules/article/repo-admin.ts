/**
 * SQL of the articles operators write in the console (`admin-content/articles`): insert, rewrite
 * and delete an article, and replace its tags by name. The console reaches these through the
 * article service (`service.ts#createArticle`); the HTML comes in already sanitised.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { articles, articleTags, tags } from '../../db/schema/index.ts';

/** Columns an operator writes on an article. */
export type ArticleValues = Pick<
  typeof articles.$inferInsert,
  | 'categoryId'
  | 'title'
  | 'summary'
  | 'contentHtml'
  | 'cover'
  | 'source'
  | 'author'
  | 'membersOnly'
  | 'publishedAt'
  | 'status'
>;

/** Inserts an article; answers its id. */
export async function insertArticle(
  db: DbOrTx,
  values: ArticleValues & { createdBy: number },
): Promise<number> {
  const [row] = await db.insert(articles).values(values).returning({ id: articles.id });
  return row!.id;
}

/** Rewrites an article's operator columns. */
export async function updateArticle(db: DbOrTx, id: number, values: ArticleValues): Promise<void> {
  await db
    .update(articles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(articles.id, id));
}

/** Deletes an article (its tag links go with it). */
export async function deleteArticle(db: DbOrTx, id: number): Promise<void> {
  await db.delete(articles).where(eq(articles.id, id));
}

/** Replaces an article's tags by name, creating tags that do not exist yet. */
export async function setArticleTags(db: DbOrTx, articleId: number, names: string[]): Promise<void> {
  await db.delete(articleTags).where(eq(articleTags.articleId, articleId));
  if (names.length === 0) return;
  await db
    .insert(tags)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing({ target: tags.name });
  const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.name, names));
  await db
    .insert(articleTags)
    .values(found.map((t) => ({ articleId, tagId: t.id })))
    .onConflictDoNothing();
}
