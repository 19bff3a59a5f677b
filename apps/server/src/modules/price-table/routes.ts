/**
 * The daily price tables' API (价格行情, issue 34; docs/api.md#price-tables): a product's table
 * of a day, the day's summary of moves, a cell's history (depth by access, like the index) and
 * the quotes behind a cell; the exports for 数据会员 and VIP; the console's pinned and hidden
 * items. Thin: the rules, the cache and the SQL live in service.ts and beside it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponses,
  PRICE_TABLE_LIMITS as L,
  PriceHistory,
  PriceHistoryExportQuery,
  PriceHistoryQuery,
  PriceItem,
  PriceItemStateBody,
  PriceItems,
  PriceItemsQuery,
  PriceQuotes,
  PriceQuotesQuery,
  PriceSummary,
  PriceSummaryQuery,
  PriceTable,
  PriceTableExportQuery,
  PriceTableQuery,
} from '@steelport/contracts';
import { sendXlsx, XlsxResponse } from '../../files.ts';
import { ok } from '../../plugins/envelope.ts';
import { userLang } from '../../plugins/lang.ts';
import { clientKey } from '../../plugins/rate-limit.ts';
import { auditContext } from '../audit/service.ts';
import { EXPORTS_PER_HOUR } from '../search/lots.ts';
import { CANDIDATES_MAX } from './items.ts';
import { CELL_QUOTES_PER_MINUTE, priceTableService } from './service.ts';

const TAGS = ['priceTable'];
const CELL =
  '一格为某材质、规格、产地在某城市当天有效报价（不含电议与已删除）的中位数；偶数个取中间两个的平均，按分四舍五入。';

const priceTableModule: FastifyPluginAsyncTypebox = async (app) => {
  const prices = priceTableService({
    db: app.db,
    store: app.store,
    exportsPerHour: EXPORTS_PER_HOUR,
    onRefreshError: (err, key) => app.log.warn({ err, key }, 'background price table refresh failed'),
  });

  app.get(
    '/api/web/2.0/priceTable',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        operationId: 'priceTable',
        summary: '价格行情：一个品名某天的价格表（行为代表品种，列为城市）',
        description: `一个品名某天（默认最近有报价的一天）的价格表。行：近 ${L.frequencyDays} 天报价最多的 ${L.rowsMax} 个品种（材质+规格+产地，按筛选条件），加运营固定显示的，去掉隐藏的；按材质、厚度、宽度、产地排序。列：当天有报价的城市，报价多者在前。${CELL}少于 ${L.thinBelow} 条报价标为 thin；无报价为 null（不沿用前一天）；涨跌对比该品名的上一交易日。可按城市、材质、规格（包含）筛选。品名不存在为 code 1。`,
        querystring: PriceTableQuery,
        response: { 200: Envelope(PriceTable), ...ErrorResponses },
      },
    },
    async (request) => ok(await prices.table(request.query)),
  );

  app.get(
    '/api/web/2.0/priceTable/summary',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        operationId: 'priceTableSummary',
        summary: '价格行情概览：各品名、各城市上涨、下跌、持平的格数',
        description:
          '某天（默认最近有报价的一天）当天有报价的每个品名（默认价格表，不筛选）及其每个城市：与上一交易日相比上涨、下跌、持平的格数（只计两天都有报价的格）。previousDate 为全市场的上一交易日，各品名对比其自己的上一交易日。',
        querystring: PriceSummaryQuery,
        response: { 200: Envelope(PriceSummary), ...ErrorResponses },
      },
    },
    async (request) => ok(await prices.summary(request.query)),
  );

  app.get(
    '/api/web/2.0/priceTable/history',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        operationId: 'priceTableHistory',
        summary: '价格行情的一格的历史中位价；游客30天、会员1年、数据会员与VIP全部',
        description: `一格（品名、材质、规格、产地、城市）每天的中位价、报价数与涨跌（只列有报价的日子）。区间默认该品名最近有报价的一天及之前一个月，最长 ${L.historyDaysMax} 天；超出可见深度时从可见的最早一日开始并以 limitedBy 说明（同指数）。`,
        querystring: PriceHistoryQuery,
        response: { 200: Envelope(PriceHistory), ...ErrorResponses },
      },
    },
    async (request) => ok(await prices.history(request.user, request.query)),
  );

  app.get(
    '/api/web/2.0/priceTable/quotes',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        operationId: 'priceTableQuotes',
        summary: '价格行情一格某天的报价明细及中位价',
        description: `一格某天的有效报价（价低者在前）：商家（userId 为商家主页 /firminfo/{userId}）、企业名称、价格、重量、仓库、更新时间，及其中位价（即该格的价格）；不含联系电话。每个客户端每分钟最多 ${CELL_QUOTES_PER_MINUTE} 次。`,
        querystring: PriceQuotesQuery,
        response: { 200: Envelope(PriceQuotes), ...ErrorResponses },
      },
    },
    async (request) => ok(await prices.quotes(clientKey(request), request.query)),
  );

  app.get(
    '/api/web/2.0/priceTable/export',
    {
      config: { access: 'data' },
      schema: {
        tags: TAGS,
        operationId: 'priceTableExport',
        summary: '导出价格表为 Excel（免豆会员或数据会员）',
        description: `按与价格表相同的条件导出为 Excel 文件：每个城市的中位价、涨跌与报价数（免豆会员或数据会员；与其他导出合计每小时最多 ${EXPORTS_PER_HOUR} 次）。`,
        querystring: PriceTableExportQuery,
        response: { 200: XlsxResponse, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const file = await prices.exportTable(request.query, request.user!.id, userLang(request));
      return sendXlsx(reply, file.fileName, file.body);
    },
  );

  app.get(
    '/api/web/2.0/priceTable/history/export',
    {
      config: { access: 'data' },
      schema: {
        tags: TAGS,
        operationId: 'priceTableHistoryExport',
        summary: '导出一格的历史中位价为 Excel（免豆会员或数据会员）',
        description: `按与历史相同的条件导出一格每天的中位价、报价数与涨跌（免豆会员或数据会员；与其他导出合计每小时最多 ${EXPORTS_PER_HOUR} 次）。`,
        querystring: PriceHistoryExportQuery,
        response: { 200: XlsxResponse, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const file = await prices.exportHistory(request.user!, request.query, userLang(request));
      return sendXlsx(reply, file.fileName, file.body);
    },
  );

  app.get(
    '/api/admin/priceTable/items',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminPriceTableItems',
        summary: '价格行情的候选品种及其显示状态',
        description: `一个品名的候选行：近 ${L.frequencyDays} 天报价最多的至多 ${CANDIDATES_MAX} 个品种（报价多者在前），及运营设置过的品种；各带状态（auto 按频次、pinned 固定显示、hidden 不显示）、报价数和当前价格表是否显示。品名不存在为 code 1。`,
        querystring: PriceItemsQuery,
        response: { 200: Envelope(PriceItems), ...ErrorResponses },
      },
    },
    async (request) => ok(await prices.items(request.query)),
  );

  app.put(
    '/api/admin/priceTable/items',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminPriceTableItemSet',
        summary: '固定显示、隐藏或恢复价格行情的一个品种',
        description:
          '设置一个品种（品名、材质、规格、产地）的状态：pinned 总在价格表中显示，hidden 不显示，auto 按报价频次；记审计日志（price_table_item.pin|hide|release），价格表即时生效。品名不存在为 code 1。',
        body: PriceItemStateBody,
        response: { 200: Envelope(PriceItem), ...ErrorResponses },
      },
    },
    async (request) => ok(await prices.setItemState(auditContext(request), request.body)),
  );
};

export default priceTableModule;
