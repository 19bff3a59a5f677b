/**
 * SQL of the weekly index reviews: the index days they are written from, the 指数分析 category
 * and the upsert of generated articles by their key (a rerun rewrites, never duplicates).
 */
import { and, asc, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { articleCategories, articles, indexDays } from '../../../db/schema/index.ts';

/** The index article category (/morepage): its stable code and name. */
export const INDEX_CATEGORY = { code: 'index', name: '指数分析' } as const;

/** Every index's days from `from` to `to` with the fields a review quotes. */
export async function reviewDays(db: DbOrTx, from: string, to: string) {
  return db
    .select({
      indexId: indexDays.indexId,
      day: indexDays.day,
      priceFen: indexDays.priceFen,
      points: indexDays.points,
      stockKg: indexDays.stockKg,
      dealKg: indexDays.dealKg,
      tradingKg: indexDays.tradingKg,
      sampleCount: indexDays.sampleCount,
      removedOutliers: indexDays.removedOutliers,
      provisional: indexDays.provisional,
    })
    .from(indexDays)
    .where(and(gte(indexDays.day, from), lte(indexDays.day, to)))
    .orderBy(asc(indexDays.indexId), asc(indexDays.day));
}

/** The id of the 指数分析 category, created when missing. */
export async function indexCategoryId(db: DbOrTx): Promise<number> {
  const [row] = await db
    .insert(articleCategories)
    .values({ code: INDEX_CATEGORY.code, name: INDEX_CATEGORY.name, sort: 5 })
    .onConflictDoUpdate({ target: articleCategories.code, set: { name: INDEX_CATEGORY.name } })
    .returning({ id: articleCategories.id });
  if (!row) throw new Error('index article category not stored');
  return row.id;
}

/** A generated article as stored; `generatedKey` names it across reruns. */
export type GeneratedArticle = Required<
  Pick<
    typeof articles.$inferInsert,
    | 'categoryId'
    | 'indexId'
    | 'generatedKey'
    | 'title'
    | 'summary'
    | 'contentHtml'
    | 'source'
    | 'author'
    | 'membersOnly'
    | 'publishedAt'
  >
>;

/**
 * Inserts the articles, or rewrites those whose key exists (text, figures, members-only flag);
 * views and status stay as they are, so an operator's withdrawal holds.
 */
export async function upsertGeneratedArticles(db: DbOrTx, rows: GeneratedArticle[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(articles)
    .values(rows)
    .onConflictDoUpdate({
      target: articles.generatedKey,
      set: {
        title: sql`excluded.title`,
        summary: sql`excluded.summary`,
        contentHtml: sql`excluded.content_html`,
        source: sql`excluded.source`,
        author: sql`excluded.author`,
        membersOnly: sql`excluded.members_only`,
        publishedAt: sql`excluded.published_at`,
        indexId: sql`excluded.index_id`,
        updatedAt: sql`now()`,
      },
    });
}
