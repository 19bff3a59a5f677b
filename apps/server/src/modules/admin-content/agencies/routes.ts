/**
 * The console's agencies under `/api/admin/agencies`: list, get, create, update, delete.
 * Every route is access admin (anyone else: code 4 or 5); every write leaves one audit row.
 * Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminAgencyBody,
  AdminAgencyListQuery,
  AdminAgencyPage,
  AdminAgencyRow,
  AdminContentIdParams,
  AdminDeleted,
  Envelope,
  ErrorResponses,
} from '@steelport/contracts';
import { ok } from '../../../plugins/envelope.ts';
import { auditContext } from '../../audit/service.ts';
import { adminAgencyService } from './service.ts';

const ADMIN = { access: 'admin' } as const;
const TAGS = ['admin'];

export const adminAgencyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = adminAgencyService({ db: app.db });

  app.get(
    '/api/admin/agencies',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAgencyList',
        summary: '代理商列表（后台）',
        description: '所有代理商（含停用），按顺序；可按名称或城市关键词、启用状态筛选。联系电话完整显示。',
        querystring: AdminAgencyListQuery,
        response: { 200: Envelope(AdminAgencyPage), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.agencies(request.query)),
  );

  app.get(
    '/api/admin/agencies/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAgencyGet',
        summary: '代理商详情（后台）',
        description: '一个代理商的全部字段；不存在为 code 6。',
        params: AdminContentIdParams,
        response: { 200: Envelope(AdminAgencyRow), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.agency(request.params.id)),
  );

  app.post(
    '/api/admin/agencies',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAgencyCreate',
        summary: '新增代理商',
        description: '新增代理商；标志图按上传编号（须为本人或运营上传的图片）。记一条审计。',
        body: AdminAgencyBody,
        response: { 200: Envelope(AdminAgencyRow), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.createAgency(auditContext(request), request.user!, request.body)),
  );

  app.put(
    '/api/admin/agencies/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAgencyUpdate',
        summary: '修改代理商',
        description: '改写代理商；未传的可选字段保持原值，active 为 false 即在门户隐藏。记一条审计。',
        params: AdminContentIdParams,
        body: AdminAgencyBody,
        response: { 200: Envelope(AdminAgencyRow), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(await service.updateAgency(auditContext(request), request.user!, request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/agencies/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAgencyDelete',
        summary: '删除代理商',
        description: '删除代理商。记一条审计。',
        params: AdminContentIdParams,
        response: { 200: Envelope(AdminDeleted), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.deleteAgency(auditContext(request), request.params.id)),
  );
};
