/**
 * The console's VIP part (issue 18): commodities and their prices per duration, orders with
 * their payments, and refunds. Every route is access admin; every write leaves one audit row.
 * Thin: the rules live in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminVipCommodity,
  AdminVipCommodityBody,
  AdminVipCommodityIdParams,
  AdminVipCommodityList,
  AdminVipOrderDetail,
  AdminVipOrderIdParams,
  AdminVipOrderQuery,
  AdminVipOrderRow,
  AdminVipRefundBody,
  Envelope,
  ErrorResponses,
  Page,
} from '@steelport/contracts';
import { ok } from '../../plugins/envelope.ts';
import { auditContext } from '../audit/service.ts';
import { adminVipService } from './service.ts';

const ADMIN = { access: 'admin' } as const;
const TAGS = ['admin'];

const adminVipModule: FastifyPluginAsyncTypebox = async (app) => {
  // Refunds go through the provider that collected the payment (app.payments).
  const vip = adminVipService({ db: app.db, payments: app.payments });

  app.get(
    '/api/admin/vip/commodities',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminVipCommodityList',
        summary: '会员商品与价格',
        description:
          '全部会员商品（含已下架）及各时长价格（元），按前台排序；days 为可定价的时长。仅管理员可用。',
        response: { 200: Envelope(AdminVipCommodityList), ...ErrorResponses },
      },
    },
    async () => ok(await vip.commodities()),
  );

  app.put(
    '/api/admin/vip/commodities/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminVipCommodityUpdate',
        summary: '修改会员商品与价格',
        description:
          '修改名称、说明、权益、上下架和各时长价格（元，两位小数，大于 0）；未列出的时长停售。上架的商品至少保留一个价格，免豆会员不能改名（code 1）。开通会员页立即生效，记审计日志。',
        params: AdminVipCommodityIdParams,
        body: AdminVipCommodityBody,
        response: { 200: Envelope(AdminVipCommodity), ...ErrorResponses },
      },
    },
    async (request) => ok(await vip.updateCommodity(auditContext(request), request.params.id, request.body)),
  );

  app.get(
    '/api/admin/vip/orders',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminVipOrderList',
        summary: '会员订单列表',
        description:
          '会员订单，最新在前：按订单号或手机号（部分）搜索，按状态与下单日期（上海时间，含首尾）筛选，分页；手机号不打码。仅管理员可用。',
        querystring: AdminVipOrderQuery,
        response: { 200: Envelope(Page(AdminVipOrderRow)), ...ErrorResponses },
      },
    },
    async (request) => ok(await vip.orders(request.query)),
  );

  app.get(
    '/api/admin/vip/orders/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminVipOrderDetail',
        summary: '会员订单详情',
        description:
          '一个订单、它的支付单和购买的会员时段；已支付的订单附上此刻退款会发生什么（退款金额、退还钢豆、各会员到期时间的变化）。',
        params: AdminVipOrderIdParams,
        response: { 200: Envelope(AdminVipOrderDetail), ...ErrorResponses },
      },
    },
    async (request) => ok(await vip.order(request.params.id)),
  );

  app.post(
    '/api/admin/vip/orders/:id/refund',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        operationId: 'adminVipOrderRefund',
        summary: '订单退款（须填原因）',
        description:
          '对已支付的订单全额退款：经支付渠道退款，退还下单时抵扣的钢豆（记钢豆明细），会员到期时间减去该订单的天数（不早于现在，其他订单续的天数不受影响），订单标记为已退款；同一事务，记一条审计日志。已退款或未支付为 code 1。',
        params: AdminVipOrderIdParams,
        body: AdminVipRefundBody,
        response: { 200: Envelope(AdminVipOrderDetail), ...ErrorResponses },
      },
    },
    async (request) => ok(await vip.refund(auditContext(request), request.params.id, request.body.reason)),
  );
};

export default adminVipModule;
