/**
 * Articles (API.md "article"): the paged list of one category (/morepage uses the `index`
 * category) and an article's detail. A members-only article shows a visitor its summary and
 * `loginRequired: true`; the full text needs a login. Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ArticleDetail,
  ArticlePageQuery,
  ArticleSummary,
  Envelope,
  ErrorResponses,
  Id,
  IndexWeeklyReviews,
  Page,
} from '@steelport/contracts';
import { Type } from 'typebox';
import { ok } from '../../plugins/envelope.ts';
import { articleService } from './service.ts';

const articleModule: FastifyPluginAsyncTypebox = async (app) => {
  const articles = articleService({ db: app.db });

  app.get(
    '/api/ma/article/pageByCategoryId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['article'],
        operationId: 'articlePageByCategory',
        summary: '某分类的文章（分页）；categoryId 或 categoryCode（如 index 指数分析）',
        description:
          '某分类已发布的文章，最新在前，分页；分类用 categoryId 或稳定的 categoryCode（如 index 指数分析）指定，二者必给其一。',
        querystring: ArticlePageQuery,
        response: { 200: Envelope(Page(ArticleSummary)), ...ErrorResponses },
      },
    },
    async (request) => ok(await articles.page(request.query)),
  );

  app.get(
    '/api/ma/article/index-weekly',
    {
      config: { access: 'public' },
      schema: {
        tags: ['article'],
        operationId: 'articleIndexWeekly',
        summary: '各指数最新一期周评（系统根据指数数据自动生成）',
        description:
          '每个启用的指数最新一篇已发布的周评，按指数展示顺序；周评由每日指数任务根据已存指数数据生成（generated 为 true），会员文章同样只列摘要。',
        response: { 200: Envelope(IndexWeeklyReviews), ...ErrorResponses },
      },
    },
    async () => ok(await articles.indexWeekly()),
  );

  app.get(
    '/api/web/2.0/article/detail/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['article'],
        operationId: 'articleDetail',
        summary: '文章详情；会员文章对游客只给摘要并标 loginRequired',
        description: '一篇已发布文章的详情并计一次阅读；会员文章对游客只给摘要、正文为空并标 loginRequired。',
        params: Type.Object({ id: Id('文章 id') }),
        response: { 200: Envelope(ArticleDetail), ...ErrorResponses },
      },
    },
    async (request) => ok(await articles.detail(request.params.id, request.user)),
  );
};

export default articleModule;
