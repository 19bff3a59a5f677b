/**
 * Who may open a screen: the portal's half of the server's `checkAccess` (apps/server
 * plugins/auth.ts). Route handles name an access level; the layout asks this function before
 * rendering the screen. The server still decides every call; this only spares a user a screen
 * whose data would be refused.
 */
import { type Access, type LoginUser, type MyInfo, VIP_ENTRY_NAME } from '@steelport/contracts';

type User = Pick<LoginUser, 'role' | 'userNewVipVo' | 'company'> | MyInfo;

/** A trader has a company; a loginUser carried over without the field says so by its role. */
function isTrader(user: User): boolean {
  if (user.company === undefined) return user.role === 'trader';
  return user.company !== null;
}

/**
 * Whether `user` (null for a visitor) may open a screen of level `access`: member = logged in;
 * vip = the 免豆会员 entry has isVip 1; data = that, or an active entry that opens data; trader = has a company, or is an admin; admin = role admin.
 */
export function canAccess(access: Access, user: User | null): boolean {
  if (access === 'public') return true;
  if (!user) return false;
  switch (access) {
    case 'member':
      return true;
    case 'vip':
      return (user.userNewVipVo ?? []).some((entry) => entry?.name === VIP_ENTRY_NAME && entry.isVip === 1);
    case 'data':
      return (
        user.role === 'admin' ||
        (user.userNewVipVo ?? []).some(
          (entry) => entry?.isVip === 1 && (entry.name === VIP_ENTRY_NAME || entry.dataAccess === 1),
        )
      );
    case 'trader':
      return user.role === 'admin' || isTrader(user);
    case 'admin':
      return user.role === 'admin';
    // An ERP's API key, never a person: no screen opens with it.
    case 'apiKey':
      return false;
  }
}
