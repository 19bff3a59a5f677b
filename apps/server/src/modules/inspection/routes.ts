/**
 * Warehouse inspection (/beginInspection, docs/api.md#inspection): partner warehouses by region,
 * a member's request, their history and one request's trace. Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponses,
  INSPECTION_BEANS,
  InspectionCreated,
  InspectionHistoryQuery,
  InspectionItem,
  InspectionRegions,
  InspectionRequest,
  InspectionTrace,
  InspectionTraceQuery,
  Page,
} from '@steelport/contracts';
import { MINUTE_MS } from '../../dates.ts';
import { ok } from '../../plugins/envelope.ts';
import { limitRate } from '../../plugins/rate-limit.ts';
import { openCheckService } from '../open-check/service.ts';
import { fileLinks } from '../upload/service.ts';
import { inspectionService } from './service.ts';

const TAGS = ['inspection'];

const inspectionModule: FastifyPluginAsyncTypebox<{
  services?: ReturnType<typeof openCheckService>;
}> = async (app, opts) => {
  const inspection = inspectionService({
    db: app.db,
    links: fileLinks(app.config.appSecret),
    // app.ts hands in the one openCheck the console forgets after a flip
    services: opts.services ?? openCheckService({ db: app.db }),
  });

  app.get(
    '/api/web/2.0/inspection/warehouseList/region',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        operationId: 'inspectionWarehouseRegions',
        summary: '验货合作仓库（按大区分组，含地址、库容与饱和度）',
        description:
          '验货合作仓库按大区（华东、华南…）分组：名称、城市、地址、库容（吨）、最新库存（吨）与饱和度（%）。附调用者每次申请所需钢豆（VIP 为 0）与当前钢豆余额（访客为 null）。列表缓存一分钟。',
        response: { 200: Envelope(InspectionRegions), ...ErrorResponses },
      },
    },
    async (request) => ok(await inspection.regions(request.user)),
  );

  app.post(
    '/api/web/2.0/inspection/inspections',
    {
      config: { access: 'member' },
      schema: {
        tags: TAGS,
        operationId: 'inspectionRequest',
        summary: `申请验货（VIP 免费，其他会员每次 ${INSPECTION_BEANS} 钢豆）`,
        description: `向合作仓库申请验货：仓库、卷号或现货ID（至少一项）、期望日期（今天起 90 天内）、联系人与手机号、备注、附件（本人上传的文件，最多 5 个）。免豆会员（VIP）免费，其他会员每次扣 ${INSPECTION_BEANS} 钢豆，记入钢豆明细；钢豆不足返回 code 5。带相同 requestKey 重复提交只生成一次申请、只扣一次钢豆。`,
        body: InspectionRequest,
        response: { 200: Envelope(InspectionCreated), ...ErrorResponses },
      },
    },
    async (request) => {
      await limitRate(app.store, `inspection:request:${request.user!.id}`, 20, 10 * MINUTE_MS);
      return ok(await inspection.request(request.user!, request.body));
    },
  );

  app.get(
    '/api/web/2.0/inspection/warehouseList/history',
    {
      config: { access: 'member' },
      schema: {
        tags: TAGS,
        operationId: 'inspectionHistory',
        summary: '我的验货申请（状态：待受理、验货中、已完成、已取消）',
        description:
          '调用者本人的验货申请，最新在前，可按状态筛选，分页；每条含仓库、卷号、期望日期、状态、所扣钢豆、结论与附件。',
        querystring: InspectionHistoryQuery,
        response: { 200: Envelope(Page(InspectionItem)), ...ErrorResponses },
      },
    },
    async (request) => ok(await inspection.history(request.user!, request.query)),
  );

  app.get(
    '/api/web/2.0/inspection/trace/list',
    {
      config: { access: 'member' },
      schema: {
        tags: TAGS,
        operationId: 'inspectionTrace',
        summary: '验货跟踪：各步骤的时间、验货员、发现与照片',
        description:
          '一条验货申请的跟踪记录（受理、到库、验货、出具报告…），每步含时间、验货员、发现与照片链接。只有申请人本人与运营人员可看，他人的申请返回 code 6。',
        querystring: InspectionTraceQuery,
        response: { 200: Envelope(InspectionTrace), ...ErrorResponses },
      },
    },
    async (request) => ok(await inspection.trace(request.user!, request.query.id)),
  );
};

export default inspectionModule;
