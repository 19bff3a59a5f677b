/** Account rows -> the contract shapes the portal reads (myInfo, login answers). */
import type { MyInfo } from '@steelport/contracts';
import type { MyInfoRows } from './repo.ts';

/**
 * The caller's own profile: one entry per active VIP commodity with isVip 1 while the user
 * holds an unexpired membership of it (the portal's badge reads the 免豆会员 entry).
 */
export function presentMyInfo(rows: MyInfoRows): MyInfo | null {
  const { user, commodities, memberships } = rows;
  if (!user) return null;
  const activeUntil = new Map(memberships.map((m) => [m.commodityId, m.expiresAt]));
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
    userNewVipVo: commodities.map((c) => {
      const expiresAt = activeUntil.get(c.id);
      return {
        name: c.name,
        isVip: expiresAt ? 1 : 0,
        expireAt: expiresAt ? expiresAt.toISOString() : null,
        dataAccess: c.dataAccess ? 1 : 0,
      };
    }),
    lang: user.lang ?? null,
  };
}
