/**
 * The audit log's SQL: append one row, search a page (newest first). Rows are never updated or
 * deleted (the database refuses it, see migration 0018). Every function takes `DbOrTx`.
 */
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

export interface AuditInsert {
  operatorId: number | null;
  ip: string;
  requestId: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** Appends one audit row. */
export async function insertAuditRow(db: DbOrTx, row: AuditInsert): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: row.operatorId,
    ip: row.ip.slice(0, 64),
    requestId: row.requestId.slice(0, 100),
    action: row.action.slice(0, 50),
    entity: row.entity.slice(0, 40),
    entityId: row.entityId.slice(0, 60),
    // jsonb: `undefined` would drop the key; an absent side is SQL null.
    before: row.before ?? null,
    after: row.after ?? null,
  });
}

export interface AuditFilter {
  operatorId?: number | undefined;
  entity?: string | undefined;
  action?: string | undefined;
  entityId?: string | undefined;
  /** instants: from inclusive, to exclusive */
  fromAt?: Date | undefined;
  toAt?: Date | undefined;
}

/** One page of audit rows matching the filter, newest first, with the operator's name and phone. */
export async function auditPage(db: DbOrTx, f: AuditFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [];
  if (f.operatorId !== undefined) conditions.push(eq(auditLog.actorUserId, f.operatorId));
  if (f.entity) conditions.push(eq(auditLog.entity, f.entity));
  if (f.action) conditions.push(eq(auditLog.action, f.action));
  if (f.entityId) conditions.push(eq(auditLog.entityId, f.entityId));
  if (f.fromAt) conditions.push(gte(auditLog.createdAt, f.fromAt));
  if (f.toAt) conditions.push(lt(auditLog.createdAt, f.toAt));
  const where = conditions.length ? and(...conditions) : undefined;
  const operator = alias(users, 'operator');
  const [list, total] = await inSequence([
    db
      .select({
        id: auditLog.id,
        at: auditLog.createdAt,
        operatorId: auditLog.actorUserId,
        operatorName: operator.linkMan,
        operatorPhone: operator.phone,
        ip: auditLog.ip,
        requestId: auditLog.requestId,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .leftJoin(operator, eq(operator.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { list, total: total[0]?.n ?? 0 };
}
export type AuditListRow = Awaited<ReturnType<typeof auditPage>>['list'][number];
