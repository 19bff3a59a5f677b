/**
 * SQL the console reads about market dynamics (商务动态, the table `commercial_affairs`). The
 * affairs module owns the table and writes it (`affairs/service.ts#createAffair` and its siblings).
 */
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../../db/client.ts';
import { commercialAffairs } from '../../../db/schema/index.ts';
import { likeLiteral, offsetOf } from '../repo.ts';

const affairColumns = {
  id: commercialAffairs.id,
  kind: commercialAffairs.kind,
  title: commercialAffairs.title,
  summary: commercialAffairs.summary,
  cover: commercialAffairs.cover,
  city: commercialAffairs.city,
  source: commercialAffairs.source,
  publishedAt: commercialAffairs.publishedAt,
  status: commercialAffairs.status,
  views: commercialAffairs.views,
  createdAt: commercialAffairs.createdAt,
  updatedAt: commercialAffairs.updatedAt,
};

/** Filters of the admin market-dynamics list. */
export interface AdminAffairFilter {
  keyword?: string | undefined;
  kind?: (typeof commercialAffairs.$inferSelect)['kind'] | undefined;
  status?: 'draft' | 'published' | 'hidden' | undefined;
}

/** A page of market dynamics in any state, newest first. */
export async function affairsPage(db: DbOrTx, filter: AdminAffairFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [];
  if (filter.kind !== undefined) conditions.push(eq(commercialAffairs.kind, filter.kind));
  if (filter.status !== undefined) conditions.push(eq(commercialAffairs.status, filter.status));
  if (filter.keyword) conditions.push(ilike(commercialAffairs.title, likeLiteral(filter.keyword)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [list, [total]] = await inSequence([
    db
      .select(affairColumns)
      .from(commercialAffairs)
      .where(where)
      .orderBy(desc(commercialAffairs.publishedAt), desc(commercialAffairs.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ n: count() }).from(commercialAffairs).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}
export type AdminAffairRowData = Awaited<ReturnType<typeof affairsPage>>['list'][number];

/** One market-dynamics item in any state with its HTML, or null. */
export async function findAffair(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...affairColumns, contentHtml: commercialAffairs.content })
    .from(commercialAffairs)
    .where(eq(commercialAffairs.id, id));
  return row ?? null;
}
export type AdminAffairData = NonNullable<Awaited<ReturnType<typeof findAffair>>>;
