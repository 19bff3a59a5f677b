/**
 * The trader's workspace API (/api/trader, docs/api.md#trader-workspace): its own spot
 * stock, surplus and quotations, copy yesterday's quotes, its firm profile and the enquiries it
 * received. Every route is `access: 'trader'` (a user with a company) and sees only the
 * caller's company's rows. Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BulkResult,
  CargoInput,
  CopyQuotationsBody,
  CopyQuotationsResult,
  Envelope,
  ErrorResponses,
  LotBulkBody,
  OwnLot,
  OwnLotPage,
  OwnLotQuery,
  OwnQuotation,
  OwnQuotationPage,
  OwnQuotationQuery,
  OwnSurplus,
  OwnSurplusPage,
  QuotationBulkBody,
  QuotationInput,
  ReceivedEnquiry,
  ReceivedEnquiryPage,
  ReceivedEnquiryQuery,
  SurplusInput,
  TRADER_LIMITS,
  TraderProfile,
  TraderProfileBody,
  TraderRowId,
} from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import type { Dictionary } from '../search/dictionary.ts';
import type { OnRowsWritten } from '../subscription/service.ts';
import { traderService } from './service.ts';

export interface TraderModuleOptions {
  /** The trade dictionary every search shares (app.ts creates it once). */
  dictionary: Dictionary;
  /** after a commit: saved searches match the written rows (modules/subscription) */
  onRowsWritten?: OnRowsWritten;
}

const ONLY_OWN = '只能看到和修改本企业的数据；其他企业的 id 与不存在的 id 一样返回 code 6。';
const ROW_ERRORS =
  '品名、规格等按搜索同一词典与规格解析识别；无法识别时返回 code 1 并说明原因，如 规格「2.75*abc」无法识别，应如 2.75*1250*C。';

const traderModule: FastifyPluginAsyncTypebox<TraderModuleOptions> = async (app, opts) => {
  const trader = traderService({
    db: app.db,
    dictionary: opts.dictionary,
    onRowsWritten: opts.onRowsWritten,
  });
  const config = { access: 'trader' as const };

  for (const kind of ['cargo', 'surplus'] as const) {
    const lots = trader[kind];
    const name = kind === 'cargo' ? '现货' : '余料';
    const Cap = kind === 'cargo' ? 'Cargo' : 'Surplus';
    const Input = kind === 'cargo' ? CargoInput : SurplusInput;
    const Item = kind === 'cargo' ? OwnLot : OwnSurplus;
    const PageSchema = kind === 'cargo' ? OwnLotPage : OwnSurplusPage;

    app.get(
      `/api/trader/${kind}`,
      {
        config,
        schema: {
          tags: ['trader'],
          operationId: `traderList${Cap}`,
          summary: `我的${name}：最新更新在前，可按关键词与状态筛选（分页）`,
          description: `本企业的${name}（不含已删除），按更新时间倒序；关键词在品名、材质、规格、产地、仓库、城市、备注中查找，可按 在售/已售 筛选；${TRADER_LIMITS.staleDays} 天未更新的标 stale（过期）。${ONLY_OWN}`,
          querystring: OwnLotQuery,
          response: { 200: Envelope(PageSchema), ...ErrorResponses },
        },
      },
      async (request) => ok(await lots.page(request.user, request.query)),
    );

    app.post(
      `/api/trader/${kind}`,
      {
        config,
        schema: {
          tags: ['trader'],
          operationId: `traderCreate${Cap}`,
          summary: `发布一条${name}（在售）`,
          description: `按表单发布一条${name}，状态为在售，更新时间为现在。单价 0 为电议，重量为吨（最多三位小数）。${ROW_ERRORS}`,
          body: Input,
          response: { 200: Envelope(Item), ...ErrorResponses },
        },
      },
      async (request) => ok(await lots.create(request.user, request.body)),
    );

    app.put(
      `/api/trader/${kind}/:id`,
      {
        config,
        schema: {
          tags: ['trader'],
          operationId: `traderUpdate${Cap}`,
          summary: `修改我的一条${name}`,
          description: `修改本企业的一条${name}，更新时间为现在（状态不变）。${ROW_ERRORS}${ONLY_OWN}`,
          params: TraderRowId,
          body: Input,
          response: { 200: Envelope(Item), ...ErrorResponses },
        },
      },
      async (request) => ok(await lots.update(request.user, request.params.id, request.body)),
    );

    app.delete(
      `/api/trader/${kind}/:id`,
      {
        config,
        schema: {
          tags: ['trader'],
          operationId: `traderDelete${Cap}`,
          summary: `删除我的一条${name}（保留记录，不再展示）`,
          description: `删除本企业的一条${name}：记录保留以备查询与询价历史，但不再出现在任何列表与搜索中。${ONLY_OWN}`,
          params: TraderRowId,
          response: { 200: Envelope(BulkResult), ...ErrorResponses },
        },
      },
      async (request) => ok(await lots.remove(request.user, request.params.id)),
    );

    app.post(
      `/api/trader/${kind}/bulk`,
      {
        config,
        schema: {
          tags: ['trader'],
          operationId: `traderBulk${Cap}`,
          summary: `批量操作所选${name}：标记已售、重新上架、删除、调价`,
          description: `对所选的本企业${name}（最多 ${TRADER_LIMITS.bulkMax} 条）一次完成：sold 标记已售，onSale 重新上架，delete 删除，reprice 每吨加减 delta 元（电议不变，最低 1 元；任何一条将不大于 0 时整批不改并返回 code 1）。不属于本企业的 id 忽略，affected 为实际改动的条数。`,
          body: LotBulkBody,
          response: { 200: Envelope(BulkResult), ...ErrorResponses },
        },
      },
      async (request) => ok(await lots.bulk(request.user, request.body)),
    );
  }

  app.get(
    '/api/trader/quotations',
    {
      config,
      schema: {
        tags: ['trader'],
        operationId: 'traderListQuotations',
        summary: '我的报价：某一天的报价（默认今天，今天未报时为最近的报价日）',
        description: `本企业某一天的报价（不含已删除），最新修改在前，可按关键词查找；不填 date 时为今天，今天尚未报价时为最近有报价的一天。previousDate 为今天之前最近的报价日（复制报价的来源）。${ONLY_OWN}`,
        querystring: OwnQuotationQuery,
        response: { 200: Envelope(OwnQuotationPage), ...ErrorResponses },
      },
    },
    async (request) => ok(await trader.quotes.page(request.user, request.query)),
  );

  app.post(
    '/api/trader/quotations',
    {
      config,
      schema: {
        tags: ['trader'],
        operationId: 'traderCreateQuotation',
        summary: '发布一条今天的报价',
        description: `发布一条今天的报价，报价时间为现在；涨跌按本企业同一品种（品名、材质、规格、产地、城市、仓库相同）上一个报价日的价格计算，显示在今日报价的涨跌列。同一品种今天已报过时返回 code 1。${ROW_ERRORS}`,
        body: QuotationInput,
        response: { 200: Envelope(OwnQuotation), ...ErrorResponses },
      },
    },
    async (request) => ok(await trader.quotes.create(request.user, request.body)),
  );

  app.post(
    '/api/trader/quotations/copy',
    {
      config,
      schema: {
        tags: ['trader'],
        operationId: 'traderCopyQuotations',
        summary: '复制最近一天的报价到今天，可整体加减（如 +20 元）',
        description: `把今天之前最近一个报价日的全部报价复制为今天的报价，每条单价加减 delta 元（电议不变，最低 1 元），报价时间为现在，涨跌对比被复制的价格；今天已报过的品种跳过（skipped），所以重复执行不会重复复制。`,
        body: CopyQuotationsBody,
        response: { 200: Envelope(CopyQuotationsResult), ...ErrorResponses },
      },
    },
    async (request) => ok(await trader.quotes.copy(request.user, request.body)),
  );

  app.post(
    '/api/trader/quotations/bulk',
    {
      config,
      schema: {
        tags: ['trader'],
        operationId: 'traderBulkQuotations',
        summary: '批量操作所选报价：删除、调价',
        description: `对所选的本企业报价（最多 ${TRADER_LIMITS.bulkMax} 条）一次完成：delete 删除，reprice 今天的有价报价每吨加减 delta 元（电议与以前的报价不变，最低 1 元；任何一条将不大于 0 时整批不改并返回 code 1），涨跌随之更新。不属于本企业的 id 忽略。`,
        body: QuotationBulkBody,
        response: { 200: Envelope(BulkResult), ...ErrorResponses },
      },
    },
    async (request) => ok(await trader.quotes.bulk(request.user, request.body)),
  );

  app.put(
    '/api/trader/quotations/:id',
    {
      config,
      schema: {
        tags: ['trader'],
        operationId: 'traderUpdateQuotation',
        summary: '修改我今天的一条报价',
        description: `修改本企业今天的一条报价，报价时间为现在，涨跌重新计算；以前的报价不能修改（返回 code 1）。${ROW_ERRORS}${ONLY_OWN}`,
        params: TraderRowId,
        body: QuotationInput,
        response: { 200: Envelope(OwnQuotation), ...ErrorResponses },
      },
    },
    async (request) => ok(await trader.quotes.update(request.user, request.params.id, request.body)),
  );

  app.delete(
    '/api/trader/quotations/:id',
    {
      config,
      schema: {
        tags: ['trader'],
        operationId: 'traderDeleteQuotation',
        summary: '删除我的一条报价（保留记录，不再展示）',
        description: `删除本企业的一条报价：记录保留，但不再出现在今日报价、企业主页与排行中。${ONLY_OWN}`,
        params: TraderRowId,
        response: { 200: Envelope(BulkResult), ...ErrorResponses },
      },
    },
    async (request) => ok(await trader.quotes.remove(request.user, request.params.id)),
  );

  app.get(
    '/api/trader/profile',
    {
      config,
      schema: {
        tags: ['trader'],
        operationId: 'traderGetProfile',
        summary: '企业资料（企业主页 /firminfo 所示）',
        description:
          '本企业的资料：全称、简称、城市、地址、联系人与电话、主营、简介，以及现货与报价常用的仓库；userId 为企业主页 /firminfo/{userId} 的 id。',
        response: { 200: Envelope(TraderProfile), ...ErrorResponses },
      },
    },
    async (request) => ok(await trader.profile.get(request.user)),
  );

  app.put(
    '/api/trader/profile',
    {
      config,
      schema: {
        tags: ['trader'],
        operationId: 'traderUpdateProfile',
        summary: '修改企业资料（全称不可改）',
        description:
          '修改本企业的简称、城市、地址、联系人、联系电话、主营与简介（纯文本）；公司全称认证后不可改。简称已被其他企业使用时返回 code 1。企业主页随即显示新资料。',
        body: TraderProfileBody,
        response: { 200: Envelope(TraderProfile), ...ErrorResponses },
      },
    },
    async (request) => ok(await trader.profile.update(request.user, request.body)),
  );

  app.get(
    '/api/trader/enquiries',
    {
      config,
      schema: {
        tags: ['trader'],
        operationId: 'traderListEnquiries',
        summary: '收到的询价：谁、何时、询哪条资源（最新在前）',
        description:
          '本企业收到的询价，最新在前：询价人的姓名、完整电话与公司，所询资源的摘要（品名 材质 规格 产地 单价），留言与是否已回复；可只看未回复的。',
        querystring: ReceivedEnquiryQuery,
        response: { 200: Envelope(ReceivedEnquiryPage), ...ErrorResponses },
      },
    },
    async (request) => ok(await trader.enquiries.page(request.user, request.query)),
  );

  app.post(
    '/api/trader/enquiries/:id/answer',
    {
      config,
      schema: {
        tags: ['trader'],
        operationId: 'traderAnswerEnquiry',
        summary: '把一条询价标记为已回复',
        description: `把本企业收到的一条询价标记为已回复（记下首次回复时间，计入活跃排行）。${ONLY_OWN}`,
        params: TraderRowId,
        response: { 200: Envelope(ReceivedEnquiry), ...ErrorResponses },
      },
    },
    async (request) => ok(await trader.enquiries.answer(request.user, request.params.id)),
  );
};

export default traderModule;
