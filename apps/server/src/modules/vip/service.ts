/**
 * VIP membership bought by QR code (issue 14): the catalogue and its prices, the beans
 * deduction, orders with their pending payment, the payment's QR and mobile pay page, the
 * provider's signed notification that marks a payment paid and extends the membership, and the
 * job that closes unpaid payments and returns their beans.
 *
 * Money is integer fen. The server prices every order from the stored prices; whatever a client
 * says a price is, it is never read. A payment turns paid only through a verified notification,
 * inside one transaction that also extends the membership and writes the ledger, under the
 * payment row's lock: duplicate or concurrent notifications find it paid and change nothing.
 */
import type {
  BuyVipCommodityVo,
  BuyVipInfo,
  DerateQuery,
  DerateResult,
  MyOrder,
  MyVip,
  PageOf,
  PageQuery,
  PayConfirmResult,
  PaymentResult,
  PayNotifyBody,
  PayNotifyResult,
  PayQrCreated,
  PayStartBody,
  PayStarted,
  SavedPayment,
  VipPrice,
  VipPriceQuery,
} from '@steelport/contracts';
import type { Db } from '../../db/client.ts';
import type { Payments, RawNotification } from '../../providers/payment/index.ts';
import type { KvStore } from '../../store/index.ts';
import type { openCheckService } from '../open-check/service.ts';
import { catalogMethods } from './catalog.ts';
import { checkoutMethods } from './checkout.ts';
import { orderMethods } from './orders.ts';
import type { Log } from './settlement.ts';

export { applyPeriodChanges, grantMembership } from './memberships.ts';
export { markOrderRefunded, recordRefundAnswer, recordRewardTakeback } from './refunds.ts';
export {
  closeExpiredPayments,
  closePayment,
  expirePaymentNow,
  paymentStates,
  QUERY_AFTER_MS,
  reconcilePayments,
  settleEvent,
} from './settlement.ts';

/** How a notification went, for the route to answer in the provider's shape. */
export interface NotifyOutcome {
  accepted: boolean;
  message: string;
}

export interface VipService {
  /** getBuyVIPInfo (visitor: userId null), …WithIntegral (useBeans true), …DisIntegral (false). */
  info(userId: number | null, useBeans: boolean): Promise<BuyVipInfo>;
  price(query: VipPriceQuery): Promise<VipPrice>;
  derate(userId: number, query: DerateQuery): Promise<DerateResult>;
  savePayment(userId: number, body: BuyVipCommodityVo, count: number): Promise<SavedPayment>;
  /** The owner's view of a payment (desktop polling, mobile pay page); 404 for anyone else. */
  result(userId: number, paymentId: number): Promise<PaymentResult>;
  /** wechatXcxTempQrPayCreate: the desktop QR of the first provider that collects by QR. */
  payQr(userId: number, paymentId: number, clientIp: string): Promise<PayQrCreated>;
  /** The payer chose a provider and a scene: the trade opens there (a switch closes the old one). */
  start(userId: number, body: PayStartBody, clientIp: string): Promise<PayStarted>;
  /** The mobile pay page: 确认支付 (the provider pays and notifies) or 取消 (closes it now). */
  confirm(userId: number, paymentId: number, cancel: boolean): Promise<PayConfirmResult>;
  /** The sandbox's notification: verified, then settled exactly once. */
  notify(body: PayNotifyBody): Promise<PayNotifyResult>;
  /**
   * A real provider's notification, as it arrived: verified by the provider's own scheme, then
   * settled exactly once (payments) or recorded (refunds). Never throws for a bad notification:
   * the outcome says whether the provider should stop resending.
   */
  notifyFrom(providerName: string, raw: RawNotification): Promise<NotifyOutcome>;
  myVip(userId: number): Promise<MyVip>;
  myOrders(userId: number, query: PageQuery): Promise<PageOf<MyOrder>>;
}

/** What the VIP service is built over. */
export interface VipDeps {
  db: Db;
  store: KvStore;
  payments: Payments;
  log: Log;
  /** where the phone comes back to after paying at the provider */
  publicUrl: string;
  /** refuses new orders while operators keep 在线支付 closed (openCheck) */
  services: ReturnType<typeof openCheckService>;
}

/**
 * The VIP service over the database, the shared store (rate limits) and the payment providers:
 * the catalogue and the member's reads (`catalog.ts`), orders (`orders.ts`) and paying them
 * (`checkout.ts`, settled by `settlement.ts`). The module is the one writer of orders, payments
 * and memberships: the console's grants and refunds go through the functions exported here
 * (`memberships.ts`, `refunds.ts`), each inside its caller's transaction.
 */
export function vipService(deps: VipDeps): VipService {
  return { ...catalogMethods(deps), ...orderMethods(deps), ...checkoutMethods(deps) };
}
