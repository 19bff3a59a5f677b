/**
 * The console's home announcements under `/api/admin/announcements`: list, get, create, update, delete.
 * Every route is access admin (anyone else: code 4 or 5); every write leaves one audit row.
 * Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminAnnouncementBody,
  AdminAnnouncementListQuery,
  AdminAnnouncementPage,
  AdminAnnouncementRow,
  AdminContentIdParams,
  AdminDeleted,
  Envelope,
  ErrorResponses,
} from '@steelport/contracts';
import { ok } from '../../../plugins/envelope.ts';
import { auditContext } from '../../audit/service.ts';
import { adminAnnouncementService } from './service.ts';

const ADMIN = { access: 'admin' } as const;
const TAGS = ['admin'];

export const adminAnnouncementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = adminAnnouncementService({ db: app.db });

  app.get(
    '/api/admin/announcements',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAnnouncementList',
        summary: '首页公告列表（后台）',
        description: '所有首页公告，新者在前；live 标出首页当前展示的一条（启用且在展示期内的最新一条）。',
        querystring: AdminAnnouncementListQuery,
        response: { 200: Envelope(AdminAnnouncementPage), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.announcements(request.query)),
  );

  app.get(
    '/api/admin/announcements/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAnnouncementGet',
        summary: '首页公告详情（后台）',
        description: '一条公告；不存在为 code 6。',
        params: AdminContentIdParams,
        response: { 200: Envelope(AdminAnnouncementRow), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.announcement(request.params.id)),
  );

  app.post(
    '/api/admin/announcements',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAnnouncementCreate',
        summary: '发布首页公告',
        description: '新增首页公告；首页展示启用且在展示期内的最新一条，立即生效（不缓存）。记一条审计。',
        body: AdminAnnouncementBody,
        response: { 200: Envelope(AdminAnnouncementRow), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.createAnnouncement(auditContext(request), request.body)),
  );

  app.put(
    '/api/admin/announcements/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAnnouncementUpdate',
        summary: '修改首页公告',
        description: '改写公告；未传的可选字段保持原值，active 为 false 即撤下。记一条审计。',
        params: AdminContentIdParams,
        body: AdminAnnouncementBody,
        response: { 200: Envelope(AdminAnnouncementRow), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(await service.updateAnnouncement(auditContext(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/announcements/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAnnouncementDelete',
        summary: '删除首页公告',
        description: '删除一条公告。记一条审计。',
        params: AdminContentIdParams,
        response: { 200: Envelope(AdminDeleted), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.deleteAnnouncement(auditContext(request), request.params.id)),
  );
};
