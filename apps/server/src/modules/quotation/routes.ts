/**
 * Today's quotations (/beginMain), the trader firm pages (/firminfo/{userId}) and the
 * active-trader ranking. Paths are the portal's (docs/api.md#quotations; getRank in
 * docs/api.md#common). Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActivityRank,
  Envelope,
  ErrorResponses,
  FirmParams,
  FirmQuotePage,
  FirmQuoteQuery,
  QuotationFilter,
  QuotationMenu,
  QuotationPage,
  QuotationSearch,
  QuotationThreePage,
  QuotationThreeSearch,
  QuotationTotals,
  RANK_WEIGHTS,
  RankQuery,
} from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { clientKey } from '../../plugins/rate-limit.ts';
import type { LotModuleOptions } from '../search/lots.ts';
import { MAX_RESULT_WINDOW } from '../search/service.ts';
import { quotationService } from './service.ts';

const TOO_MANY = '搜索过于频繁时返回 code 7，需先通过图片验证码（/api/web/searchCargo/checkImg）。';
const DAY_RULE = '不填 date 为最近报价日：今天，今天尚无报价时为此前最近有报价的一天。';

const quotationModule: FastifyPluginAsyncTypebox<LotModuleOptions> = async (app, opts) => {
  const quotes = quotationService({
    db: app.db,
    store: app.store,
    dictionary: opts.dictionary,
    searchesPerMinute: app.config.searchesPerMinute,
    onRefreshError: (err, key) => app.log.warn({ err, key }, 'background recount failed'),
  });
  if (app.config.warmUp) {
    app.addHook('onReady', async () => {
      const started = performance.now();
      await quotes.warm();
      app.log.info({ ms: Math.round(performance.now() - started) }, 'quotation caches warmed');
    });
  }

  app.post(
    '/api/web/2.0/quotation/list-index',
    {
      config: { access: 'public' },
      schema: {
        tags: ['quotation'],
        operationId: 'quotationListIndex',
        summary: '今日报价：筛选、关键词识别、排序、分页；涨跌较该贸易商同一品项上一次报价',
        description: `今日报价列表：按品名、材质、规格或厚度/宽度范围、产地、城市、仓库、贸易商和顶部搜索关键词 indexSearch（识别为精确条件，同现货）筛选；按报价时间、价格（升序时电议排最后）、涨跌排序；分页，最多查看前 ${MAX_RESULT_WINDOW} 条。${DAY_RULE}涨跌为该贸易商同一品项上一次报价之差，首次报价为 null。联系电话未解锁时打码。${TOO_MANY}`,
        body: QuotationSearch,
        response: { 200: Envelope(QuotationPage), ...ErrorResponses },
      },
    },
    async (request) => ok(await quotes.page(clientKey(request), request.body, request.user?.id ?? null)),
  );

  app.post(
    '/api/web/2.0/quotation/list-index-three',
    {
      config: { access: 'public' },
      schema: {
        tags: ['quotation'],
        operationId: 'quotationListIndexThree',
        summary: '报价卡片视图：每个贸易商最新的三条报价，按贸易商分页',
        description: `报价卡片视图：同一筛选下，每个贸易商最新的至多三条报价及其报价条数，最近报价的贸易商在前，按贸易商分页。${DAY_RULE}${TOO_MANY}`,
        body: QuotationThreeSearch,
        response: { 200: Envelope(QuotationThreePage), ...ErrorResponses },
      },
    },
    async (request) => ok(await quotes.three(clientKey(request), request.body, request.user?.id ?? null)),
  );

  app.post(
    '/api/web/2.0/quotation/list-index-total',
    {
      config: { access: 'public' },
      schema: {
        tags: ['quotation'],
        operationId: 'quotationListIndexTotal',
        summary: '报价合计：条数、贸易商数、吨位，各品名均价及较上一报价日涨跌（缓存60秒）',
        description: `同一筛选下报价的合计：条数（有价、电议）、贸易商数、注明的可供吨位，以及各品名有价报价的平均价和较上一报价日同一筛选平均价的涨跌（缓存60秒）。${DAY_RULE}`,
        body: QuotationFilter,
        response: { 200: Envelope(QuotationTotals), ...ErrorResponses },
      },
    },
    async (request) => ok(await quotes.totals(request.body)),
  );

  app.get(
    '/api/web/2.0/quotation/getMenus',
    {
      config: { access: 'public' },
      schema: {
        tags: ['quotation'],
        operationId: 'quotationMenus',
        summary: '报价筛选菜单及数量（各维度不含自身筛选；缓存60秒）',
        description: `报价筛选菜单：各维度（品名、材质、产地、城市、仓库）的取值及报价条数，每个维度不含自身的筛选条件，一次扫描计算（缓存60秒）。${DAY_RULE}`,
        querystring: QuotationFilter,
        response: { 200: Envelope(QuotationMenu), ...ErrorResponses },
      },
    },
    async (request) => ok(await quotes.menu(request.query)),
  );

  app.post(
    '/api/web/2.0/quotation/list-user/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['quotation'],
        operationId: 'quotationListUser',
        summary: '贸易商主页：某贸易商的有价报价（分页）与公司信息；id 为贸易商用户 id',
        description: `某贸易商（id 为其用户 id，即 /firminfo/{userId}）某日的有价报价，分页，附公司信息（主营、常用仓库、入驻时间、报价与现货数量；电话未解锁时打码）。不填 date 为该贸易商最近的报价日。用户不存在或不是贸易商时返回 code 6。${TOO_MANY}`,
        params: FirmParams,
        body: FirmQuoteQuery,
        response: { 200: Envelope(FirmQuotePage), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(
        await quotes.firmQuotes(
          clientKey(request),
          request.params.id,
          request.body,
          request.user?.id ?? null,
        ),
      ),
  );

  app.post(
    '/api/web/2.0/quotation/list-user-zero/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['quotation'],
        operationId: 'quotationListUserZero',
        summary: '贸易商主页：某贸易商的电议品项（价格为 0，需来电询价）与公司信息',
        description: `某贸易商（id 为其用户 id）某日报为电议（价格 0，需来电询价）的品项，分页，附公司信息。不填 date 为该贸易商最近的报价日。用户不存在或不是贸易商时返回 code 6。${TOO_MANY}`,
        params: FirmParams,
        body: FirmQuoteQuery,
        response: { 200: Envelope(FirmQuotePage), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(
        await quotes.firmCallForPrice(
          clientKey(request),
          request.params.id,
          request.body,
          request.user?.id ?? null,
        ),
      ),
  );

  app.get(
    '/api/web/2.0/userActivityRecord/getRank',
    {
      config: { access: 'public' },
      schema: {
        tags: ['common'],
        operationId: 'userActivityRank',
        summary: '活跃贸易商排行（最近 days 天：报价、现货发布、回复询价；缓存60秒）',
        description: `最近 days 天（含今天，默认 7 天）最活跃的贸易商：按记录的活动计分，每条报价计 ${RANK_WEIGHTS.quote} 分，每次发布或更新现货、余料计 ${RANK_WEIGHTS.stock} 分，每次回复询价计 ${RANK_WEIGHTS.enquiryAnswered} 分，登录不计分；分高者在前（缓存60秒）。`,
        querystring: RankQuery,
        response: { 200: Envelope(ActivityRank), ...ErrorResponses },
      },
    },
    async (request) => ok(await quotes.rank(request.query)),
  );
};

export default quotationModule;
