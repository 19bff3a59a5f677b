/**
 * The steel index API (docs/api.md#steel-index): definitions with their latest day, chart
 * series with history depth by access, the Index day series (docs/api.md#index-fields) for
 * chosen ids and dates, saturation, the day's deal information, and the operators' on-demand
 * recompute. Thin: the rules, the cache and the job live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChartData,
  ChartDataBody,
  DealInformation,
  Envelope,
  ErrorResponses,
  IndexAll,
  IndexAllQuery,
  IndexCorrectionsPage,
  IndexCorrectionsQuery,
  IndexInfo,
  IndexInfoCompact,
  RecomputeBody,
  RecomputeResult,
  Saturation,
  SaturationBody,
} from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { acceptsGzip, chartDataBytes, varyOnEncoding } from './present-json.ts';
import { type SteelIndexService, steelIndexService } from './service.ts';

/** `index`: the app's one index service, shared with the console so a correction clears its caches. */
const steelIndexModule: FastifyPluginAsyncTypebox<{ index?: SteelIndexService }> = async (app, opts) => {
  const index = opts.index ?? steelIndexService({ db: app.db, engine: app.database.engine });

  app.get(
    '/api/web/2.0/index/indexInfo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['index'],
        operationId: 'indexInfo',
        summary: '指数定义及各指数最新一日（指数行字段）',
        description: '全部启用的指数定义、各指数最新一日的指数行，以及已计算的最早、最新日期。',
        response: { 200: Envelope(IndexInfo), ...ErrorResponses },
      },
    },
    async () => ok(await index.info()),
  );

  app.get(
    '/api/ma/index/indexInfo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['index'],
        operationId: 'indexInfoCompact',
        summary: '指数列表（精简，供指数文章页侧栏）',
        description: '每个指数一行：名称及最新一日的价格、点位和涨跌；尚未计算的指数各值为空。',
        response: { 200: Envelope(IndexInfoCompact), ...ErrorResponses },
      },
    },
    async () => ok(await index.compactInfo()),
  );

  app.get(
    '/api/web/2.0/index/chartData/index-all',
    {
      config: { access: 'public' },
      schema: {
        tags: ['index'],
        operationId: 'indexChartDataAll',
        summary: '全部（或所选）指数的日序列；游客30天、会员1年、VIP全部',
        description:
          '全部（或 ids 所选）指数在区间内的日序列；区间默认最新一日及之前一个月，超出可见深度时从可见的最早一日开始并以 limitedBy 说明。',
        querystring: IndexAllQuery,
        response: { 200: Envelope(IndexAll), ...ErrorResponses },
      },
    },
    async (request) => ok(await index.chartSeries(request.user, request.query)),
  );

  app.post(
    '/api/web/index/chartData/all',
    {
      config: { access: 'public' },
      schema: {
        tags: ['index'],
        operationId: 'indexChartDataDays',
        summary: '所选指数的日数据（指数日字段）：按日期列表或区间；跨日对比用两个日期',
        description:
          '所选指数的指数日数据：给出 dates 时按日期列表（不可见的日期被略去），否则按区间；跨日对比用两个日期。',
        body: ChartDataBody,
        response: { 200: Envelope(ChartData), ...ErrorResponses },
      },
      // The answer's bytes and their gzip are kept with the cached series (present-json.ts):
      // compressing a ten-year series again for every browser cost more than all else.
      compress: false,
    },
    async (request, reply) => {
      const answer = await index.chartDays(request.user, request.body);
      // Sent as the kept bytes, written once as `ok(answer)` would be; a refusal is thrown
      // before this and written as every other. Fastify sends a Buffer as it is, past the
      // response schema's serializer, which types `send` for the object (hence `as never`).
      const bytes = chartDataBytes(answer);
      reply.type('application/json; charset=utf-8').header('vary', varyOnEncoding(reply.getHeader('vary')));
      if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(bytes.json as never);
      const zipped = await bytes.gzip();
      return reply.header('content-encoding', 'gzip').send(zipped as never);
    },
  );

  app.post(
    '/api/web/index/chartData/saturation',
    {
      config: { access: 'public' },
      schema: {
        tags: ['index'],
        operationId: 'indexSaturation',
        summary: '库容饱和度（qqdata 饱和度%、trade_weight 挂牌量吨、sub 较前日变化百分点）',
        description: '某市场（默认全国）样本仓库的库容饱和度日序列；可见深度同指数。',
        body: SaturationBody,
        response: { 200: Envelope(Saturation), ...ErrorResponses },
      },
      // Every field is optional: an empty POST asks for the nationwide default.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => ok(await index.saturation(request.user, request.body)),
  );

  app.get(
    '/api/web/2.0/index/dataDeal-information',
    {
      config: { access: 'public' },
      schema: {
        tags: ['index'],
        operationId: 'indexDealInformation',
        summary: '最新一日成交信息：按品种、按市场汇总及成交较大的仓库明细',
        description: '仓库日报最新一日的成交：按品种、按市场汇总，以及成交量最大的仓库明细（最多12条）。',
        response: { 200: Envelope(DealInformation), ...ErrorResponses },
      },
    },
    async () => ok(await index.dealInformation()),
  );

  app.get(
    '/api/web/2.0/index/corrections',
    {
      config: { access: 'public' },
      schema: {
        tags: ['index'],
        operationId: 'indexCorrections',
        summary: '指数更正记录（指数说明页公示）',
        description:
          '运营人员对指数某日数据的更正，最新在前：日期、指数、更正的字段由原值到新值（价格元/吨、重量吨）及原因；可按指数筛选，分页。',
        querystring: IndexCorrectionsQuery,
        response: { 200: Envelope(IndexCorrectionsPage), ...ErrorResponses },
      },
    },
    async (request) => ok(await index.corrections(request.query)),
  );

  app.post(
    '/api/admin/index/recompute',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminRecomputeIndex',
        summary: '立即重算指数（默认最新一日及前一日）；多实例时仅一个实例执行',
        description:
          '按已存的仓库日报与报价重算 from 至 to 的指数与饱和度（默认最新一日及前一日，最多3660天）；多实例时仅一个实例执行，其余答 ran=false。',
        body: RecomputeBody,
        response: { 200: Envelope(RecomputeResult), ...ErrorResponses },
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const result = await index.recompute(request.body);
      request.log.info({ result, by: request.user?.id }, 'index recomputed on demand');
      return ok(result);
    },
  );
};

export default steelIndexModule;
