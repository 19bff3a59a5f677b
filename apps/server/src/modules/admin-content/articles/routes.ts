/**
 * The console's articles under `/api/admin/articles`: list, get, create, update, delete.
 * Every route is access admin (anyone else: code 4 or 5); every write leaves one audit row.
 * Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminArticleBody,
  AdminArticleDetail,
  AdminArticleListQuery,
  AdminArticlePage,
  AdminContentIdParams,
  AdminDeleted,
  Envelope,
  ErrorResponses,
} from '@steelport/contracts';
import { ok } from '../../../plugins/envelope.ts';
import { auditContext } from '../../audit/service.ts';
import { adminArticleService } from './service.ts';

const ADMIN = { access: 'admin' } as const;
const TAGS = ['admin'];

export const adminArticleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = adminArticleService({ db: app.db });

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
    async (request) => ok(await service.articles(request.query)),
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
    async (request) => ok(await service.article(request.params.id)),
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
    async (request) => ok(await service.createArticle(auditContext(request), request.user!, request.body)),
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
      ok(await service.updateArticle(auditContext(request), request.user!, request.params.id, request.body)),
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
    async (request) => ok(await service.deleteArticle(auditContext(request), request.params.id)),
  );
};
