/**
 * Users in the operator console (issue 18): search, role, disable/enable, beans adjustment and
 * membership grant, a company's new full name. Every write is audited (one row, the user before and after). Thin: the
 * rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminBeansBody,
  AdminCompanyBody,
  AdminDisableBody,
  AdminEnableBody,
  AdminMembershipBody,
  AdminRoleBody,
  AdminUser,
  AdminUserIdParams,
  AdminUserQuery,
  Envelope,
  ErrorResponses,
  Page,
} from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { auditContext } from '../audit/service.ts';
import { adminUsersService } from './service.ts';

const adminUsersModule: FastifyPluginAsyncTypebox = async (app) => {
  const admin = adminUsersService({ db: app.db });
  const written = { 200: Envelope(AdminUser), ...ErrorResponses };

  app.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminUserList',
        summary: '用户列表（按手机号、联系人、公司名搜索，分页）',
        description:
          '运营后台的用户列表，最新注册在前：可按关键词（手机号、联系人或公司名的一部分）、角色与是否停用筛选；含钢豆余额与会员概况，手机号不打码。仅管理员可用。',
        querystring: AdminUserQuery,
        response: { 200: Envelope(Page(AdminUser)), ...ErrorResponses },
      },
    },
    async (request) => ok(await admin.page(request.query)),
  );

  app.put(
    '/api/admin/users/:id/role',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminUserSetRole',
        summary: '修改用户角色',
        description:
          '把用户设为会员、商家或管理员并记审计日志；商家须已绑定公司；不能取消自己的管理员角色；角色未变为 code 1。',
        params: AdminUserIdParams,
        body: AdminRoleBody,
        response: written,
      },
    },
    async (request) => ok(await admin.setRole(auditContext(request), request.params.id, request.body.role)),
  );

  app.post(
    '/api/admin/users/:id/disable',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminUserDisable',
        summary: '停用用户（须填原因）',
        description:
          '停用账号并记审计日志：其已登录的会话立即失效（code 3），之后登录被拒；不能停用自己；已停用为 code 1。',
        params: AdminUserIdParams,
        body: AdminDisableBody,
        response: written,
      },
    },
    async (request) => ok(await admin.disable(auditContext(request), request.params.id, request.body.reason)),
  );

  app.post(
    '/api/admin/users/:id/enable',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminUserEnable',
        summary: '恢复已停用的用户',
        description: '恢复一个已停用的账号（原因可选）并记审计日志；用户需重新登录；账号未停用为 code 1。',
        params: AdminUserIdParams,
        body: AdminEnableBody,
        response: written,
      },
    },
    async (request) => ok(await admin.enable(auditContext(request), request.params.id, request.body.reason)),
  );

  app.post(
    '/api/admin/users/:id/beans',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminUserAdjustBeans',
        summary: '调整用户钢豆（须填原因）',
        description:
          '增加或扣减用户的钢豆并写一条钢豆明细（类型 adjusted，备注为原因）与审计日志；余额不能低于 0（code 1）。',
        params: AdminUserIdParams,
        body: AdminBeansBody,
        response: written,
      },
    },
    async (request) => ok(await admin.adjustBeans(auditContext(request), request.params.id, request.body)),
  );

  app.post(
    '/api/admin/users/:id/membership',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminUserGrantMembership',
        summary: '赠送会员（须填原因）',
        description:
          '给用户赠送一段会员：从当前到期时间（或现在）起 days 天，或到 until 当天结束，二选一；不关联订单，记审计日志；会员商品不存在为 code 6。',
        params: AdminUserIdParams,
        body: AdminMembershipBody,
        response: written,
      },
    },
    async (request) =>
      ok(await admin.grantMembership(auditContext(request), request.params.id, request.body)),
  );

  app.put(
    '/api/admin/users/:id/company',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminUserRenameCompany',
        summary: '变更用户所属企业的全称（须填原因）',
        description:
          '商家不能自行修改公司全称，由运营在核实后变更：写审计日志（原名、新名与原因）。用户未绑定公司或新名与原名相同为 code 1；与其他企业同名（忽略空格、全半角与大小写）为 code 1。',
        params: AdminUserIdParams,
        body: AdminCompanyBody,
        response: written,
      },
    },
    async (request) => ok(await admin.renameCompany(auditContext(request), request.params.id, request.body)),
  );
};

export default adminUsersModule;
