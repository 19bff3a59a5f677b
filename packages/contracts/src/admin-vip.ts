/**
 * The operator console's VIP part (issue 18): the commodities for sale with their prices per
 * duration, and the orders with their payments and refunds.
 *
 * Paths, all access `admin`, tag `admin`:
 * - GET  /api/admin/vip/commodities                      -> AdminVipCommodityList
 * - PUT  /api/admin/vip/commodities/:id  body AdminVipCommodityBody -> AdminVipCommodity
 * - GET  /api/admin/vip/orders?keyword&state&from&to&page&pageSize -> Page(AdminVipOrderRow)
 * - GET  /api/admin/vip/orders/:id                       -> AdminVipOrderDetail
 * - POST /api/admin/vip/orders/:id/refund  body AdminVipRefundBody -> AdminVipOrderDetail
 *
 * Money is yuan with two decimals here (the console speaks 元; the database keeps fen). A refund
 * returns the whole payment through the payment provider, the beans the order took off its price,
 * takes back the beans the payment granted as its reward (never below a zero balance: what was
 * already spent is recorded on the order as owed, `rewardBeansOwed`), and takes the order's days
 * off the membership it bought (never below now); it is one transaction with one audit row
 * (`order.refund`). A second refund is code 1.
 */
import { type Static, Type } from 'typebox';
import { AdminReason } from './admin.ts';
import { Id, PAGE_SIZE_MAX } from './envelope.ts';
import { DayString } from './index-data.ts';
import { OrderSeats } from './seats.ts';
import { OrderState, VIP_DAY_OPTIONS } from './vip.ts';

export const ADMIN_VIP_LIMITS = {
  nameMax: 30,
  descriptionMax: 500,
  benefitsMax: 10,
  benefitMax: 60,
  /** the highest price of one duration, yuan */
  priceMaxYuan: 100_000,
  keywordMax: 32,
  pageSizeMax: PAGE_SIZE_MAX,
} as const;
const L = ADMIN_VIP_LIMITS;

const IsoTime = Type.String({ format: 'date-time' });
const Yuan = (description: string) => Type.Number({ minimum: 0, description });

/** A duration the catalogue sells (days). */
export const AdminVipDay = Type.Union(
  [
    Type.Literal(VIP_DAY_OPTIONS[0]),
    Type.Literal(VIP_DAY_OPTIONS[1]),
    Type.Literal(VIP_DAY_OPTIONS[2]),
    Type.Literal(VIP_DAY_OPTIONS[3]),
  ],
  { description: `时长（天）：${VIP_DAY_OPTIONS.join('、')}` },
);

/** One duration's price; a duration left out of a commodity's prices is not sold. */
export const AdminVipPrice = Type.Object({
  day: AdminVipDay,
  priceYuan: Type.Number({
    exclusiveMinimum: 0,
    maximum: L.priceMaxYuan,
    description: `价格（元，最多两位小数，大于 0 且不超过 ${L.priceMaxYuan}）`,
  }),
});
export type AdminVipPrice = Static<typeof AdminVipPrice>;

/** A commodity as the console lists it, on sale or not. */
export const AdminVipCommodity = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** 1 for 免豆会员: the portal finds the VIP entry by this name, so it cannot be renamed */
  isVip: Type.Union([Type.Literal(0), Type.Literal(1)]),
  description: Type.String(),
  benefits: Type.Array(Type.String()),
  active: Type.Boolean(),
  perSeat: Type.Boolean(),
  dataAccess: Type.Boolean(),
  sort: Type.Integer(),
  /** ascending by day */
  prices: Type.Array(AdminVipPrice),
  updatedAt: IsoTime,
});
export type AdminVipCommodity = Static<typeof AdminVipCommodity>;

export const AdminVipCommodityList = Type.Object({
  list: Type.Array(AdminVipCommodity),
  /** the durations a price may be set for */
  days: Type.Array(Type.Integer()),
});
export type AdminVipCommodityList = Static<typeof AdminVipCommodityList>;

export const AdminVipCommodityIdParams = Type.Object({ id: Id('会员商品 id') });
export type AdminVipCommodityIdParams = Static<typeof AdminVipCommodityIdParams>;

/** The whole editable commodity: an active one keeps at least one price (code 1). */
export const AdminVipCommodityBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: L.nameMax, description: '名称' }),
  description: Type.String({ maxLength: L.descriptionMax, description: '说明' }),
  benefits: Type.Array(Type.String({ minLength: 1, maxLength: L.benefitMax }), {
    maxItems: L.benefitsMax,
    description: '权益（每条一句）',
  }),
  active: Type.Boolean({ description: '上架' }),
  prices: Type.Array(AdminVipPrice, {
    maxItems: VIP_DAY_OPTIONS.length,
    description: '各时长价格；未列出的时长不售',
  }),
});
export type AdminVipCommodityBody = Static<typeof AdminVipCommodityBody>;

export const AdminVipOrderQuery = Type.Object({
  /** an order number or a phone, or a part of one */
  keyword: Type.Optional(Type.String({ maxLength: L.keywordMax, description: '订单号或手机号' })),
  state: Type.Optional(OrderState),
  /** first day of creation, inclusive (Asia/Shanghai) */
  from: Type.Optional(DayString),
  /** last day of creation, inclusive (Asia/Shanghai) */
  to: Type.Optional(DayString),
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: L.pageSizeMax, default: 20 }),
});
export type AdminVipOrderQuery = Static<typeof AdminVipOrderQuery>;

export const AdminVipOrderIdParams = Type.Object({ id: Id('订单 id') });
export type AdminVipOrderIdParams = Static<typeof AdminVipOrderIdParams>;

/** An order in the console's list: the buyer's phone unmasked (operators see it). */
export const AdminVipOrderRow = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  userId: Type.Integer(),
  phone: Type.String(),
  linkMan: Type.String(),
  commodities: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  days: Type.Integer(),
  quantity: Type.Integer(),
  listYuan: Yuan('原价合计（元）'),
  beansUsed: Type.Integer({ description: '抵扣用掉的钢豆' }),
  deductionYuan: Yuan('钢豆抵扣（元）'),
  amountYuan: Yuan('实付/应付（元）'),
  /** of the beans the payment granted as its reward, what the refund took back (0 until refunded) */
  rewardBeansTaken: Type.Integer({ minimum: 0, description: '退款收回的购买赠送钢豆' }),
  /** what of that reward the buyer had already spent: owed, not taken below a zero balance */
  rewardBeansOwed: Type.Integer({ minimum: 0, description: '赠送钢豆已被使用、无法收回的部分（欠款）' }),
  state: OrderState,
  createdAt: IsoTime,
  paidAt: Type.Union([IsoTime, Type.Null()]),
  /** closed unpaid, or (state refunded) when it was refunded */
  closedAt: Type.Union([IsoTime, Type.Null()]),
});
export type AdminVipOrderRow = Static<typeof AdminVipOrderRow>;

export const AdminVipPayment = Type.Object({
  id: Type.Integer(),
  provider: Type.String(),
  providerRef: Type.Union([Type.String(), Type.Null()]),
  amountYuan: Yuan('金额（元）'),
  state: OrderState,
  createdAt: IsoTime,
  paidAt: Type.Union([IsoTime, Type.Null()]),
  /** where the payer paid from (desktop QR, phone browser, inside WeChat); null until chosen */
  scene: Type.Union([Type.String(), Type.Null()]),
  /** a refund at the provider: asked (processing), done (success) or refused (failed) */
  refundState: Type.Union([
    Type.Literal('processing'),
    Type.Literal('success'),
    Type.Literal('failed'),
    Type.Null(),
  ]),
  refundRef: Type.Union([Type.String(), Type.Null()]),
});
export type AdminVipPayment = Static<typeof AdminVipPayment>;

/** A membership the order bought (or would lose on refund): its latest end now and after refund. */
export const AdminVipMembershipChange = Type.Object({
  commodityId: Type.Integer(),
  name: Type.String(),
  /** the user's latest end of this membership now (null: none) */
  expiresAt: Type.Union([IsoTime, Type.Null()]),
  /** what it would be after the refund */
  expiresAtAfter: Type.Union([IsoTime, Type.Null()]),
  /** whole days a refund takes off (rounded) */
  days: Type.Integer(),
});
export type AdminVipMembershipChange = Static<typeof AdminVipMembershipChange>;

/** What a refund would do, computed now; null when the order cannot be refunded. */
export const AdminVipRefundPreview = Type.Object({
  amountYuan: Yuan('退款金额（元）'),
  /** beans returned to the buyer (those the order took off its price) */
  beans: Type.Integer(),
  /** beans the payment granted as its purchase reward */
  rewardBeans: Type.Integer({ minimum: 0 }),
  /** of those, what the refund takes back: as many as the balance holds after the return */
  rewardBeansTaken: Type.Integer({ minimum: 0 }),
  /** the rest, already spent: recorded on the order as owed */
  rewardBeansOwed: Type.Integer({ minimum: 0 }),
  memberships: Type.Array(AdminVipMembershipChange),
});
export type AdminVipRefundPreview = Static<typeof AdminVipRefundPreview>;

export const AdminVipOrderDetail = Type.Object({
  order: AdminVipOrderRow,
  payments: Type.Array(AdminVipPayment),
  /** the membership periods the order bought (empty once refunded before it started) */
  periods: Type.Array(
    Type.Object({ commodityId: Type.Integer(), name: Type.String(), startsAt: IsoTime, expiresAt: IsoTime }),
  ),
  refund: Type.Union([AdminVipRefundPreview, Type.Null()]),
  /** 企业会员 orders: the seats bought and who holds the owner's seats now; null for other orders */
  seats: Type.Union([OrderSeats, Type.Null()]),
});
export type AdminVipOrderDetail = Static<typeof AdminVipOrderDetail>;

export const AdminVipRefundBody = Type.Object({ reason: AdminReason });
export type AdminVipRefundBody = Static<typeof AdminVipRefundBody>;
