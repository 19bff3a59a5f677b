/**
 * VIP membership bought by QR code (issue 14): commodities and their prices, the beans
 * deduction, orders and payments, the QR of a payment and the mobile pay page it opens, the
 * provider's signed notification, the caller's memberships and order history, and the daily
 * sign-in that earns beans.
 *
 * Money is integer fen everywhere in this file (fields end in `Fen`); the portal formats it.
 *
 * Paths (docs/api.md#vip-beans-and-payment):
 * - GET  /api/web/2.0/order/getBuyVIPInfo                      public  -> BuyVipInfo
 * - GET  /api/web/order/getBuyVIPInfoWithIntegral              member  -> BuyVipInfo (beans.useBeans true)
 * - GET  /api/web/2.0/order/getBuyVIPInfoDisIntegral           member  -> BuyVipInfo (beans.useBeans false)
 * - GET  /api/web/2.0/order/getBuyVIPPrice?day&commodity_id&count  public -> VipPrice
 * - GET  /api/web/order/checkDerateCount?days&count&ids        member  -> DerateResult
 * - POST /api/web/order/savePayment?count  body BuyVipCommodityVo  member -> SavedPayment
 * - GET  /api/web/order/getPaymentResult?paymentId, POST body { paymentId }  owner -> PaymentResult
 * - POST /api/uaa/login/wechatXcxTempQrPayCreate?paymentId     owner   -> PayQrCreated
 * - GET  /api/web/order/payDetail?paymentId (mobile pay page)  owner   -> PaymentResult
 * - POST /api/web/order/payConfirm  body PayConfirmBody        owner   -> PayConfirmResult
 * - POST /api/pay/notify/sandbox  body PayNotifyBody           provider (signed) -> PayNotifyResult
 * - GET  /api/web/order/myVip                                  member  -> MyVip
 * - GET  /api/web/order/myOrders?page&pageSize                 member  -> Page(MyOrder)
 * - POST /api/web/user/signIn                                  member  -> SignInResult
 */
import { type Static, Type } from 'typebox';
import { Id, INT4_MAX } from './envelope.ts';
import { MembershipEntry } from './user.ts';

/** Bounds of a purchase; the inputs of /vipopen stop there. */
export const VIP_LIMITS = {
  /** commodities in one order */
  commoditiesMax: 10,
  /** seats of a per-seat commodity (企业会员) in one order */
  seatsMax: 50,
  /** the longest duration a price may be asked for, days */
  dayMax: 3650,
} as const;

/** Durations the commodities are sold for, days (the database holds one price per duration). */
export const VIP_DAY_OPTIONS = [30, 90, 180, 365] as const;

/** Beans: one bean takes this many fen off a price. */
export const FEN_PER_BEAN = 10;
/** Beans may take at most this share (percent) off an order's list price. */
export const BEANS_DEDUCTION_CAP_PERCENT = 20;
/** A pending payment closes (and returns its held beans) this long after it was created. */
export const PAYMENT_TIMEOUT_SECONDS = 15 * 60;
/** A paid order earns this many beans per whole yuan paid (购买会员返钢豆). */
export const BEANS_PER_PAID_YUAN = 1;
/** Beans earned by the daily sign-in (每日签到). */
export const SIGN_IN_BEANS = 2;
/** Beans every new member starts with (注册赠送), so the first contact views can be tried. */
export const SIGNUP_BEANS = 10;

/** A day count in a query or body; the service refuses durations that have no price. */
export const VipDay = Type.Integer({ minimum: 1, maximum: VIP_LIMITS.dayMax, description: '购买时长（天）' });
/** How many seats (企业会员); other commodities are bought once whatever the count. */
export const SeatCount = Type.Integer({
  minimum: 1,
  maximum: VIP_LIMITS.seatsMax,
  default: 1,
  description: '席位数（企业会员按席位计价，其他会员为 1）',
});
const CommodityIds = Type.Array(Id('会员商品 id'), {
  minItems: 1,
  maxItems: VIP_LIMITS.commoditiesMax,
  description: '会员商品 id（可重复传参）',
});
const Fen = (description: string) => Type.Integer({ minimum: 0, maximum: INT4_MAX, description });
const IsoTime = Type.String({ format: 'date-time' });

/** One duration of a commodity with its price. */
export const VipPriceOption = Type.Object({
  day: Type.Integer({ description: '时长（天）' }),
  priceFen: Fen('价格（分），一个席位'),
  /** price per day, rounded to the fen; falls as the duration grows */
  perDayFen: Fen('折合每天（分，四舍五入）'),
  /** what buying this duration saves against buying it at the shortest duration's daily rate */
  saveFen: Fen('比按最短时长的日价购买节省（分）'),
});
export type VipPriceOption = Static<typeof VipPriceOption>;

/** A commodity's texts in English (issue 31), each left out while the commodity has none. */
const VipEnglishFields = {
  nameEn: Type.Optional(Type.String({ description: '英文名（Bean-free membership）' })),
  descriptionEn: Type.Optional(Type.String({ description: '英文说明' })),
  benefitsEn: Type.Optional(Type.Array(Type.String(), { description: '英文权益' })),
};

/** A membership entry for sale (免豆会员 first: the entry that sets the VIP badge). */
export const VipCommodity = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** 1 for 免豆会员, the VIP badge (docs/portal.md#access) */
  isVip: Type.Union([Type.Literal(0), Type.Literal(1)]),
  description: Type.String(),
  benefits: Type.Array(Type.String()),
  ...VipEnglishFields,
  /** priced per seat: the order's count multiplies it (企业会员) */
  perSeat: Type.Boolean(),
  /** ascending by day */
  prices: Type.Array(VipPriceOption),
});
export type VipCommodity = Static<typeof VipCommodity>;

/** How beans work when buying: the rate, the cap and the caller's balance (0 for a visitor). */
export const BeanRule = Type.Object({
  fenPerBean: Type.Integer({ description: '1 钢豆抵扣的金额（分）' }),
  capPercent: Type.Integer({ description: '钢豆最多抵扣订单金额的百分比' }),
  balance: Type.Integer({ description: '当前钢豆余额（未登录为 0）' }),
  /** whether this answer assumes beans are used (getBuyVIPInfoWithIntegral) or not (…DisIntegral) */
  useBeans: Type.Boolean(),
});
export type BeanRule = Static<typeof BeanRule>;

/** GET getBuyVIPInfo / getBuyVIPInfoWithIntegral / getBuyVIPInfoDisIntegral. */
/** Who collects a payment: WeChat Pay, Alipay, or the built-in sandbox (development). */
export const PAY_METHODS = ['wechat', 'alipay', 'sandbox'] as const;
export const PayMethod = Type.Union([
  Type.Literal('wechat'),
  Type.Literal('alipay'),
  Type.Literal('sandbox'),
]);
export type PayMethod = Static<typeof PayMethod>;

/**
 * Where the payer pays from: `desktop` scans a QR code with the phone, `phone` pays in the
 * phone's own browser (WeChat H5, Alipay wap), `wechat` inside WeChat's browser (JSAPI).
 */
export const PAY_SCENES = ['desktop', 'phone', 'wechat'] as const;
export const PayScene = Type.Union([Type.Literal('desktop'), Type.Literal('phone'), Type.Literal('wechat')]);
export type PayScene = Static<typeof PayScene>;

/** A way to pay this portal offers, and where it works. */
export const PayMethodOffer = Type.Object({ method: PayMethod, scenes: Type.Array(PayScene) });
export type PayMethodOffer = Static<typeof PayMethodOffer>;

export const BuyVipInfo = Type.Object({
  commodities: Type.Array(VipCommodity),
  /** the ways to pay, in the order offered (configuration: PAYMENT_PROVIDERS) */
  payMethods: Type.Array(PayMethodOffer),
  /** the durations on sale, ascending */
  days: Type.Array(Type.Integer()),
  beans: BeanRule,
  payTimeoutSeconds: Type.Integer({ description: '待支付订单的关闭时限（秒）' }),
});
export type BuyVipInfo = Static<typeof BuyVipInfo>;

/** GET /api/web/2.0/order/getBuyVIPPrice?day&commodity_id (repeated)&count. */
export const VipPriceQuery = Type.Object({
  day: VipDay,
  commodity_id: CommodityIds,
  count: Type.Optional(SeatCount),
});
export type VipPriceQuery = Static<typeof VipPriceQuery>;

/** One line of a quote or an order. */
export const VipOrderItem = Type.Object({
  commodityId: Type.Integer(),
  name: Type.String(),
  isVip: Type.Union([Type.Literal(0), Type.Literal(1)]),
  day: Type.Integer(),
  /** seats (1 unless the commodity is per seat) */
  count: Type.Integer(),
});
export type VipOrderItem = Static<typeof VipOrderItem>;

export const VipQuoteItem = Type.Object({
  ...VipOrderItem.properties,
  unitPriceFen: Fen('单价（分）'),
  subtotalFen: Fen('小计（分）= 单价 × 席位'),
});
export type VipQuoteItem = Static<typeof VipQuoteItem>;

/** The price of a choice, computed on the server. */
export const VipPrice = Type.Object({
  day: Type.Integer(),
  count: Type.Integer(),
  items: Type.Array(VipQuoteItem),
  listFen: Fen('合计（分）'),
  perDayFen: Fen('合计折合每天（分，四舍五入）'),
});
export type VipPrice = Static<typeof VipPrice>;

/** GET /api/web/order/checkDerateCount?days&count&ids (repeated). */
export const DerateQuery = Type.Object({
  days: VipDay,
  count: Type.Optional(SeatCount),
  ids: CommodityIds,
});
export type DerateQuery = Static<typeof DerateQuery>;

/** What beans would take off that purchase. */
export const DerateResult = Type.Object({
  listFen: Fen('合计（分）'),
  /** the most beans may take off: capPercent of listFen, in whole beans */
  maxDeductionFen: Fen('最多可抵扣（分）'),
  /** beans that the full deduction needs */
  beansNeeded: Type.Integer({ description: '全额抵扣所需钢豆' }),
  balance: Type.Integer({ description: '当前钢豆余额' }),
  /** beans this order would use now: min(balance, beansNeeded) */
  beansUsed: Type.Integer(),
  deductionFen: Fen('本单可抵扣（分）'),
  /** listFen - deductionFen */
  amountFen: Fen('抵扣后应付（分）'),
  /** the balance covers the full deduction */
  enough: Type.Boolean(),
  fenPerBean: Type.Integer(),
  capPercent: Type.Integer(),
});
export type DerateResult = Static<typeof DerateResult>;

/** POST /api/web/order/savePayment?count: the query. */
export const SavePaymentQuery = Type.Object({ count: Type.Optional(SeatCount) });
export type SavePaymentQuery = Static<typeof SavePaymentQuery>;

/** …and its body buyVipCommodityVo. Any price a client adds is dropped: the server prices. */
export const BuyVipCommodityVo = Type.Object({
  commodityIds: CommodityIds,
  day: VipDay,
  useBeans: Type.Boolean({ description: '使用钢豆抵扣' }),
});
export type BuyVipCommodityVo = Static<typeof BuyVipCommodityVo>;

export const PaymentState = Type.Union([
  Type.Literal('pending'),
  Type.Literal('paid'),
  Type.Literal('closed'),
]);
export type PaymentState = Static<typeof PaymentState>;

/** An order as its buyer sees it (history also shows `refunded`). */
export const OrderState = Type.Union([
  Type.Literal('pending'),
  Type.Literal('paid'),
  Type.Literal('closed'),
  Type.Literal('refunded'),
]);
export type OrderState = Static<typeof OrderState>;

/** The answer of savePayment: a pending payment of a new order. */
export const SavedPayment = Type.Object({
  paymentId: Type.Integer(),
  orderId: Type.Integer(),
  orderNo: Type.String(),
  state: PaymentState,
  items: Type.Array(VipQuoteItem),
  listFen: Fen('合计（分）'),
  beansUsed: Type.Integer({ description: '冻结用于抵扣的钢豆' }),
  deductionFen: Fen('钢豆抵扣（分）'),
  amountFen: Fen('应付（分）'),
  /** beans the order earns once paid */
  rewardBeans: Type.Integer({ description: '支付成功后赠送的钢豆' }),
  expiresAt: IsoTime,
  expiresInSeconds: Type.Integer(),
});
export type SavedPayment = Static<typeof SavedPayment>;

/** GET getPaymentResult?paymentId, POST body { paymentId }, GET payDetail?paymentId, QR create. */
export const PaymentIdQuery = Type.Object({ paymentId: Id('支付单 id') });
export type PaymentIdQuery = Static<typeof PaymentIdQuery>;

/** A payment as its owner polls it (desktop /vipopen) or reads it (mobile pay page). */
export const PaymentResult = Type.Object({
  paymentId: Type.Integer(),
  orderNo: Type.String(),
  state: PaymentState,
  /** who collects it (the one the payer chose; sandbox until then in development) */
  method: PayMethod,
  items: Type.Array(VipOrderItem),
  listFen: Fen('合计（分）'),
  beansUsed: Type.Integer(),
  deductionFen: Fen('钢豆抵扣（分）'),
  amountFen: Fen('应付（分）'),
  /** beans the payment earns (earned once paid) */
  rewardBeans: Type.Integer({ description: '支付成功后赠送的钢豆' }),
  createdAt: IsoTime,
  expiresAt: IsoTime,
  /** seconds until a pending payment closes; 0 once it is not pending */
  expiresInSeconds: Type.Integer(),
  paidAt: Type.Union([IsoTime, Type.Null()]),
  closedAt: Type.Union([IsoTime, Type.Null()]),
  /** the caller's membership entries now (for VIPINFO / memberVipInfo and the header badge) */
  userNewVipVo: Type.Array(MembershipEntry),
  /** the membership periods this payment bought (empty until paid) */
  extended: Type.Array(
    Type.Object({ commodityId: Type.Integer(), name: Type.String(), startsAt: IsoTime, expiresAt: IsoTime }),
  ),
  /** the caller's bean balance now */
  beans: Type.Integer(),
});
export type PaymentResult = Static<typeof PaymentResult>;

/** POST /api/uaa/login/wechatXcxTempQrPayCreate?paymentId: the QR of a pending payment. */
export const PayQrCreated = Type.Object({
  paymentId: Type.Integer(),
  /** data:image/png;base64,... (a real QR code of qrUrl) */
  qrImage: Type.String(),
  /**
   * the address the QR encodes: WeChat's or Alipay's code for the payment, or the sandbox's
   * mobile pay page /m/pay/:paymentId
   */
  qrUrl: Type.String(),
  method: PayMethod,
  amountFen: Fen('应付（分）'),
  expiresAt: IsoTime,
  expiresInSeconds: Type.Integer(),
});
export type PayQrCreated = Static<typeof PayQrCreated>;

/** POST /api/web/order/payStart: the payer chose how and where to pay a pending payment. */
export const PayStartBody = Type.Object({
  paymentId: Id('支付单 id'),
  method: PayMethod,
  scene: PayScene,
});
export type PayStartBody = Static<typeof PayStartBody>;

/**
 * What the payer does next: scan `qrImage` (desktop), open `url` on the phone (H5 / wap, and the
 * sandbox's own pay page), or hand `jsapi` to WeixinJSBridge inside WeChat.
 */
export const PayStarted = Type.Object({
  paymentId: Type.Integer(),
  method: PayMethod,
  kind: Type.Union([Type.Literal('qr'), Type.Literal('redirect'), Type.Literal('jsapi')]),
  /** data:image/png;base64,... of `codeUrl` (kind qr) */
  qrImage: Type.Union([Type.String(), Type.Null()]),
  codeUrl: Type.Union([Type.String(), Type.Null()]),
  /** the provider's pay page for the phone (kind redirect) */
  url: Type.Union([Type.String(), Type.Null()]),
  /** getBrandWCPayRequest's signed fields (kind jsapi) */
  jsapi: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]),
  amountFen: Fen('应付（分）'),
  expiresAt: IsoTime,
  expiresInSeconds: Type.Integer(),
});
export type PayStarted = Static<typeof PayStarted>;

/** POST /api/web/order/payConfirm: the mobile pay page's 确认支付 or 取消. */
export const PayConfirmBody = Type.Object({
  paymentId: Id('支付单 id'),
  /** 取消: closes the pending payment now and returns its held beans */
  cancel: Type.Optional(Type.Boolean()),
});
export type PayConfirmBody = Static<typeof PayConfirmBody>;

export const PayConfirmResult = Type.Object({ state: PaymentState });
export type PayConfirmResult = Static<typeof PayConfirmResult>;

/**
 * POST /api/pay/notify/sandbox: the payment provider's notification. The signature is
 * HMAC-SHA256 (hex) over `paymentId|providerRef|amountFen|timestamp|nonce` with the provider key.
 */
export const PayNotifyBody = Type.Object({
  paymentId: Id(),
  providerRef: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }),
  amountFen: Type.Integer({ minimum: 0, maximum: INT4_MAX }),
  /** unix seconds */
  timestamp: Type.Integer({ minimum: 0, maximum: INT4_MAX }),
  nonce: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }),
  signature: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});
export type PayNotifyBody = Static<typeof PayNotifyBody>;

/** What the notify endpoint answers the provider: the payment's state after it. */
export const PayNotifyResult = Type.Object({ paymentId: Type.Integer(), state: PaymentState });
export type PayNotifyResult = Static<typeof PayNotifyResult>;

/** GET /api/web/order/myVip: every commodity with the caller's membership of it. */
export const MyVipEntry = Type.Object({
  commodityId: Type.Integer(),
  name: Type.String(),
  isVip: Type.Union([Type.Literal(0), Type.Literal(1)]),
  description: Type.String(),
  benefits: Type.Array(Type.String()),
  ...VipEnglishFields,
  /** the caller holds it now */
  active: Type.Boolean(),
  /** end of the latest paid period (may lie in the past) */
  expireAt: Type.Union([IsoTime, Type.Null()]),
  /** whole days left, 0 when not active */
  daysLeft: Type.Integer(),
  /** seats of the latest period (企业会员) */
  seats: Type.Integer(),
});
export type MyVipEntry = Static<typeof MyVipEntry>;

export const MyVip = Type.Object({
  /** the caller is VIP now (免豆会员 active) */
  isVip: Type.Boolean(),
  entries: Type.Array(MyVipEntry),
  userNewVipVo: Type.Array(MembershipEntry),
  beans: Type.Integer(),
});
export type MyVip = Static<typeof MyVip>;

/** GET /api/web/order/myOrders?page&pageSize: one order of the caller, newest first. */
export const MyOrder = Type.Object({
  orderId: Type.Integer(),
  orderNo: Type.String(),
  /** the latest payment of the order */
  paymentId: Type.Union([Type.Integer(), Type.Null()]),
  state: OrderState,
  items: Type.Array(VipOrderItem),
  day: Type.Integer(),
  count: Type.Integer(),
  listFen: Fen('合计（分）'),
  beansUsed: Type.Integer(),
  deductionFen: Fen('钢豆抵扣（分）'),
  amountFen: Fen('实付/应付（分）'),
  createdAt: IsoTime,
  expiresAt: IsoTime,
  paidAt: Type.Union([IsoTime, Type.Null()]),
  closedAt: Type.Union([IsoTime, Type.Null()]),
});
export type MyOrder = Static<typeof MyOrder>;

/** POST /api/web/user/signIn: the daily sign-in (每日签到). */
export const SignInResult = Type.Object({
  /** beans earned by this call (0 when already signed in today) */
  earned: Type.Integer(),
  alreadySigned: Type.Boolean(),
  balance: Type.Integer(),
});
export type SignInResult = Static<typeof SignInResult>;
