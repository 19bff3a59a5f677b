/**
 * The console's trade services (issue 18): inspection workflow, processing offers with group
 * orders and enquiries, service switches. All access admin; every write is audited. Thin: the
 * rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ADMIN_SERVICES_LIMITS,
  AdminDeleted,
  AdminEnquiryBody,
  AdminEnquiryQuery,
  AdminEnquiryRow,
  AdminGroupBody,
  AdminInspectionAcceptBody,
  AdminInspectionAssignBody,
  AdminInspectionCancelBody,
  AdminInspectionCompleteBody,
  AdminInspectionDetail,
  AdminInspectionQuery,
  AdminInspectionRow,
  AdminInspectionStepBody,
  AdminOfferBody,
  AdminOfferQuery,
  AdminOfferRow,
  AdminServiceIdParams,
  AdminSwitch,
  AdminSwitchBody,
  AdminSwitchList,
  AdminSwitchParams,
  Envelope,
  ErrorResponses,
  Page,
} from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { auditContext } from '../audit/service.ts';
import { fileLinks } from '../upload/service.ts';
import { adminServicesService } from './service.ts';

const TAGS = ['admin'];

export interface AdminServicesOptions {
  /** called after a service switch changed (openCheck forgets its cached answer) */
  onSwitchesChanged?: () => void;
}

const adminServicesModule: FastifyPluginAsyncTypebox<AdminServicesOptions> = async (app, opts) => {
  const admin = adminServicesService({
    db: app.db,
    links: fileLinks(app.config.appSecret),
    ...(opts.onSwitchesChanged ? { onSwitchesChanged: opts.onSwitchesChanged } : {}),
  });
  const inspectionWritten = { 200: Envelope(AdminInspectionDetail), ...ErrorResponses };
  const offerWritten = { 200: Envelope(AdminOfferRow), ...ErrorResponses };
  const access = { access: 'admin' as const };

  // ---------------------------------------------------------------- inspections

  app.get(
    '/api/admin/inspections',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminInspectionList',
        summary: '验货申请列表（按编号、会员、仓库搜索，按状态筛选，分页）',
        description:
          '所有会员的验货申请，最新在前：关键词匹配申请编号、会员手机号或姓名、联系人与仓库名；可按状态筛选。每条含会员、仓库、卷号、状态、所扣钢豆、验货员、步骤数与当前可做的操作。',
        querystring: AdminInspectionQuery,
        response: { 200: Envelope(Page(AdminInspectionRow)), ...ErrorResponses },
      },
    },
    async (request) => ok(await admin.inspections(request.query)),
  );

  app.get(
    '/api/admin/inspections/:id',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminInspectionDetail',
        summary: '一条验货申请及其跟踪记录',
        description:
          '验货申请的全部信息、会员附件与各跟踪步骤（时间、验货员、发现、照片签名链接）；不存在为 code 6。',
        params: AdminServiceIdParams,
        response: inspectionWritten,
      },
    },
    async (request) => ok(await admin.inspection(request.params.id)),
  );

  app.post(
    '/api/admin/inspections/:id/accept',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminInspectionAccept',
        summary: '受理验货申请',
        description: '待受理 -> 已受理，写入跟踪步骤「已受理」（可带说明）并记审计日志；其他状态为 code 1。',
        params: AdminServiceIdParams,
        body: AdminInspectionAcceptBody,
        response: inspectionWritten,
      },
    },
    async (request) => ok(await admin.accept(auditContext(request), request.params.id, request.body)),
  );

  app.post(
    '/api/admin/inspections/:id/assign',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminInspectionAssign',
        summary: '指派验货员（姓名与电话）',
        description:
          '已受理或验货中的申请指派（或改派）验货员，写入跟踪步骤并记审计日志；其他状态或验货员未变为 code 1。',
        params: AdminServiceIdParams,
        body: AdminInspectionAssignBody,
        response: inspectionWritten,
      },
    },
    async (request) => ok(await admin.assign(auditContext(request), request.params.id, request.body)),
  );

  app.post(
    '/api/admin/inspections/:id/steps',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminInspectionAddStep',
        summary: '添加跟踪步骤（发现与照片）',
        description: `给已指派验货员的申请添加一步跟踪：名称、发现与照片（先经 POST /api/web/upload 上传，只收 JPG、PNG、WebP，单张不超过 ${ADMIN_SERVICES_LIMITS.photoMaxBytes / 1024 / 1024} MB，最多 ${ADMIN_SERVICES_LIMITS.photosMax} 张；其他类型为 code 2）。已受理的申请随之进入验货中。会员在验货跟踪中看到此步与照片。记审计日志。`,
        params: AdminServiceIdParams,
        body: AdminInspectionStepBody,
        response: inspectionWritten,
      },
    },
    async (request) => ok(await admin.addStep(auditContext(request), request.params.id, request.body)),
  );

  app.post(
    '/api/admin/inspections/:id/complete',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminInspectionComplete',
        summary: '完成验货（填写结论）',
        description:
          '验货中 -> 已完成：保存验货结论并写入跟踪步骤「出具报告」，记审计日志；其他状态为 code 1。',
        params: AdminServiceIdParams,
        body: AdminInspectionCompleteBody,
        response: inspectionWritten,
      },
    },
    async (request) => ok(await admin.complete(auditContext(request), request.params.id, request.body)),
  );

  app.post(
    '/api/admin/inspections/:id/cancel',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminInspectionCancel',
        summary: '取消验货申请（须填原因，退还钢豆）',
        description:
          '未完成的申请可取消：写入跟踪步骤「已取消」与原因；申请时扣了钢豆的，在同一事务中退还并记入钢豆明细；记审计日志。已完成或已取消为 code 1。',
        params: AdminServiceIdParams,
        body: AdminInspectionCancelBody,
        response: inspectionWritten,
      },
    },
    async (request) => ok(await admin.cancel(auditContext(request), request.params.id, request.body)),
  );

  // ---------------------------------------------------------------- processing

  app.get(
    '/api/admin/processing/offers',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminProcessingOfferList',
        summary: '加工报价列表（含下架的，拼单状态）',
        description:
          '共享加工的报价（含已下架），按顺序排列：可按加工厂名或城市搜索，按加工类型与是否上架筛选；含加工费（元/吨）、空闲产能、拼单目标与已拼吨位、拼单状态、会员数与询价数。',
        querystring: AdminOfferQuery,
        response: { 200: Envelope(Page(AdminOfferRow)), ...ErrorResponses },
      },
    },
    async (request) => ok(await admin.offers(request.query)),
  );

  app.post(
    '/api/admin/processing/offers',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminProcessingOfferCreate',
        summary: '新建加工报价',
        description:
          '新建共享加工报价（可带拼单：目标吨位、截止日期、是否开放），记审计日志；范围不成立为 code 2。',
        body: AdminOfferBody,
        response: offerWritten,
      },
    },
    async (request) => ok(await admin.createOffer(auditContext(request), request.body)),
  );

  app.put(
    '/api/admin/processing/offers/:id',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminProcessingOfferUpdate',
        summary: '修改加工报价',
        description:
          '修改整条报价并记审计日志；已拼吨位由会员决定、不可改，目标吨位不能少于已拼吨位（code 1）。',
        params: AdminServiceIdParams,
        body: AdminOfferBody,
        response: offerWritten,
      },
    },
    async (request) => ok(await admin.updateOffer(auditContext(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/processing/offers/:id',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminProcessingOfferDelete',
        summary: '删除加工报价',
        description:
          '删除一条报价及其询价记录并记审计日志；已有会员加入拼单的不能删除（code 1），请改为下架。',
        params: AdminServiceIdParams,
        response: { 200: Envelope(AdminDeleted), ...ErrorResponses },
      },
    },
    async (request) => ok(await admin.removeOffer(auditContext(request), request.params.id)),
  );

  app.post(
    '/api/admin/processing/offers/:id/group',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminProcessingGroupSwitch',
        summary: '开放或关闭拼单',
        description:
          '开放或关闭一条报价的拼单并记审计日志；没有拼单、状态未变或已过截止日期仍要开放为 code 1。',
        params: AdminServiceIdParams,
        body: AdminGroupBody,
        response: offerWritten,
      },
    },
    async (request) => ok(await admin.setGroup(auditContext(request), request.params.id, request.body.open)),
  );

  app.get(
    '/api/admin/processing/enquiries',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminProcessingEnquiryList',
        summary: '加工询价与拼单记录',
        description:
          '会员对加工报价的询价与拼单（每人每条报价一条），最近在前：可按报价、跟进状态与关键词（会员手机号、姓名、加工厂名）筛选。',
        querystring: AdminEnquiryQuery,
        response: { 200: Envelope(Page(AdminEnquiryRow)), ...ErrorResponses },
      },
    },
    async (request) => ok(await admin.enquiries(request.query)),
  );

  app.put(
    '/api/admin/processing/enquiries/:id',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminProcessingEnquiryHandle',
        summary: '更新询价的跟进状态',
        description: '把询价或拼单记录设为待跟进、已联系或已关闭并可写备注，记审计日志；未变化为 code 1。',
        params: AdminServiceIdParams,
        body: AdminEnquiryBody,
        response: { 200: Envelope(AdminEnquiryRow), ...ErrorResponses },
      },
    },
    async (request) => ok(await admin.handleEnquiry(auditContext(request), request.params.id, request.body)),
  );

  // ---------------------------------------------------------------- service switches

  app.get(
    '/api/admin/switches',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminSwitchList',
        summary: '服务开关列表',
        description: '验货、仓库自助、共享加工、在线支付等服务是否开放及未开放时的说明，按菜单顺序。',
        response: { 200: Envelope(AdminSwitchList), ...ErrorResponses },
      },
    },
    async () => ok(await admin.switches()),
  );

  app.put(
    '/api/admin/switches/:key',
    {
      config: access,
      schema: {
        tags: TAGS,
        operationId: 'adminSwitchSet',
        summary: '开放或关闭一项服务',
        description:
          '开放或关闭一项服务（可改未开放时的说明）并记审计日志；门户的服务开放状态随即更新，关闭的服务拒绝新的申请。未变化为 code 1。',
        params: AdminSwitchParams,
        body: AdminSwitchBody,
        response: { 200: Envelope(AdminSwitch), ...ErrorResponses },
      },
    },
    async (request) => ok(await admin.setSwitch(auditContext(request), request.params.key, request.body)),
  );
};

export default adminServicesModule;
