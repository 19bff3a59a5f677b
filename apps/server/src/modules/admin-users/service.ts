/**
 * User management in the operator console (issue 18): search, role changes, disable and enable,
 * beans adjustments and membership grants. Each write is one transaction: load the user
 * (locked), check, write, and append exactly one audit row with the user before and after. An
 * operator cannot disable or demote itself. A disabled user's tokens stop working at once (the
 * session lookup refuses them, and its live sessions are revoked) and it cannot log in.
 */
import type {
  AdminBeansBody,
  AdminCompanyBody,
  AdminMembershipBody,
  AdminUser,
  AdminUserQuery,
  PageOf,
  UserRoleName,
} from '@steelport/contracts';
import { DAY_MS, isRealDay, SHANGHAI_OFFSET_MS } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { BusinessError, Invalid, NotFound } from '../../errors.ts';
import { type LocalText, say } from '../../text.ts';
import { disableUser, enableUser, setCompanyName, setUserRole } from '../account/service.ts';
import { revokeKeysOf } from '../api-key/service.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { moveBeans } from '../beans/service.ts';
import { grantMembership } from '../vip/service.ts';
import { auditUser, presentAdminUser } from './present.ts';
import * as repo from './repo.ts';

export interface AdminUsersService {
  page(query: AdminUserQuery): Promise<PageOf<AdminUser>>;
  setRole(ctx: AuditContext, id: number, role: UserRoleName): Promise<AdminUser>;
  disable(ctx: AuditContext, id: number, reason: string): Promise<AdminUser>;
  enable(ctx: AuditContext, id: number, reason: string | undefined): Promise<AdminUser>;
  adjustBeans(ctx: AuditContext, id: number, body: AdminBeansBody): Promise<AdminUser>;
  grantMembership(ctx: AuditContext, id: number, body: AdminMembershipBody): Promise<AdminUser>;
  renameCompany(ctx: AuditContext, id: number, body: AdminCompanyBody): Promise<AdminUser>;
}

const ROLE_NAMES: Record<UserRoleName, LocalText> = {
  member: say('会员', 'a member'),
  trader: say('商家', 'a trader'),
  admin: say('管理员', 'an administrator'),
};

/** The user, locked for the write; code 6 when there is none. */
async function lockUser(tx: DbOrTx, id: number) {
  const row = await repo.findUserRow(tx, id, true);
  if (!row) throw new NotFound(say('用户不存在', 'User not found'));
  return row;
}

/** The user as the console shows it, with its memberships. */
async function loadAdminUser(db: DbOrTx, id: number): Promise<AdminUser> {
  const row = await repo.findUserRow(db, id);
  if (!row) throw new NotFound(say('用户不存在', 'User not found'));
  return presentAdminUser(row, await repo.membershipsOf(db, [id], new Date()));
}

/** Revokes the API keys that die with `user`; their ids for the audit row, when there are any. */
async function revokedKeys(tx: DbOrTx, user: repo.AdminUserRow, at = new Date()) {
  const ids = await revokeKeysOf(tx, { id: user.id, companyId: user.companyId }, at);
  return ids.length > 0 ? { revokedApiKeys: ids } : undefined;
}

/** The user-management service over the database. */
export function adminUsersService(deps: { db: Db }): AdminUsersService {
  const { db } = deps;

  /** One audited write of user `id`: `act` changes it inside the transaction. */
  const write = async (
    ctx: AuditContext,
    id: number,
    action: string,
    act: (tx: DbOrTx, before: repo.AdminUserRow) => Promise<Record<string, unknown> | undefined>,
  ): Promise<AdminUser> => {
    await db.transaction(async (tx) => {
      const before = await lockUser(tx, id);
      const extra = await act(tx, before);
      const after = await lockUser(tx, id);
      await recordAudit(tx, ctx, {
        action,
        entity: 'user',
        entityId: id,
        before: auditUser(before),
        after: { ...auditUser(after), ...extra },
      });
    });
    return loadAdminUser(db, id);
  };

  return {
    async page(q) {
      const { list, total } = await repo.usersPage(
        db,
        { keyword: q.keyword || undefined, role: q.role, disabled: q.disabled },
        q.page,
        q.pageSize,
      );
      const memberships = await repo.membershipsOf(
        db,
        list.map((u) => u.id),
        new Date(),
      );
      return {
        list: list.map((u) => presentAdminUser(u, memberships)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    setRole: (ctx, id, role) =>
      write(ctx, id, 'user.role', async (tx, before) => {
        if (id === ctx.operatorId && role !== 'admin')
          throw new BusinessError(
            say('不能取消自己的管理员角色', 'You cannot remove your own administrator role'),
          );
        if (role === 'trader' && before.companyId === null)
          throw new BusinessError(
            say('该用户未绑定公司，不能设为商家', 'This user has no company and cannot be made a trader'),
          );
        if (before.role === role)
          throw new BusinessError(
            say(`该用户已是${ROLE_NAMES[role].zh}`, `This user is already ${ROLE_NAMES[role].en}`),
          );
        await setUserRole(tx, id, role);
        // A demoted trader's ERP stops with it, and the audit row names the keys.
        return before.role === 'trader' ? revokedKeys(tx, before) : undefined;
      }),

    disable: (ctx, id, reason) =>
      write(ctx, id, 'user.disable', async (tx, before) => {
        if (id === ctx.operatorId)
          throw new BusinessError(say('不能停用自己的账号', 'You cannot disable your own account'));
        if (before.disabledAt) throw new BusinessError(say('该账号已停用', 'This account has been disabled'));
        const at = new Date();
        // The disable columns, then every live session of the user ends at `at`.
        await disableUser(tx, id, { at, reason });
        return revokedKeys(tx, before, at);
      }),

    enable: (ctx, id, reason) =>
      write(ctx, id, 'user.enable', async (tx, before) => {
        if (!before.disabledAt) throw new BusinessError(say('该账号未停用', 'This account is not disabled'));
        await enableUser(tx, id);
        return reason ? { reason } : undefined;
      }),

    adjustBeans: (ctx, id, { delta, reason }) =>
      write(ctx, id, 'user.beans', async (tx) => {
        if (delta === 0) throw new Invalid(say('调整数量不能为 0', 'The adjustment cannot be 0'));
        const outcome = await moveBeans(tx, {
          userId: id,
          delta,
          reason: 'adjusted',
          refType: 'admin_adjust',
          refId: null,
          note: reason,
          actorUserId: ctx.operatorId,
        });
        if (outcome.kind === 'insufficient')
          throw new BusinessError(
            say(
              `钢豆不足：当前余额 ${outcome.balance}，不能扣减 ${-delta}`,
              `Not enough beans: the balance is ${outcome.balance}, so ${-delta} cannot be deducted`,
            ),
          );
        return { delta, reason };
      }),

    grantMembership: (ctx, id, body) =>
      write(ctx, id, 'user.membership', async (tx) => {
        if ((body.days === undefined) === (body.until === undefined))
          throw new Invalid(
            say('请填写赠送天数或截止日期（二选一）', 'Enter either the days to grant or an end date'),
          );
        if (body.until !== undefined && !isRealDay(body.until))
          throw new Invalid(say('截止日期无效', 'The closing date is not valid'));
        // `until` is a Shanghai day, included: the period ends at the following midnight.
        const until =
          body.until === undefined
            ? undefined
            : new Date(Date.parse(`${body.until}T00:00:00Z`) - SHANGHAI_OFFSET_MS + DAY_MS);
        const period = await grantMembership(tx, {
          userId: id,
          commodityId: body.commodityId,
          days: body.days,
          until,
          now: new Date(),
        });
        return {
          granted: {
            commodityId: period.commodityId,
            name: period.name,
            startsAt: period.startsAt.toISOString(),
            expiresAt: period.expiresAt.toISOString(),
          },
          reason: body.reason,
        };
      }),

    renameCompany: (ctx, id, { name, reason }) =>
      write(ctx, id, 'user.company', async (tx, before) => {
        const companyName = name.trim();
        if (before.companyId === null || before.companyName === null)
          throw new BusinessError(say('该用户未绑定公司', 'This user has no company'));
        if (companyName === before.companyName)
          throw new BusinessError(
            say('新的公司全称与原名相同', 'The new full name is the same as the current one'),
          );
        if (await repo.companyNameTakenByOther(tx, companyName, before.companyId))
          throw new BusinessError(
            say('该公司名称已被其他企业使用', 'This company name is already used by another company'),
          );
        await setCompanyName(tx, before.companyId, companyName);
        return { company: { from: before.companyName, to: companyName }, reason };
      }),
  };
}
