/**
 * SQL of the console's user management, reads only: the searched page, one user's row
 * (before/after of a write), whether a company name is taken, the memberships summary. Its writes
 * (role and disable columns, a company's full name, revoking a user's sessions) go through
 * account/service.ts, which owns users, companies and sessions.
 * Every function takes `DbOrTx` and runs its queries one after another.
 */
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import {
  companies,
  companyNameKey,
  membershipPeriods,
  users,
  vipCommodities,
} from '../../db/schema/index.ts';

export interface UserFilter {
  keyword?: string | undefined;
  role?: 'member' | 'trader' | 'admin' | undefined;
  disabled?: boolean | undefined;
}

/** `%` and `_` of a typed keyword match themselves. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const userColumns = {
  id: users.id,
  phone: users.phone,
  linkMan: users.linkMan,
  role: users.role,
  companyId: users.companyId,
  companyName: companies.name,
  beans: users.beans,
  disabledAt: users.disabledAt,
  disabledReason: users.disabledReason,
  createdAt: users.createdAt,
};

/** One page of users matching the filter, newest first, with their company's name. */
export async function usersPage(db: DbOrTx, f: UserFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [];
  if (f.keyword) {
    const p = likePattern(f.keyword);
    const match = or(ilike(users.phone, p), ilike(users.linkMan, p), ilike(companies.name, p));
    if (match) conditions.push(match);
  }
  if (f.role) conditions.push(eq(users.role, f.role));
  if (f.disabled === true) conditions.push(isNotNull(users.disabledAt));
  if (f.disabled === false) conditions.push(isNull(users.disabledAt));
  const where = conditions.length ? and(...conditions) : undefined;
  const [list, total] = await inSequence([
    db
      .select(userColumns)
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where),
  ]);
  return { list, total: total[0]?.n ?? 0 };
}
export type AdminUserRow = Awaited<ReturnType<typeof usersPage>>['list'][number];

/** One user with its company's name, or null; `lock` holds the user row until the transaction ends. */
export async function findUserRow(db: DbOrTx, id: number, lock = false): Promise<AdminUserRow | null> {
  const q = db
    .select(userColumns)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, id))
    .limit(1);
  const rows = lock ? await q.for('update', { of: users }) : await q;
  return rows[0] ?? null;
}

/** Per user and commodity: the latest expiry and whether a period covers `now`. */
export async function membershipsOf(db: DbOrTx, userIds: number[], now: Date) {
  if (!userIds.length) return [];
  const at = now.toISOString();
  return db
    .select({
      userId: membershipPeriods.userId,
      commodityId: membershipPeriods.commodityId,
      name: vipCommodities.name,
      expiresAt: sql<Date>`max(${membershipPeriods.expiresAt})`.mapWith(membershipPeriods.expiresAt),
      active: sql<boolean>`bool_or(${membershipPeriods.startsAt} <= ${at}::timestamptz and ${membershipPeriods.expiresAt} > ${at}::timestamptz)`,
    })
    .from(membershipPeriods)
    .innerJoin(vipCommodities, eq(vipCommodities.id, membershipPeriods.commodityId))
    .where(inArray(membershipPeriods.userId, userIds))
    .groupBy(
      membershipPeriods.userId,
      membershipPeriods.commodityId,
      vipCommodities.name,
      vipCommodities.sort,
    )
    .orderBy(asc(membershipPeriods.userId), asc(vipCommodities.sort), asc(membershipPeriods.commodityId));
}
export type MembershipRow = Awaited<ReturnType<typeof membershipsOf>>[number];

/** Whether a company other than `companyId` has this name (by `companyNameKey`). */
export async function companyNameTakenByOther(db: DbOrTx, name: string, companyId: number): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(sql`${companyNameKey(companies.name)} = ${companyNameKey(name)}`, ne(companies.id, companyId)))
    .limit(1);
  return rows.length > 0;
}
