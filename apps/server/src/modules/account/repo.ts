/** Reads of a user's own profile and memberships. */
import type { MyInfo } from '@steelport/contracts';
import { and, asc, eq, gt, lte, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, userMemberships, users, vipCommodities } from '../../db/schema/index.ts';

/**
 * The caller's own profile: one entry per active VIP commodity with isVip 1 while the user
 * holds an unexpired membership of it (the portal's badge reads the 免豆会员 entry).
 */
export async function loadMyInfo(db: DbOrTx, userId: number): Promise<MyInfo | null> {
  const now = new Date();
  const [userRows, commodityRows, membershipRows] = await Promise.all([
    db
      .select({
        id: users.id,
        linkMan: users.linkMan,
        phone: users.phone,
        role: users.role,
        beans: users.beans,
        companyId: companies.id,
        companyName: companies.name,
      })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, userId))
      .limit(1),
    db
      .select({ id: vipCommodities.id, name: vipCommodities.name })
      .from(vipCommodities)
      .where(eq(vipCommodities.active, true))
      .orderBy(asc(vipCommodities.sort), asc(vipCommodities.id)),
    db
      .select({ commodityId: userMemberships.commodityId, expiresAt: max(userMemberships.expiresAt) })
      .from(userMemberships)
      .where(
        and(
          eq(userMemberships.userId, userId),
          lte(userMemberships.startsAt, now),
          gt(userMemberships.expiresAt, now),
        ),
      )
      .groupBy(userMemberships.commodityId),
  ]);
  const user = userRows[0];
  if (!user) return null;
  const activeUntil = new Map(membershipRows.map((m) => [m.commodityId, m.expiresAt]));
  return {
    id: user.id,
    linkMan: user.linkMan,
    phone: user.phone,
    role: user.role,
    beans: user.beans,
    company:
      user.companyId !== null && user.companyName !== null
        ? { id: user.companyId, name: user.companyName }
        : null,
    userNewVipVo: commodityRows.map((c) => {
      const expiresAt = activeUntil.get(c.id);
      return { name: c.name, isVip: expiresAt ? 1 : 0, expireAt: expiresAt ? expiresAt.toISOString() : null };
    }),
  };
}

/** Finds a user id by phone. */
export async function findUserIdByPhone(db: DbOrTx, phone: string): Promise<number | null> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return rows[0]?.id ?? null;
}
