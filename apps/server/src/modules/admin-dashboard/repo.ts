/**
 * SQL of the console's dashboard: per Shanghai day since `from`, new users, quotations
 * published, stock rows (spot and surplus) created or updated, enquiries, paid payments and
 * their fen; and what the scheduled jobs leave behind (index days, closed payments, reports).
 * Every function takes `DbOrTx` and runs its queries one after another.
 */
import { and, eq, gte, isNull, like, lt, max, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import {
  articles,
  cargo,
  enquiries,
  indexDays,
  payments,
  quotations,
  surplus,
  users,
} from '../../db/schema/index.ts';

/** The Shanghai day (YYYY-MM-DD) of a timestamptz column. */
const shanghaiDay = (col: PgColumn) =>
  sql<string>`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

/** Rows per Shanghai day of `col` >= `from` (with an extra condition). */
function perDay(db: DbOrTx, table: PgTable, col: PgColumn, from: Date, extra?: SQL) {
  const day = shanghaiDay(col);
  return db
    .select({ day, n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(gte(col, from), extra))
    .groupBy(day);
}

/** The dashboard's per-day figures since `from` (an instant) and `fromDay` (its Shanghai day). */
export async function dailyFigures(db: DbOrTx, from: Date, fromDay: string) {
  const quoteRows = db
    .select({ day: sql<string>`${quotations.quoteDate}::text`, n: sql<number>`count(*)::int` })
    .from(quotations)
    .where(and(gte(quotations.quoteDate, fromDay), isNull(quotations.deletedAt)))
    .groupBy(quotations.quoteDate);
  const paidDay = shanghaiDay(payments.paidAt);
  const paid = db
    .select({
      day: paidDay,
      n: sql<number>`count(*)::int`,
      fen: sql<number>`coalesce(sum(${payments.amountFen}), 0)::bigint`,
    })
    .from(payments)
    .where(and(eq(payments.state, 'paid'), gte(payments.paidAt, from)))
    .groupBy(paidDay);
  const [newUsers, quotes, cargoRows, surplusRows, enquiryRows, paidRows] = await inSequence([
    perDay(db, users, users.createdAt, from),
    quoteRows,
    perDay(db, cargo, cargo.updatedAt, from),
    perDay(db, surplus, surplus.updatedAt, from),
    perDay(db, enquiries, enquiries.createdAt, from),
    paid,
  ]);
  return { newUsers, quotes, cargoRows, surplusRows, enquiryRows, paidRows };
}

/** What the jobs left: the newest index day and its computation, overdue pending payments, the newest report. */
export async function jobTraces(db: DbOrTx, overdueBefore: Date) {
  const [[index], [overdue], [reports]] = await inSequence([
    db.select({ lastDay: max(indexDays.day), lastRunAt: max(indexDays.computedAt) }).from(indexDays),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(and(eq(payments.state, 'pending'), lt(payments.expiresAt, overdueBefore))),
    db
      .select({ lastRunAt: max(articles.updatedAt), lastPublishedAt: max(articles.publishedAt) })
      .from(articles)
      .where(like(articles.generatedKey, 'market-daily:%')),
  ]);
  return {
    indexLastDay: index?.lastDay ?? null,
    indexLastRunAt: index?.lastRunAt ?? null,
    overduePayments: overdue?.n ?? 0,
    reportLastRunAt: reports?.lastRunAt ?? null,
    reportLastPublishedAt: reports?.lastPublishedAt ?? null,
  };
}
