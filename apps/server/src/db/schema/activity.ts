/**
 * Activity counters behind the active-trader rank (getRank) and the audit log of operator
 * writes (who, when, before, after).
 */
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf } from './columns.ts';
import { companies, users } from './users.ts';

/** What counts as activity: quotes and stock published, enquiries answered, logins. */
export const ACTIVITY_KINDS = ['quote', 'stock', 'surplus', 'enquiry_answered', 'login'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One counter per user, kind and day; writers upsert `count = count + n`. */
export const userActivity = pgTable(
  'user_activity',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the user's company at the time, so the rank can group by trader */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 20, enum: ACTIVITY_KINDS }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('user_activity_user_kind_day_uq').on(t.userId, t.kind, t.day),
    index('user_activity_day_company_idx').on(t.day, t.companyId),
    check('user_activity_kind_ck', oneOf(t.kind, ACTIVITY_KINDS)),
  ],
);

/**
 * The operators' audit log (issue 18): one row per admin write, in the write's own transaction,
 * and one per login success or failure of an operator. Append-only: a trigger (hand-written in
 * its migration) refuses UPDATE and DELETE. `actor_user_id` (the operator) has no foreign key on
 * purpose: an `on delete` action would have to rewrite audit rows, which the trigger refuses.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id'),
    /** `<entity>.<verb>`: user.disable, article.create, account.login_failed (older rows: create, adjust_beans...) */
    action: varchar('action', { length: 50 }).notNull(),
    /** the table or domain object: article, index_day, user... */
    entity: varchar('entity', { length: 40 }).notNull(),
    entityId: varchar('entity_id', { length: 60 }).notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** the request's id (X-Request-Id), to find its log lines */
    requestId: varchar('request_id', { length: 100 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
  ],
);
