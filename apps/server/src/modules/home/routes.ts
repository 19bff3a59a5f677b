/** The home page's own reads (the other blocks use the quotation, index and content endpoints). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorResponses, HomeAnnouncement, NewestCargo } from '@steelport/contracts';
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

  app.get(
    '/api/web/2.0/home/announcement',
    {
      config: { access: 'public' },
      schema: {
        tags: ['common'],
        operationId: 'homeAnnouncement',
        summary: '首页公告',
        description:
          '首页当前展示的公告：运营在后台发布的、已启用且在展示期内的最新一条；没有则 data 为 null。不缓存，后台修改后下次访问即生效。',
        response: { 200: Envelope(HomeAnnouncement), ...ErrorResponses },
      },
    },
    async () => ok(await home.announcement()),
  );
};

export default homeModule;
