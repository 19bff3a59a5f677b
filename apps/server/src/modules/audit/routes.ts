/**
 * The audit log in the operator console (issue 18): `GET /api/admin/audit`, searchable by
 * operator, entity, action, entity id and date range, newest first. Thin: rules in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditPage, AuditQuery, Envelope, ErrorResponses } from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { auditService } from './service.ts';

const auditModule: FastifyPluginAsyncTypebox = async (app) => {
  const audit = auditService({ db: app.db });

  app.get(
    '/api/admin/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminAuditList',
        summary: '操作审计日志（分页，最新在前）',
        description:
          '运营后台每次写操作与运营账号登录成功/失败的记录：操作人、时间、IP、请求 id、动作、对象及其前后内容；可按操作人、对象类型、动作、对象 id 与日期范围（上海时间，含首尾）筛选。仅管理员可用。',
        querystring: AuditQuery,
        response: { 200: Envelope(AuditPage), ...ErrorResponses },
      },
    },
    async (request) => ok(await audit.page(request.query)),
  );
};

export default auditModule;
