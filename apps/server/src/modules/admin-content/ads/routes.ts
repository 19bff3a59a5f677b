/**
 * The console's ads and banners under `/api/admin/ads`: list, get, create, update, delete.
 * Every route is access admin (anyone else: code 4 or 5); every write leaves one audit row.
 * Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminAdBody,
  AdminAdListQuery,
  AdminAdPage,
  AdminAdRow,
  AdminContentIdParams,
  AdminDeleted,
  Envelope,
  ErrorResponses,
} from '@steelport/contracts';
import { ok } from '../../../plugins/envelope.ts';
import { auditContext } from '../../audit/service.ts';
import { adminAdService } from './service.ts';

const ADMIN = { access: 'admin' } as const;
const TAGS = ['admin'];

/** How to make the portal's ad answers forget an edited ad. */
export interface AdminAdOptions {
  onAdsChanged?: () => void;
}

export const adminAdRoutes: FastifyPluginAsyncTypebox<AdminAdOptions> = async (app, opts) => {
  const service = adminAdService({
    db: app.db,
    ...(opts.onAdsChanged ? { onAdsChanged: opts.onAdsChanged } : {}),
  });

  app.get(
    '/api/admin/ads',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAdList',
        summary: '广告列表（后台）',
        description: '所有广告与轮播图（含停用、未开始、已过期），按广告位与顺序；live 标出门户当前投放的。',
        querystring: AdminAdListQuery,
        response: { 200: Envelope(AdminAdPage), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.ads(request.query)),
  );

  app.get(
    '/api/admin/ads/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAdGet',
        summary: '广告详情（后台）',
        description: '一条广告的全部字段；不存在为 code 6。',
        params: AdminContentIdParams,
        response: { 200: Envelope(AdminAdRow), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.ad(request.params.id)),
  );

  app.post(
    '/api/admin/ads',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAdCreate',
        summary: '新增广告或轮播图',
        description:
          '新增广告：图片按上传编号（必填，须为本人或运营上传的图片）；投放期可留空；门户按广告位缓存 30 秒，所以开始、修改后最迟 30 秒可见。记一条审计。',
        body: AdminAdBody,
        response: { 200: Envelope(AdminAdRow), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.createAd(auditContext(request), request.user!, request.body)),
  );

  app.put(
    '/api/admin/ads/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAdUpdate',
        summary: '修改广告',
        description:
          '改写广告；未传的可选字段保持原值（图片不传保留），投放期传 null 为不限。门户最迟 30 秒后可见。记一条审计。',
        params: AdminContentIdParams,
        body: AdminAdBody,
        response: { 200: Envelope(AdminAdRow), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(await service.updateAd(auditContext(request), request.user!, request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/ads/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminAdDelete',
        summary: '删除广告',
        description: '删除广告；门户最迟 30 秒后不再显示。记一条审计。',
        params: AdminContentIdParams,
        response: { 200: Envelope(AdminDeleted), ...ErrorResponses },
      },
    },
    async (request) => ok(await service.deleteAd(auditContext(request), request.params.id)),
  );
};
