/** GET /api/ma/common/openCheck: which trade services are open (the menu shows 即将开放 for the rest). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorResponses, OpenCheck } from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { openCheckService } from './service.ts';

const openCheckModule: FastifyPluginAsyncTypebox<{ services?: ReturnType<typeof openCheckService> }> = async (
  app,
  opts,
) => {
  // app.ts hands in the one instance the console's switches forget after a flip
  const services = opts.services ?? openCheckService({ db: app.db });

  app.get(
    '/api/ma/common/openCheck',
    {
      config: { access: 'public' },
      schema: {
        tags: ['common'],
        operationId: 'commonOpenCheck',
        summary: '服务开放状态（验货、仓库自助、共享加工、在线支付）',
        description:
          '各项交易服务是否已开放：services 按菜单顺序列出 key、名称、是否开放与说明，open 为 key -> 是否开放。未开放的服务门户显示“即将开放”。各实例缓存 5 秒。',
        response: { 200: Envelope(OpenCheck), ...ErrorResponses },
      },
    },
    async () => ok(await services.check()),
  );
};

export default openCheckModule;
