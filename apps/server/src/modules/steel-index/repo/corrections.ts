/**
 * SQL of operators' corrections of index days as the index shows them: the published list (the
 * methodology page) and the console's list, newest first. Revoked corrections are not listed.
 */
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../../db/client.ts';
import { indexCorrections, indexDefinitions, users } from '../../../db/schema/index.ts';

const correctionColumns = {
  id: indexCorrections.id,
  indexId: indexCorrections.indexId,
  indexName: indexDefinitions.name,
  day: indexCorrections.day,
  values: indexCorrections.values,
  before: indexCorrections.before,
  reason: indexCorrections.reason,
  actorUserId: indexCorrections.actorUserId,
  operator: sql<string>`coalesce(${users.linkMan}, '')`,
  createdAt: indexCorrections.createdAt,
};

/** One page of non-revoked corrections (of one index when given), newest first. */
export async function correctionsPage(
  db: DbOrTx,
  q: { indexId?: number | undefined; page: number; pageSize: number },
) {
  const conditions: SQL[] = [isNull(indexCorrections.revokedAt)];
  if (q.indexId !== undefined) conditions.push(eq(indexCorrections.indexId, q.indexId));
  const where = and(...conditions);
  const [list, totals] = await inSequence([
    db
      .select(correctionColumns)
      .from(indexCorrections)
      .innerJoin(indexDefinitions, eq(indexDefinitions.id, indexCorrections.indexId))
      .leftJoin(users, eq(users.id, indexCorrections.actorUserId))
      .where(where)
      .orderBy(desc(indexCorrections.createdAt), desc(indexCorrections.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(indexCorrections).where(where),
  ]);
  return { list, total: totals[0]?.n ?? 0 };
}
export type CorrectionRow = Awaited<ReturnType<typeof correctionsPage>>['list'][number];

/** One correction with its index's and operator's names, or null. */
export async function correctionById(db: DbOrTx, id: number): Promise<CorrectionRow | null> {
  const [row] = await db
    .select(correctionColumns)
    .from(indexCorrections)
    .innerJoin(indexDefinitions, eq(indexDefinitions.id, indexCorrections.indexId))
    .leftJoin(users, eq(users.id, indexCorrections.actorUserId))
    .where(eq(indexCorrections.id, id));
  return row ?? null;
}
