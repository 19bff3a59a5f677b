/**
 * Shared processing (共享加工, /process; docs/api.md#processing): offers, menus, and a member's
 * enquiry or group-order join. Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponses,
  Page,
  PROCESSING_LIMITS,
  ProcessingEnquiryParams,
  ProcessingEnquiryQuery,
  ProcessingEnquiryResult,
  ProcessingMenus,
  ProcessingOffer,
  ProcessingQuery,
} from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { openCheckService } from '../open-check/service.ts';
import { processingService } from './service.ts';

const processingModule: FastifyPluginAsyncTypebox<{
  services?: ReturnType<typeof openCheckService>;
}> = async (app, opts) => {
  // app.ts hands in the one openCheck the console forgets after a flip
  const services = opts.services ?? openCheckService({ db: app.db });
  const processing = processingService({ db: app.db, services });

  app.get(
    '/api/web/2.0/shareMach',
    {
      config: { access: 'public' },
      schema: {
        tags: ['processing'],
        operationId: 'processingOffers',
        summary: '共享加工：加工厂报价与拼单',
        description:
          '加工厂的空闲产能报价：加工类型（分条、开平、纵剪、横切）、厚度与宽度范围、城市、加工费（元/吨）、空闲产能，及拼单（目标吨位、已拼吨位、进度、截止日期、状态）。可按加工类型、城市、厚度、宽度筛选，只看可加入的拼单，按价格、产能或截止日期排序；分页。登录后另给出本人已拼的吨位。',
        querystring: ProcessingQuery,
        response: { 200: Envelope(Page(ProcessingOffer)), ...ErrorResponses },
      },
    },
    async (request) => ok(await processing.offers(request.query, request.user?.id ?? null)),
  );

  app.get(
    '/api/web/2.0/shareMach/getMenus',
    {
      config: { access: 'public' },
      schema: {
        tags: ['processing'],
        operationId: 'processingMenus',
        summary: '共享加工筛选菜单',
        description: '共享加工的筛选菜单：各加工类型与城市的报价数，以及可加入的拼单数。',
        response: { 200: Envelope(ProcessingMenus), ...ErrorResponses },
      },
    },
    async () => ok(await processing.menus()),
  );

  app.get(
    '/api/web/shareMach/enquiry/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['processing'],
        operationId: 'processingEnquiry',
        summary: '询价或加入拼单，获取加工厂联系方式',
        description: `登录会员询价或加入拼单：不带 tonnes 为询价；带 tonnes（1-${PROCESSING_LIMITS.joinTonnesMax} 的整数吨）为加入拼单，不能超过剩余可拼吨位，再次加入即改为新的吨位（每人每单一份）。返回加工厂联系人、电话、地址与拼单现状。拼单已截止、已满或服务暂未开放返回 code 1，报价不存在返回 code 6。`,
        params: ProcessingEnquiryParams,
        querystring: ProcessingEnquiryQuery,
        response: { 200: Envelope(ProcessingEnquiryResult), ...ErrorResponses },
      },
    },
    async (request) => ok(await processing.enquire(request.params.id, request.user!.id, request.query)),
  );
};

export default processingModule;
