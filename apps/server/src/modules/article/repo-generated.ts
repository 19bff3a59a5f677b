/**
 * SQL of the articles the system writes from data (市场日报, weekly index reviews): categories
 * and tags created on first use, and the upsert by `generated_key`, so a rerun rewrites an
 * article instead of adding a second one. Other modules reach it through `generated.ts`.
 */
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { articleCategories, articles, articleTags, tags } from '../../db/schema/index.ts';

/** The id of a category by code, created (with its name and order) when missing. */
export async function ensureCategory(db: DbOrTx, code: string, name: string, sort: number): Promise<number> {
  const [row] = await db
    .insert(articleCategories)
    .values({ code, name, sort })
    .onConflictDoUpdate({ target: articleCategories.code, set: { name } })
    .returning({ id: articleCategories.id });
  if (!row) throw new Error(`article category ${code} not stored`);
  return row.id;
}

/** The ids of tags by name, created when missing. */
export async function ensureTags(db: DbOrTx, names: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Map();
  await db
    .insert(tags)
    .values(unique.map((name) => ({ name })))
    .onConflictDoNothing({ target: tags.name });
  const rows = await db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.name, unique));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** A generated article as stored; `generatedKey` names it across reruns. */
export type GeneratedArticle = Required<
  Pick<
    typeof articles.$inferInsert,
    | 'categoryId'
    | 'generatedKey'
    | 'title'
    | 'summary'
    | 'contentHtml'
    | 'source'
    | 'author'
    | 'membersOnly'
    | 'publishedAt'
  >
> & {
  /** the index a review is about (weekly reviews); none for market reports */
  indexId?: number | null;
  /** tags added to the article (never duplicated) */
  tagIds?: number[];
};

/**
 * Inserts the articles, or rewrites those whose key exists (text, figures, time, category,
 * index); views and status stay, so an operator's withdrawal holds. Tags are added, never
 * duplicated. Answers how many articles were written.
 */
export async function upsertGeneratedArticles(db: DbOrTx, rows: GeneratedArticle[]): Promise<number> {
  if (rows.length === 0) return 0;
  const stored = await db
    .insert(articles)
    .values(rows.map(({ tagIds: _tags, ...row }) => row))
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
        categoryId: sql`excluded.category_id`,
        indexId: sql`excluded.index_id`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: articles.id, key: articles.generatedKey });
  const byKey = new Map(stored.map((r) => [r.key, r.id]));
  const links = rows.flatMap((r) => {
    const articleId = byKey.get(r.generatedKey);
    return articleId === undefined ? [] : (r.tagIds ?? []).map((tagId) => ({ articleId, tagId }));
  });
  if (links.length > 0) await db.insert(articleTags).values(links).onConflictDoNothing();
  return stored.length;
}
