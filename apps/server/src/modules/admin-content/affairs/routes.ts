/**
 * The console's market dynamics (商务动态) under `/api/admin/affairs`: list, get, create, update, delete.
 * Every route is access admin (anyone else: code 4 or 5); every write leaves one audit row.
 * Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminAffairBody,
  AdminAffairDetail,
  AdminAffairListQuery,
  AdminAffairPage,
  AdminContentIdParams,
  AdminDeleted,
  Envelope,
  ErrorResponses,
} from '@steelport/contracts';
import { ok } from '../../../plugins/envelope.ts';
import { auditContext } from '../../audit/service.ts';
import { adminAffairService } from './service.ts';

const ADMIN = { access: 'admin' } as const;
const TAGS = ['admin'];

export const adminAffairRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = adminAffairService({ db: app.db });

  app.get(
    '/api/admin/affairs',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAffairList',
        summary: '市场动态列表（后台）',
        description: '所有状态的市场动态，新者在前；可按标题关键词、类型、状态筛选。',
        querystring: AdminAffairListQuery,
        response: { 200: Envelope(AdminAffairPage), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.affairs(request.query)),
  );

  app.get(
    '/api/admin/affairs/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAffairGet',
        summary: '市场动态详情（后台）',
        description: '一条市场动态的全部字段与正文；不存在为 code 6。',
        params: AdminContentIdParams,
        response: { 200: Envelope(AdminAffairDetail), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.affair(request.params.id)),
  );

  app.post(
    '/api/admin/affairs',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAffairCreate',
        summary: '发布市场动态',
        description:
          '新建市场动态（钢厂调价、新库开业、会展活动、市场快讯）；正文 HTML 在服务端净化。记一条审计。',
        body: AdminAffairBody,
        response: { 200: Envelope(AdminAffairDetail), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.createAffair(auditContext(request), request.user!, request.body)),
  );

  app.put(
    '/api/admin/affairs/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAffairUpdate',
        summary: '修改市场动态',
        description: '改写一条市场动态；未传的可选字段保持原值，状态 hidden 即下线。记一条审计。',
        params: AdminContentIdParams,
        body: AdminAffairBody,
        response: { 200: Envelope(AdminAffairDetail), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(await service.updateAffair(auditContext(request), request.user!, request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/affairs/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAffairDelete',
        summary: '删除市场动态',
        description: '删除一条市场动态。记一条审计。',
        params: AdminContentIdParams,
        response: { 200: Envelope(AdminDeleted), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.deleteAffair(auditContext(request), request.params.id)),
  );
};
