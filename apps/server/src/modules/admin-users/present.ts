/** Users -> the console's AdminUser (phones unmasked: operators see them). Pure. */
import type { AdminUser } from '@steelport/contracts';
import type { AdminUserRow, MembershipRow } from './repo.ts';

/** One user with its memberships summary. */
export function presentAdminUser(row: AdminUserRow, memberships: MembershipRow[]): AdminUser {
  return {
    id: row.id,
    phone: row.phone,
    linkMan: row.linkMan,
    role: row.role,
    company: row.companyId !== null ? { id: row.companyId, name: row.companyName ?? '' } : null,
    beans: row.beans,
    memberships: memberships
      .filter((m) => m.userId === row.id)
      .map((m) => ({
        commodityId: m.commodityId,
        name: m.name,
        expireAt: new Date(m.expiresAt).toISOString(),
        active: Boolean(m.active),
      })),
    disabledAt: row.disabledAt ? row.disabledAt.toISOString() : null,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The row an audit entry keeps of a user (before/after of a write). */
export function auditUser(row: AdminUserRow) {
  return {
    id: row.id,
    phone: row.phone,
    linkMan: row.linkMan,
    role: row.role,
    companyId: row.companyId,
    beans: row.beans,
    disabledAt: row.disabledAt ? row.disabledAt.toISOString() : null,
    disabledReason: row.disabledReason,
  };
}
