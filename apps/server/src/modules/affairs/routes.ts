/**
 * Market dynamics (docs/api.md#market-dynamics-agencies-and-ads): the public list and one item,
 * at the paths the portal's client calls. Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AffairDetail,
  AffairPageQuery,
  AffairSummary,
  ContentIdParams,
  Envelope,
  ErrorResponses,
  Page,
} from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { affairsService } from './service.ts';

const affairsModule: FastifyPluginAsyncTypebox = async (app) => {
  const affairs = affairsService({ db: app.db });

  app.get(
    '/api/web/commercialAffairs/findPageWithoutLogin',
    {
      config: { access: 'public' },
      schema: {
        tags: ['affairs'],
        operationId: 'affairsPage',
        summary: '市场动态列表（免登录，分页，可按类型筛选）',
        description:
          '已发布的市场动态，最新在前：钢厂调价、新库开业、会展活动与市场快讯；kind 筛选类型，page/pageSize 分页（每页最多 50 条）。',
        querystring: AffairPageQuery,
        response: { 200: Envelope(Page(AffairSummary)), ...ErrorResponses },
      },
    },
    async (request) => ok(await affairs.page(request.query)),
  );

  app.get(
    '/api/web/commercialAffairs/getDetail/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['affairs'],
        operationId: 'affairsDetail',
        summary: '市场动态详情',
        description:
          '一条已发布市场动态的正文并计一次阅读，附列表中的上一条（更新的）与下一条（更早的）；不存在或已下线时 code 6。',
        params: ContentIdParams,
        response: { 200: Envelope(AffairDetail), ...ErrorResponses },
      },
    },
    async (request) => ok(await affairs.detail(request.params.id)),
  );
};

export default affairsModule;
