/**
 * Articles (API.md "article"): the paged list of one category (/morepage uses the `index`
 * category) and an article's detail. A members-only article shows a visitor its summary and
 * `loginRequired: true`; the full text needs a login.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ArticleDetail,
  ArticlePageQuery,
  ArticleSummary,
  Envelope,
  ErrorResponses,
  Page,
} from '@steelport/contracts';
import { Type } from 'typebox';
import { Invalid, NotFound } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { addView, categoryIdByCode, findPublished, pageByCategory } from './repo.ts';

const articleModule: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/ma/article/pageByCategoryId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['article'],
        summary: '某分类的文章（分页）；categoryId 或 categoryCode（如 index 指数分析）',
        querystring: ArticlePageQuery,
        response: { 200: Envelope(Page(ArticleSummary)), ...ErrorResponses },
      },
    },
    async (request) => {
      const { categoryId, categoryCode, page, pageSize } = request.query;
      if (categoryId === undefined && categoryCode === undefined) {
        throw new Invalid('参数错误：categoryId 不能为空');
      }
      const id = categoryId ?? (await categoryIdByCode(app.db, categoryCode as string));
      if (id === null) return ok({ list: [], total: 0, page, pageSize });
      const { list, total } = await pageByCategory(app.db, id, page, pageSize);
      return ok({
        list: list.map((a) => ({ ...a, publishedAt: a.publishedAt.toISOString() })),
        total,
        page,
        pageSize,
      });
    },
  );

  app.get(
    '/api/web/2.0/article/detail/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['article'],
        summary: '文章详情；会员文章对游客只给摘要并标 loginRequired',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
        response: { 200: Envelope(ArticleDetail), ...ErrorResponses },
      },
    },
    async (request) => {
      const article = await findPublished(app.db, request.params.id);
      if (!article) throw new NotFound('文章不存在或已下线');
      await addView(app.db, article.id);
      const loginRequired = article.membersOnly && !request.user;
      return ok({
        ...article,
        publishedAt: article.publishedAt.toISOString(),
        contentHtml: loginRequired ? '' : article.contentHtml,
        loginRequired,
      });
    },
  );
};

export default articleModule;
