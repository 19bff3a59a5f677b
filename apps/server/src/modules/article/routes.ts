/**
 * Articles (docs/api.md#articles): the paged list of one category (/morepage uses the `index`
 * category) and an article's detail. A members-only article shows a visitor its summary and
 * `loginRequired: true`; the full text needs a login. Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ArticleDetail,
  ArticleHeadlines,
  ArticleHeadlinesQuery,
  ArticleListQuery,
  ArticlePageQuery,
  ArticleSummary,
  CategoryLabelValues,
  Envelope,
  ErrorResponses,
  Id,
  IndexWeeklyReviews,
  Page,
  TagList,
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

  app.get(
    '/api/web/article/detail-login/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['article'],
        operationId: 'articleDetailLogin',
        summary: '会员文章全文（需登录）',
        description:
          '登录会员读取一篇已发布文章的全文（含会员文章）并计一次阅读；文章不存在或已下线为 code 6。',
        params: Type.Object({ id: Id('文章 id') }),
        response: { 200: Envelope(ArticleDetail), ...ErrorResponses },
      },
    },
    async (request) => ok(await articles.detailForMember(request.params.id)),
  );

  app.get(
    '/api/web/2.0/article/index',
    {
      config: { access: 'public' },
      schema: {
        tags: ['article'],
        operationId: 'articleHeadlines',
        summary: '资讯首页：最新头条与各分类最新文章',
        description:
          '最新发布的几篇文章（头条），以及每个启用分类最新的 size 篇（默认 5 篇），分类按展示顺序；会员文章同样只列摘要。',
        querystring: ArticleHeadlinesQuery,
        response: { 200: Envelope(ArticleHeadlines), ...ErrorResponses },
      },
    },
    async (request) => ok(await articles.headlines(request.query)),
  );

  app.get(
    '/api/web/2.0/article/page',
    {
      config: { access: 'public' },
      schema: {
        tags: ['article'],
        operationId: 'articleList',
        summary: '资讯列表：按分类、标签、关键词筛选（分页）',
        description:
          '已发布文章，最新在前，分页；可按分类（categoryId 或 categoryCode）、标签（tagId）与关键词（标题和摘要）筛选，条件可组合。不存在的分类或标签 id 为 code 6。',
        querystring: ArticleListQuery,
        response: { 200: Envelope(Page(ArticleSummary)), ...ErrorResponses },
      },
    },
    async (request) => ok(await articles.list(request.query)),
  );

  app.get(
    '/api/common/tag/list',
    {
      config: { access: 'public' },
      schema: {
        tags: ['article'],
        operationId: 'articleTagList',
        summary: '文章标签及其文章数',
        description: '带有已发布文章的标签及各自的文章数，按排序与文章数。',
        response: { 200: Envelope(TagList), ...ErrorResponses },
      },
    },
    async () => ok(await articles.tags()),
  );

  app.get(
    '/ma/article/category/labelValue',
    {
      config: { access: 'public' },
      schema: {
        tags: ['article'],
        operationId: 'articleCategoryLabelValue',
        summary: '文章分类（label/value，供下拉选择）',
        description:
          '启用的文章分类，按展示顺序，形如 { label, value, code }；路径无 /api 前缀（沿用规格）。',
        response: { 200: Envelope(CategoryLabelValues), ...ErrorResponses },
      },
    },
    async () => ok(await articles.labelValues()),
  );
};

export default articleModule;
