/**
 * SQL of market dynamics (商务动态): a page of published items, one item with its neighbours in
 * list order, and its read count; and the operators' writes from the console (insert, rewrite,
 * delete). Queries run one after another, so a transaction may be passed.
 */
import type { AffairKind } from '@steelport/contracts';
import { and, count, desc, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import { commercialAffairs, products } from '../../db/schema/index.ts';

const summaryColumns = {
  id: commercialAffairs.id,
  kind: commercialAffairs.kind,
  title: commercialAffairs.title,
  summary: commercialAffairs.summary,
  cover: commercialAffairs.cover,
  city: commercialAffairs.city,
  product: products.name,
  source: commercialAffairs.source,
  publishedAt: commercialAffairs.publishedAt,
  views: commercialAffairs.views,
};

/** Published and due: scheduled items appear at their time. */
const visible = () =>
  and(eq(commercialAffairs.status, 'published'), lte(commercialAffairs.publishedAt, sql`now()`));

/** A page of published items, newest first, of one kind or all. */
export async function affairsPage(
  db: DbOrTx,
  query: { kind?: AffairKind | undefined; page: number; pageSize: number },
) {
  const where = query.kind ? and(visible(), eq(commercialAffairs.kind, query.kind)) : visible();
  const [list, [total]] = await inSequence([
    db
      .select(summaryColumns)
      .from(commercialAffairs)
      .leftJoin(products, eq(products.id, commercialAffairs.productId))
      .where(where)
      .orderBy(desc(commercialAffairs.publishedAt), desc(commercialAffairs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(commercialAffairs).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}
export type AffairSummaryRow = Awaited<ReturnType<typeof affairsPage>>['list'][number];

/** One published item with its content, or null. */
export async function findPublishedAffair(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...summaryColumns, content: commercialAffairs.content })
    .from(commercialAffairs)
    .leftJoin(products, eq(products.id, commercialAffairs.productId))
    .where(and(eq(commercialAffairs.id, id), visible()));
  return row ?? null;
}
export type AffairRow = NonNullable<Awaited<ReturnType<typeof findPublishedAffair>>>;

/**
 * The items beside one in list order (newest first): `newer` is the one above it, `older` the
 * one below. Ties on the publishing time fall back to the id, as the list sorts.
 */
export async function affairNeighbours(db: DbOrTx, at: { id: number; publishedAt: Date }) {
  const link = { id: commercialAffairs.id, title: commercialAffairs.title };
  const newerThan = or(
    gt(commercialAffairs.publishedAt, at.publishedAt),
    and(eq(commercialAffairs.publishedAt, at.publishedAt), gt(commercialAffairs.id, at.id)),
  );
  const olderThan = or(
    lt(commercialAffairs.publishedAt, at.publishedAt),
    and(eq(commercialAffairs.publishedAt, at.publishedAt), lt(commercialAffairs.id, at.id)),
  );
  const [[newer], [older]] = await inSequence([
    db
      .select(link)
      .from(commercialAffairs)
      .where(and(visible(), newerThan))
      .orderBy(commercialAffairs.publishedAt, commercialAffairs.id)
      .limit(1),
    db
      .select(link)
      .from(commercialAffairs)
      .where(and(visible(), olderThan))
      .orderBy(desc(commercialAffairs.publishedAt), desc(commercialAffairs.id))
      .limit(1),
  ]);
  return { newer: newer ?? null, older: older ?? null };
}

/** Counts a read. */
export async function addAffairView(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(commercialAffairs)
    .set({ views: sql`${commercialAffairs.views} + 1` })
    .where(eq(commercialAffairs.id, id));
}

/** Columns an operator writes on a market-dynamics item. */
export type AffairValues = Pick<
  typeof commercialAffairs.$inferInsert,
  'kind' | 'title' | 'summary' | 'content' | 'cover' | 'city' | 'source' | 'publishedAt' | 'status'
>;

/** Inserts a market-dynamics item; answers its id. */
export async function insertAffair(
  db: DbOrTx,
  values: AffairValues & { createdBy: number },
): Promise<number> {
  const [row] = await db.insert(commercialAffairs).values(values).returning({ id: commercialAffairs.id });
  return row!.id;
}

/** Rewrites a market-dynamics item. */
export async function updateAffair(db: DbOrTx, id: number, values: AffairValues): Promise<void> {
  await db
    .update(commercialAffairs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(commercialAffairs.id, id));
}

/** Deletes a market-dynamics item. */
export async function deleteAffair(db: DbOrTx, id: number): Promise<void> {
  await db.delete(commercialAffairs).where(eq(commercialAffairs.id, id));
}
