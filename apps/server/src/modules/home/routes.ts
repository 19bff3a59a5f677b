/** The home page's own reads (the other blocks use the quotation, index and content endpoints). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorResponses, NewestCargo } from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { homeService } from './service.ts';

const homeModule: FastifyPluginAsyncTypebox = async (app) => {
  const home = homeService({ db: app.db });

  app.get(
    '/api/web/2.0/home/newestCargo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cargo'],
        operationId: 'homeNewestCargo',
        summary: '首页最新现货',
        description:
          '最近更新的在售现货（首页“最新现货”），不含联系方式；不计入现货搜索的防爬次数，应答缓存 60 秒。',
        response: { 200: Envelope(NewestCargo), ...ErrorResponses },
      },
    },
    async () => ok(await home.newestCargo()),
  );
};

export default homeModule;
