/**
 * VIP membership, orders and payment (docs/api.md#vip-beans-and-payment; wechatXcxTempQrPayCreate
 * in docs/api.md#account): the catalogue and prices, the beans deduction, savePayment, polling
 * getPaymentResult, the payment QR, the mobile pay page's detail and confirm, the provider's
 * signed notification, and the member's memberships and orders. Thin: the rules live in
 * service.ts.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BuyVipCommodityVo,
  BuyVipInfo,
  DerateQuery,
  DerateResult,
  Envelope,
  ErrorResponses,
  Id,
  MyOrder,
  MyVip,
  Page,
  PageQuery,
  PayConfirmBody,
  PayConfirmResult,
  PaymentIdQuery,
  PaymentResult,
  PayNotifyBody,
  PayNotifyResult,
  PayQrCreated,
  PayStartBody,
  PayStarted,
  SavedPayment,
  SavePaymentQuery,
  VipPrice,
  VipPriceQuery,
} from '@steelport/contracts';
import { Type } from 'typebox';
import { MINUTE_MS } from '../../dates.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { clientKey, limitRate } from '../../plugins/rate-limit.ts';
import { say } from '../../text.ts';
import { openCheckService } from '../open-check/service.ts';
import { vipService } from './service.ts';

const TAGS = ['vip'];

const NotifyParams = Type.Object({
  provider: Type.Union([Type.Literal('wechat'), Type.Literal('alipay')], { description: '支付渠道' }),
});
/** A provider's notification as it arrives: WeChat's JSON envelope or Alipay's form fields. */
const ProviderNotification = Type.Record(Type.String(), Type.Unknown(), {
  description: '渠道通知原文（微信支付 JSON；支付宝表单字段），以原始字节验签',
});

declare module 'fastify' {
  interface FastifyRequest {
    /** the raw body of a provider's notification (its signature covers the exact bytes) */
    rawBody?: string;
  }
}
export const SANDBOX_NOTIFY_PATH = '/api/pay/notify/sandbox';

const vipModule: FastifyPluginAsyncTypebox<{ services?: ReturnType<typeof openCheckService> }> = async (
  app,
  opts,
) => {
  const vip = vipService({
    db: app.db,
    store: app.store,
    payments: app.payments,
    log: app.log,
    publicUrl: app.config.publicUrl,
    // app.ts hands in the one openCheck the console forgets after a flip
    services: opts.services ?? openCheckService({ db: app.db }),
  });
  const me = (request: { user: { id: number } | null }) => request.user!.id;

  app.get(
    '/api/web/2.0/order/getBuyVIPInfo',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        operationId: 'getBuyVipInfo',
        summary: 'VIP会员商品：权益、时长与价格（分）',
        description:
          'VIP会员商品（免豆会员在前），每个商品的权益、可选时长与价格（分）、折合每天与比月付节省；附钢豆抵扣规则（访客余额为 0）。',
        response: { 200: Envelope(BuyVipInfo), ...ErrorResponses },
      },
    },
    async (request) => ok(await vip.info(request.user?.id ?? null, false)),
  );

  app.get(
    '/api/web/order/getBuyVIPInfoWithIntegral',
    {
      config: { access: 'member' },
      schema: {
        tags: TAGS,
        operationId: 'getBuyVipInfoWithBeans',
        summary: 'VIP会员商品，含我的钢豆余额（使用钢豆抵扣）',
        description: '同 getBuyVIPInfo，附当前用户的钢豆余额，beans.useBeans 为 true（按钢豆抵扣展示）。',
        response: { 200: Envelope(BuyVipInfo), ...ErrorResponses },
      },
    },
    async (request) => ok(await vip.info(me(request), true)),
  );

  app.get(
    '/api/web/2.0/order/getBuyVIPInfoDisIntegral',
    {
      config: { access: 'member' },
      schema: {
        tags: TAGS,
        operationId: 'getBuyVipInfoWithoutBeans',
        summary: 'VIP会员商品，含我的钢豆余额（不使用钢豆）',
        description: '同 getBuyVIPInfo，附当前用户的钢豆余额，beans.useBeans 为 false（不抵扣）。',
        response: { 200: Envelope(BuyVipInfo), ...ErrorResponses },
      },
    },
    async (request) => ok(await vip.info(me(request), false)),
  );

  app.get(
    '/api/web/2.0/order/getBuyVIPPrice',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        operationId: 'getBuyVipPrice',
        summary: '所选会员与时长的价格（分）',
        description:
          '所选会员（commodity_id 可重复）在 day 天的价格，按服务器存储的价格计算；企业会员按席位（count）计价。',
        querystring: VipPriceQuery,
        response: { 200: Envelope(VipPrice), ...ErrorResponses },
      },
    },
    async (request) => ok(await vip.price(request.query)),
  );

  app.get(
    '/api/web/order/checkDerateCount',
    {
      config: { access: 'member' },
      schema: {
        tags: TAGS,
        operationId: 'checkDerateCount',
        summary: '钢豆抵扣试算：可抵扣金额与所需钢豆',
        description:
          '这笔购买用钢豆最多可抵扣多少（不超过订单金额的规定比例）、全额抵扣需要多少钢豆、以当前余额实际可抵扣多少。',
        querystring: DerateQuery,
        response: { 200: Envelope(DerateResult), ...ErrorResponses },
      },
    },
    async (request) => ok(await vip.derate(me(request), request.query)),
  );

  app.post(
    '/api/web/order/savePayment',
    {
      config: { access: 'member' },
      schema: {
        tags: TAGS,
        operationId: 'savePayment',
        summary: '下单：创建会员订单与待支付单（价格由服务器计算）',
        description:
          '创建订单和一笔待支付的支付单（同一事务）；价格由服务器按存储价格计算，客户端传来的价格一律忽略；使用钢豆时抵扣的钢豆被冻结，订单 15 分钟未支付自动关闭并退还。count 为企业会员席位数。',
        querystring: SavePaymentQuery,
        body: BuyVipCommodityVo,
        response: { 200: Envelope(SavedPayment), ...ErrorResponses },
      },
    },
    async (request) => ok(await vip.savePayment(me(request), request.body, request.query.count ?? 1)),
  );

  app.get(
    '/api/web/order/getPaymentResult',
    {
      config: { access: 'member' },
      schema: {
        tags: TAGS,
        operationId: 'getPaymentResult',
        summary: '查询支付结果（仅本人）：pending / paid / closed',
        description:
          '支付单状态（待支付、已支付、已关闭），附订单明细、本次开通的会员期与当前会员信息（userNewVipVo）；只有下单人可查，其他人视为不存在。',
        querystring: PaymentIdQuery,
        response: { 200: Envelope(PaymentResult), ...ErrorResponses },
      },
    },
    async (request) => ok(await vip.result(me(request), request.query.paymentId)),
  );

  const OptionalPaymentId = Type.Object({ paymentId: Type.Optional(Id('支付单 id')) });
  app.post(
    '/api/web/order/getPaymentResult',
    {
      config: { access: 'member' },
      schema: {
        tags: TAGS,
        operationId: 'getPaymentResultPost',
        summary: '查询支付结果（POST，paymentId 在请求体或查询串）',
        description: '同 GET getPaymentResult；paymentId 可放在 JSON 请求体或查询串中。',
        querystring: OptionalPaymentId,
        body: Type.Optional(OptionalPaymentId),
        response: { 200: Envelope(PaymentResult), ...ErrorResponses },
      },
      // The query form sends no body: validate it as an empty object, not as "body must be object".
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const paymentId = request.body?.paymentId ?? request.query.paymentId;
      if (paymentId === undefined) throw new Invalid(say('缺少 paymentId', 'paymentId is missing'));
      return ok(await vip.result(me(request), paymentId));
    },
  );

  app.post(
    '/api/uaa/login/wechatXcxTempQrPayCreate',
    {
      config: { access: 'member' },
      schema: {
        tags: TAGS,
        operationId: 'createPayQr',
        summary: '支付二维码：用手机扫码支付（仅本人）',
        description:
          '为一笔待支付的支付单生成二维码（PNG data URL）：在付款人已选或第一个可扫码的支付渠道下单（微信支付 Native 的 code_url、支付宝当面付的 qr_code；沙箱为手机支付页 /m/pay/:paymentId），附渠道、应付金额与剩余时间；已支付或已关闭的支付单不能再生成。',
        querystring: PaymentIdQuery,
        response: { 200: Envelope(PayQrCreated), ...ErrorResponses },
      },
    },
    async (request) => {
      await limitRate(app.store, `pay:qr:${clientKey(request)}`, 60, MINUTE_MS);
      return ok(await vip.payQr(me(request), request.query.paymentId, request.ip));
    },
  );

  app.post(
    '/api/web/order/payStart',
    {
      config: { access: 'member' },
      schema: {
        tags: TAGS,
        operationId: 'startPayment',
        summary: '选择支付方式：扫码、手机浏览器或微信内支付（仅本人）',
        description:
          '付款人选择支付渠道（wechat、alipay；开发环境为 sandbox）与场景（desktop 扫码、phone 手机浏览器 H5/wap、wechat 微信内 JSAPI）后，在该渠道下单：desktop 返回二维码，phone 返回要打开的支付页地址，wechat 返回 JSAPI 调起参数。换渠道时先在原渠道关单，原渠道已付款则按已支付处理。',
        body: PayStartBody,
        response: { 200: Envelope(PayStarted), ...ErrorResponses },
      },
    },
    async (request) => {
      await limitRate(app.store, `pay:qr:${clientKey(request)}`, 60, MINUTE_MS);
      return ok(await vip.start(me(request), request.body, request.ip));
    },
  );

  app.get(
    '/api/web/order/payDetail',
    {
      config: { access: 'member' },
      schema: {
        tags: TAGS,
        operationId: 'getPayDetail',
        summary: '手机支付页：金额与明细（仅本人）',
        description:
          '手机支付页 /m/pay/:paymentId 显示的内容：应付金额、会员明细、状态与剩余时间；只有下单人可看。',
        querystring: PaymentIdQuery,
        response: { 200: Envelope(PaymentResult), ...ErrorResponses },
      },
    },
    async (request) => ok(await vip.result(me(request), request.query.paymentId)),
  );

  app.post(
    '/api/web/order/payConfirm',
    {
      config: { access: 'member' },
      schema: {
        tags: TAGS,
        operationId: 'confirmPayment',
        summary: '手机支付页：确认支付或取消（仅本人）',
        description:
          '确认支付：支付渠道（沙箱）扣款并向服务器发送签名的支付通知，通知验签通过后支付单变为已支付并开通会员；取消：立即关闭支付单并退还冻结的钢豆。只有下单人可操作。',
        body: PayConfirmBody,
        response: { 200: Envelope(PayConfirmResult), ...ErrorResponses },
      },
    },
    async (request) => {
      await limitRate(app.store, `pay:confirm:${me(request)}`, 20, MINUTE_MS);
      return ok(await vip.confirm(me(request), request.body.paymentId, request.body.cancel === true));
    },
  );

  app.post(
    SANDBOX_NOTIFY_PATH,
    {
      config: { access: 'public', ignoreToken: true },
      schema: {
        tags: TAGS,
        operationId: 'sandboxPayNotify',
        summary: '支付渠道通知（沙箱，HMAC-SHA256 签名）',
        description:
          '支付渠道的支付成功通知：验证签名（HMAC-SHA256，密钥由 APP_SECRET 派生）、时间戳（5 分钟内）与金额后，在一个事务中把支付单标记为已支付、顺延会员有效期并记账；重复或并发的通知只生效一次。签名、过期、金额不符或未知的支付单被拒绝且不改变任何数据。',
        body: PayNotifyBody,
        response: { 200: Envelope(PayNotifyResult), ...ErrorResponses },
      },
    },
    async (request) => {
      await limitRate(app.store, `pay:notify:${request.ip}`, 600, MINUTE_MS);
      return ok(await vip.notify(request.body));
    },
  );

  // Real providers' notifications: their signatures cover the exact bytes, so this scope keeps
  // the raw body beside the parsed one (JSON from WeChat Pay, a form from Alipay), and answers in
  // the shape each provider expects instead of the envelope.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    const keepRaw =
      (parse: (text: string) => unknown) =>
      (request: { rawBody?: string }, body: string, done: (err: Error | null, value?: unknown) => void) => {
        request.rawBody = body;
        try {
          done(null, parse(body));
        } catch {
          done(new Invalid(say('通知格式错误', 'The notification is malformed')));
        }
      };
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, keepRaw(JSON.parse));
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      keepRaw((text) => Object.fromEntries(new URLSearchParams(text))),
    );
    scope.post(
      '/api/pay/notify/:provider',
      {
        config: { access: 'public', ignoreToken: true },
        schema: {
          tags: TAGS,
          operationId: 'providerPayNotify',
          summary: '支付渠道通知：微信支付 APIv3、支付宝（验签后入账或记录退款）',
          description:
            '微信支付（JSON，Wechatpay-Signature 等头部的 RSA-SHA256 签名、5 分钟时间窗、AES-256-GCM 解密）与支付宝（表单，RSA2 签名）的支付成功与退款通知。验签通过后按商户订单号在一个事务中入账（重复或并发的通知只生效一次）或记录退款结果；答复为各渠道要求的格式：微信支付 204（拒绝时 422 与 {code:"FAIL",message}），支付宝文本 success / failure。',
          params: NotifyParams,
          body: ProviderNotification,
          response: {
            200: Type.String({ description: '支付宝：success 或 failure' }),
            204: Type.Null({ description: '微信支付：已接收' }),
            422: Type.Object(
              { code: Type.String(), message: Type.String() },
              { description: '微信支付：拒绝（code 为 FAIL），渠道将重发' },
            ),
            ...ErrorResponses,
          },
        },
      },
      async (request, reply) => {
        await limitRate(app.store, `pay:notify:${request.ip}`, 600, MINUTE_MS);
        const provider = app.payments.byName(request.params.provider);
        if (!provider || provider.name === 'sandbox')
          throw new NotFound(say('该支付渠道未开通', 'This payment channel is not enabled'));
        const headers: Record<string, string | undefined> = {};
        for (const [name, value] of Object.entries(request.headers))
          headers[name.toLowerCase()] = Array.isArray(value) ? value[0] : value;
        const outcome = await vip.notifyFrom(provider.name, { headers, body: request.rawBody ?? '' });
        const answer = provider.answer(outcome.accepted, outcome.message);
        reply.status(answer.status).type(answer.contentType);
        return reply.send(answer.body === '' ? null : answer.body);
      },
    );
  });

  app.get(
    '/api/web/order/myVip',
    {
      config: { access: 'member' },
      schema: {
        tags: TAGS,
        operationId: 'myVip',
        summary: '我的会员：各会员的有效期与权益',
        description:
          '每个在售会员商品及当前用户的会员状态：是否有效、到期时间、剩余天数、席位与权益；附 userNewVipVo 与钢豆余额。',
        response: { 200: Envelope(MyVip), ...ErrorResponses },
      },
    },
    async (request) => ok(await vip.myVip(me(request))),
  );

  app.get(
    '/api/web/order/myOrders',
    {
      config: { access: 'member' },
      schema: {
        tags: TAGS,
        operationId: 'myOrders',
        summary: '我的会员订单（分页，最新在前）',
        description:
          '当前用户的会员订单，最新在前：订单号、会员、时长、席位、金额（分）、钢豆抵扣、状态与时间。',
        querystring: PageQuery,
        response: { 200: Envelope(Page(MyOrder)), ...ErrorResponses },
      },
    },
    async (request) => ok(await vip.myOrders(me(request), request.query)),
  );
};

export default vipModule;
