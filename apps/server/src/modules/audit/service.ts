/**
 * The operators' audit log (issue 18). Every admin write goes through `auditedWrites` (a write of
 * another shape spells out the same steps:
 * `db.transaction(async (tx) => { load before; write; recordAudit(tx, ctx, {...}) })`): exactly
 * one row per write, in the write's own transaction, so a write that rolls back leaves no row
 * and a row never describes a write that did not happen. The table is append-only (a trigger
 * refuses UPDATE and DELETE). Operators' login successes and failures are recorded too.
 */
import type { AuditQuery, AuditRow, PageOf } from '@steelport/contracts';
import type { FastifyRequest } from 'fastify';
import { DAY_MS, SHANGHAI_OFFSET_MS } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Invalid } from '../../errors.ts';
import { say } from '../../text.ts';
import { presentAuditRow } from './present.ts';
import * as repo from './repo.ts';

/** Who wrote, from where: taken from the request once, handed to the service. */
export interface AuditContext {
  operatorId: number | null;
  ip: string;
  requestId: string;
}

/** The audit context of a request: its user (the operator), its client address and its id. */
export function auditContext(request: FastifyRequest): AuditContext {
  return { operatorId: request.user?.id ?? null, ip: request.ip, requestId: String(request.id) };
}

export interface AuditEntry {
  /** `<entity>.<verb>`: user.disable, article.create, ad.update */
  action: string;
  /** user, article, ad... */
  entity: string;
  entityId: string | number | null;
  /** the row before the write (null for a create) */
  before: unknown;
  /** the row after the write (null for a delete) */
  after: unknown;
}

/**
 * Appends one audit row on `tx` (the write's own transaction). Dates inside before/after
 * become ISO strings (JSON).
 */
export async function recordAudit(tx: DbOrTx, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  await repo.insertAuditRow(tx, {
    operatorId: ctx.operatorId,
    ip: ctx.ip,
    requestId: ctx.requestId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? '' : String(entry.entityId),
    before: toJson(entry.before),
    after: toJson(entry.after),
  });
}

/** A console entity as audited writes see it: its name and how to load it as the console shows it. */
export interface AuditedEntity<T> {
  /** the audit entity and the first word of its actions: article, ad, inspection... */
  entity: string;
  /** The row as the console shows it (what the audit stores); throws NotFound when it is missing. */
  load(tx: DbOrTx, id: number): Promise<T>;
}

/**
 * The three shapes of an audited console write over one entity, each one transaction that loads
 * the row before, writes, loads it after and appends exactly one audit row
 * (`<entity>.create|update|delete`, or the verb given). Use these rather than spelling the
 * transaction out, so every write of the console is audited the same way.
 */
export function auditedWrites<T>(db: DbOrTx, target: AuditedEntity<T>) {
  const { entity, load } = target;
  return {
    /** Inserts with `insert` (which returns the new id) and records before null. */
    create(ctx: AuditContext, insert: (tx: DbOrTx) => Promise<number>): Promise<T> {
      return db.transaction(async (tx) => {
        const id = await insert(tx);
        const after = await load(tx, id);
        await recordAudit(tx, ctx, { action: `${entity}.create`, entity, entityId: id, before: null, after });
        return after;
      });
    },
    /**
     * Changes row `id` with `write`, which sees the row before (code 6 when it is missing);
     * `verb` names the action (update unless told: accept, refund...).
     */
    update(
      ctx: AuditContext,
      id: number,
      write: (tx: DbOrTx, before: T) => Promise<void>,
      verb = 'update',
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const before = await load(tx, id);
        await write(tx, before);
        const after = await load(tx, id);
        await recordAudit(tx, ctx, { action: `${entity}.${verb}`, entity, entityId: id, before, after });
        return after;
      });
    },
    /** Deletes row `id` with `remove` and records after null. */
    remove(
      ctx: AuditContext,
      id: number,
      remove: (tx: DbOrTx, before: T) => Promise<void>,
    ): Promise<{ id: number; deleted: true }> {
      return db.transaction(async (tx) => {
        const before = await load(tx, id);
        await remove(tx, before);
        await recordAudit(tx, ctx, { action: `${entity}.delete`, entity, entityId: id, before, after: null });
        return { id, deleted: true as const };
      });
    },
  };
}

/** A plain JSON value of `v` (Dates -> ISO strings, undefined -> null). */
function toJson(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  return JSON.parse(JSON.stringify(v));
}

/** Shanghai midnight of a YYYY-MM-DD day, as an instant. */
function dayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - SHANGHAI_OFFSET_MS);
}

export interface AuditService {
  /** One page of the log, newest first, filtered by operator, entity, action, id and days. */
  page(query: AuditQuery): Promise<PageOf<AuditRow>>;
}

/** The audit search over the database. */
export function auditService(deps: { db: Db }): AuditService {
  const { db } = deps;
  return {
    async page(q) {
      if (q.from && q.to && q.from > q.to)
        throw new Invalid(say('开始日期不能晚于结束日期', 'The start date must not be after the end date'));
      const fromAt = q.from ? dayStart(q.from) : undefined;
      const toAt = q.to ? new Date(dayStart(q.to).getTime() + DAY_MS) : undefined;
      if ((fromAt && Number.isNaN(fromAt.getTime())) || (toAt && Number.isNaN(toAt.getTime())))
        throw new Invalid(say('日期无效', 'The date is not valid'));
      const { list, total } = await repo.auditPage(
        db,
        { operatorId: q.operatorId, entity: q.entity, action: q.action, entityId: q.entityId, fromAt, toAt },
        q.page,
        q.pageSize,
      );
      return { list: list.map(presentAuditRow), total, page: q.page, pageSize: q.pageSize };
    },
  };
}
