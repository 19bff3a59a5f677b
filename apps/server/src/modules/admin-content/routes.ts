/**
 * The operator console's content (issue 18): list, get, create, update and delete of articles,
 * market dynamics, agencies, ads and banners, and home announcements under `/api/admin/...`.
 * Every route is access admin (anyone else: code 4 or 5); every write leaves one audit row.
 * Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminAdBody,
  AdminAdListQuery,
  AdminAdPage,
  AdminAdRow,
  AdminAffairBody,
  AdminAffairDetail,
  AdminAffairListQuery,
  AdminAffairPage,
  AdminAgencyBody,
  AdminAgencyListQuery,
  AdminAgencyPage,
  AdminAgencyRow,
  AdminAnnouncementBody,
  AdminAnnouncementListQuery,
  AdminAnnouncementPage,
  AdminAnnouncementRow,
  AdminArticleBody,
  AdminArticleDetail,
  AdminArticleListQuery,
  AdminArticlePage,
  AdminContentIdParams,
  AdminDeleted,
  Envelope,
  ErrorResponses,
} from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { auditContext } from '../audit/service.ts';
import { adminContentService } from './service.ts';

const ADMIN = { access: 'admin' } as const;
const TAGS = ['admin'];

/** What app.ts hands the console: how to make the portal's ad answers forget an edited ad. */
export interface AdminContentOptions {
  onAdsChanged?: () => void;
}

const adminContentModule: FastifyPluginAsyncTypebox<AdminContentOptions> = async (app, opts) => {
  const content = adminContentService({
    db: app.db,
    ...(opts.onAdsChanged ? { onAdsChanged: opts.onAdsChanged } : {}),
  });

  // ---------------------------------------------------------------- articles

  app.get(
    '/api/admin/articles',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminArticleList',
        summary: '文章列表（后台）',
        description:
          '所有状态的文章（草稿、已发布、定时、已下线），按发布时间新者在前；可按标题关键词、分类、状态筛选。',
        querystring: AdminArticleListQuery,
        response: { 200: Envelope(AdminArticlePage), ...ErrorResponses },
      },
    },
    async (request) => ok(await content.articles(request.query)),
  );

  app.get(
    '/api/admin/articles/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminArticleGet',
        summary: '文章详情（后台）',
        description: '一篇文章的全部字段与正文，任何状态；不存在为 code 6。',
        params: AdminContentIdParams,
        response: { 200: Envelope(AdminArticleDetail), ...ErrorResponses },
      },
    },
    async (request) => ok(await content.article(request.params.id)),
  );

  app.post(
    '/api/admin/articles',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminArticleCreate',
        summary: '发布文章',
        description:
          '新建文章：正文 HTML 在服务端净化（去除脚本、事件、样式）；封面按上传编号（须为本人或运营上传的图片，否则 code 6）；发布时间晚于现在即定时发布；会员文章对游客只给摘要。记一条审计。',
        body: AdminArticleBody,
        response: { 200: Envelope(AdminArticleDetail), ...ErrorResponses },
      },
    },
    async (request) => ok(await content.createArticle(auditContext(request), request.user!, request.body)),
  );

  app.put(
    '/api/admin/articles/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminArticleUpdate',
        summary: '修改文章',
        description:
          '整篇改写文章；未传的可选字段保持原值（封面不传保留、null 去掉）。状态改为 hidden 即下线。系统据数据生成的文章不能修改（code 1）。记一条审计（改前、改后）。',
        params: AdminContentIdParams,
        body: AdminArticleBody,
        response: { 200: Envelope(AdminArticleDetail), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(await content.updateArticle(auditContext(request), request.user!, request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/articles/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminArticleDelete',
        summary: '删除文章',
        description: '删除文章及其标签关联；只想从门户撤下请把状态改为 hidden。记一条审计（删前的文章）。',
        params: AdminContentIdParams,
        response: { 200: Envelope(AdminDeleted), ...ErrorResponses },
      },
    },
    async (request) => ok(await content.deleteArticle(auditContext(request), request.params.id)),
  );

  // ---------------------------------------------------------------- market dynamics

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
    async (request) => ok(await content.affairs(request.query)),
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
    async (request) => ok(await content.affair(request.params.id)),
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
    async (request) => ok(await content.createAffair(auditContext(request), request.user!, request.body)),
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
      ok(await content.updateAffair(auditContext(request), request.user!, request.params.id, request.body)),
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
    async (request) => ok(await content.deleteAffair(auditContext(request), request.params.id)),
  );

  // ---------------------------------------------------------------- agencies

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
    async (request) => ok(await content.agencies(request.query)),
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
    async (request) => ok(await content.agency(request.params.id)),
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
    async (request) => ok(await content.createAgency(auditContext(request), request.user!, request.body)),
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
      ok(await content.updateAgency(auditContext(request), request.user!, request.params.id, request.body)),
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
    async (request) => ok(await content.deleteAgency(auditContext(request), request.params.id)),
  );

  // ---------------------------------------------------------------- ads

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
    async (request) => ok(await content.ads(request.query)),
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
    async (request) => ok(await content.ad(request.params.id)),
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
    async (request) => ok(await content.createAd(auditContext(request), request.user!, request.body)),
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
      ok(await content.updateAd(auditContext(request), request.user!, request.params.id, request.body)),
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
    async (request) => ok(await content.deleteAd(auditContext(request), request.params.id)),
  );

  // ---------------------------------------------------------------- home announcements

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
    async (request) => ok(await content.announcements(request.query)),
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
    async (request) => ok(await content.announcement(request.params.id)),
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
    async (request) => ok(await content.createAnnouncement(auditContext(request), request.body)),
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
      ok(await content.updateAnnouncement(auditContext(request), request.params.id, request.body)),
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
    async (request) => ok(await content.deleteAnnouncement(auditContext(request), request.params.id)),
  );
};

export default adminContentModule;
