/**
 * Agencies (docs/api.md#market-dynamics-agencies-and-ads): the filtered list and one agency.
 * Public; a visitor gets masked phones. Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AgencyDetail,
  AgencyPage,
  AgencyPageQuery,
  ContentIdParams,
  Envelope,
  ErrorResponses,
} from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { agencyService } from './service.ts';

const agencyModule: FastifyPluginAsyncTypebox = async (app) => {
  const agency = agencyService({ db: app.db });

  app.get(
    '/api/web/2.0/agency/page',
    {
      config: { access: 'public' },
      schema: {
        tags: ['agency'],
        operationId: 'agencyPage',
        summary: '代理商列表（按大区、品牌、关键词筛选，分页）',
        description:
          '钢厂代理商与经销商：代理品牌、经营品名、所在地与联系方式；游客看到打码电话且无联系人，登录后可见。附可选的大区与品牌。',
        querystring: AgencyPageQuery,
        response: { 200: Envelope(AgencyPage), ...ErrorResponses },
      },
    },
    async (request) => ok(await agency.page(request.query, request.user)),
  );

  app.get(
    '/api/web/2.0/agency/detail/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['agency'],
        operationId: 'agencyDetail',
        summary: '代理商详情',
        description:
          '一家代理商的品牌、品名、地址、简介与联系方式（游客电话打码）；不存在或已下线时 code 6。',
        params: ContentIdParams,
        response: { 200: Envelope(AgencyDetail), ...ErrorResponses },
      },
    },
    async (request) => ok(await agency.detail(request.params.id, request.user)),
  );
};

export default agencyModule;
