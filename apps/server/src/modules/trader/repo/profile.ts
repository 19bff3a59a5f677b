/**
 * The trader's company (its firm page /firminfo; read here, written through account/service.ts,
 * which owns companies) and the activity counters its writes feed (the active-trader rank,
 * modules/quotation/repo/rank.ts).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type ActivityKind, companies, userActivity } from '../../../db/schema/index.ts';

export type CompanyRow = typeof companies.$inferSelect;

/** The company by id, or null. */
export async function companyById(db: DbOrTx, id: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row ?? null;
}

/** Whether another company already goes by this short name (search names suppliers by it). */
export async function shortNameTaken(db: DbOrTx, companyId: number, shortName: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.shortName, shortName), ne(companies.id, companyId)))
    .limit(1);
  return row !== undefined;
}

/** The editable fields of a company (the full name is not one of them). */
export type ProfileWrite = Partial<
  Pick<
    CompanyRow,
    'shortName' | 'city' | 'address' | 'contactName' | 'contactPhone' | 'mainProducts' | 'intro'
  >
>;

/** Counts `n` actions of `kind` for the user today (`day`) in the rank's counters. */
export async function countActivity(
  db: DbOrTx,
  a: { userId: number; companyId: number; kind: ActivityKind; day: string; n: number },
): Promise<void> {
  if (a.n <= 0) return;
  await db
    .insert(userActivity)
    .values({ userId: a.userId, companyId: a.companyId, kind: a.kind, day: a.day, count: a.n })
    .onConflictDoUpdate({
      target: [userActivity.userId, userActivity.kind, userActivity.day],
      set: { count: sql`${userActivity.count} + ${a.n}::int`, companyId: a.companyId },
    });
}
