/** Ads (docs/api.md#market-dynamics-agencies-and-ads): the active ads of one position. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdList, AdQuery, Envelope, ErrorResponses } from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import type { AdService } from './service.ts';

/** The ad service app.ts creates once, so the operator console can forget its cache. */
export interface AdModuleOptions {
  ads: AdService;
}

const adModule: FastifyPluginAsyncTypebox<AdModuleOptions> = async (app, { ads }) => {
  app.get(
    '/api/web/2.0/ad/getByPositionName',
    {
      config: { access: 'public' },
      schema: {
        tags: ['ad'],
        operationId: 'adByPosition',
        summary: '某广告位当前投放的广告',
        description:
          '广告位（homeBanner 首页轮播、floatAd 浮动广告、sideBar 侧栏、listTop 列表顶部）中已启用且在投放期内的广告，按顺序；未启用、已过期和未开始的广告不返回。应答缓存 30 秒。其他广告位名称（无论何种文字）返回 code 2，消息列出已知广告位。',
        querystring: AdQuery,
        response: { 200: Envelope(AdList), ...ErrorResponses },
      },
    },
    async (request) => ok(await ads.byPosition(request.query.positionName)),
  );
};

export default adModule;
