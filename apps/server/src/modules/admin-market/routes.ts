/**
 * Market data in the operator console (issue 18, docs/api.md#operator-console): warehouse
 * daily figures (list, entry, edit, Excel import with preview) and index corrections. Every
 * write is audited and recomputes the index days that depend on it. Thin: the rules live in
 * service.ts.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ADMIN_MARKET_LIMITS,
  AdminIndexCorrectionsPage,
  Envelope,
  ErrorResponses,
  IndexCorrectionBody,
  IndexCorrectionResult,
  IndexCorrectionsQuery,
  IndexDayQuery,
  IndexDayView,
  Page,
  TRADER_LIMITS,
  WarehouseDailyCreateBody,
  WarehouseDailyIdParams,
  WarehouseDailyImportPreview,
  WarehouseDailyImportResult,
  WarehouseDailyOptions,
  WarehouseDailyQuery,
  WarehouseDailyRow,
  WarehouseDailyUpdateBody,
  WarehouseDailyWritten,
} from '@steelport/contracts';
import { readOneFile, sendXlsx, XlsxResponse } from '../../files.ts';
import { ok } from '../../plugins/envelope.ts';
import { auditContext } from '../audit/service.ts';
import { SHEET_UPLOAD } from '../trader-import/sheet.ts';
import { adminMarketService } from './service.ts';

const L = ADMIN_MARKET_LIMITS;
const SHEET_NOTE = `以 multipart/form-data 上传一个 Excel（.xlsx）或 CSV 文件（字段名 file，最多 ${L.importRowsMax} 行数据）；表头在前 10 行内，须有 仓库、品名、日期 列，另有 入库、出库、库存、打包、挂牌、成交（吨）、成交笔数、挂牌均价（元/吨），空格为 0。`;

/** `onIndexChanged`: a write recomputed index days (the app forgets cached series, checks alerts). */
const adminMarketModule: FastifyPluginAsyncTypebox<{ onIndexChanged: () => void }> = async (app, opts) => {
  await app.register(multipart, {
    limits: { fileSize: TRADER_LIMITS.importFileBytes, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });
  const market = adminMarketService({
    db: app.db,
    engine: app.database.engine,
    onIndexChanged: opts.onIndexChanged,
  });
  const written = { 200: Envelope(WarehouseDailyWritten), ...ErrorResponses };

  app.get(
    '/api/admin/warehouse-daily',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminWarehouseDailyList',
        summary: '仓库日报列表（按仓库、品名、日期范围，分页）',
        description: `各仓库各品名每日的入库、出库、库存、打包、挂牌、成交（吨）、成交笔数与挂牌均价，最新日期在前；日期范围最多 ${L.rangeDaysMax} 天。`,
        querystring: WarehouseDailyQuery,
        response: { 200: Envelope(Page(WarehouseDailyRow)), ...ErrorResponses },
      },
    },
    async (request) => ok(await market.page(request.query)),
  );

  app.get(
    '/api/admin/warehouse-daily/options',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminWarehouseDailyOptions',
        summary: '仓库日报的可选仓库与品名',
        description: '全部仓库（含是否样本仓库、是否启用）与品名，以及已有日报的最新日期。',
        response: { 200: Envelope(WarehouseDailyOptions), ...ErrorResponses },
      },
    },
    async () => ok(await market.options()),
  );

  app.post(
    '/api/admin/warehouse-daily',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminWarehouseDailyCreate',
        summary: '填报某仓库某品名一日的数据',
        description:
          '新增一条仓库日报并记审计日志；样本仓库的数据会重算该日起已发布的指数与饱和度。该日已有数据为 code 1，未来日期为 code 2，仓库或品名不存在为 code 6。',
        body: WarehouseDailyCreateBody,
        response: written,
      },
    },
    async (request) => ok(await market.create(auditContext(request), request.body)),
  );

  app.put(
    '/api/admin/warehouse-daily/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminWarehouseDailyUpdate',
        summary: '修改一条仓库日报的数据',
        description:
          '修改入库、出库、库存、打包、挂牌、成交、成交笔数与挂牌均价（仓库、品名、日期不变）并记审计日志（修改前后）；样本仓库会重算该日起已发布的指数与饱和度。',
        params: WarehouseDailyIdParams,
        body: WarehouseDailyUpdateBody,
        response: written,
      },
    },
    async (request) => ok(await market.update(auditContext(request), request.params.id, request.body)),
  );

  app.get(
    '/api/admin/warehouse-daily/template',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminWarehouseDailyTemplate',
        summary: '下载仓库日报导入模板（.xlsx）',
        description:
          '表头 仓库、品名、日期、入库(吨)、出库(吨)、库存(吨)、打包(吨)、挂牌(吨)、成交(吨)、成交笔数、挂牌均价(元/吨)，附一行示例。',
        response: { 200: XlsxResponse, ...ErrorResponses },
      },
    },
    async (_request, reply) => sendXlsx(reply, '仓库日报导入模板.xlsx', await market.template()),
  );

  app.post(
    '/api/admin/warehouse-daily/import/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminWarehouseDailyImportPreview',
        summary: '上传仓库日报表格并预览（不写入）',
        description: `${SHEET_NOTE}逐行检查并返回错误（行号、列名、原文、原因）、将新增与覆盖的行数和前几行；此时不写入任何数据。文件不是表格或行数过多为 code 1；解压后过大、读取超时或所需内存超限为 code 2（表格过大）。`,
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(WarehouseDailyImportPreview), ...ErrorResponses },
      },
    },
    async (request) => ok(await market.preview(await readOneFile(request, SHEET_UPLOAD))),
  );

  app.post(
    '/api/admin/warehouse-daily/import/commit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminWarehouseDailyImportCommit',
        summary: '导入仓库日报表格（全部写入或全不写入）',
        description: `${SHEET_NOTE}再次逐行检查后在一个事务中写入全部行（同仓库同品名同日的已有数据被覆盖），重算受影响的指数，并记一条汇总审计日志；有任何一行错误则一行也不写（code 1，消息列出前几处错误）。`,
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(WarehouseDailyImportResult), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(await market.commit(auditContext(request), await readOneFile(request, SHEET_UPLOAD))),
  );

  app.get(
    '/api/admin/index-corrections',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminIndexCorrectionList',
        summary: '指数更正记录（含操作人）',
        description:
          '已做的指数更正，最新在前：日期、指数、字段原值与新值、原因、操作人；可按指数筛选，分页。',
        querystring: IndexCorrectionsQuery,
        response: { 200: Envelope(AdminIndexCorrectionsPage), ...ErrorResponses },
      },
    },
    async (request) => ok(await market.corrections(request.query)),
  );

  app.get(
    '/api/admin/index-corrections/day',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminIndexCorrectionDay',
        summary: '某指数某日的当前数据（更正前查看）',
        description:
          '指数某日已发布的价格、点位、涨跌与库存等；该日无数据为 code 1，未来日期为 code 2，指数不存在为 code 6。',
        querystring: IndexDayQuery,
        response: { 200: Envelope(IndexDayView), ...ErrorResponses },
      },
    },
    async (request) => ok(await market.indexDay(request.query)),
  );

  app.post(
    '/api/admin/index-corrections',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'adminIndexCorrect',
        summary: '更正指数某日数据（须填原因），并重算',
        description: `更正某指数某日的价格（元/吨）和/或库存、入库、出库、成交、打包、挂牌量（吨），原因 ${L.reasonMin}-${L.reasonMax} 字；按指数任务的同一算法重算该日点位与涨跌及其后各日，返回该日与下一日更正前后的数据，记审计日志（前后），并在指数说明中公示。该日无数据或与现值相同为 code 1，未来日期或未填更正值为 code 2。`,
        body: IndexCorrectionBody,
        response: { 200: Envelope(IndexCorrectionResult), ...ErrorResponses },
      },
    },
    async (request) => ok(await market.correct(auditContext(request), request.body)),
  );
};

export default adminMarketModule;
