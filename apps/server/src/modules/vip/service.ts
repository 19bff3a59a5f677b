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
import { randomInt } from 'node:crypto';
import {
  BEANS_DEDUCTION_CAP_PERCENT,
  type BuyVipCommodityVo,
  type BuyVipInfo,
  type DerateQuery,
  type DerateResult,
  FEN_PER_BEAN,
  type MyOrder,
  type MyVip,
  PAYMENT_TIMEOUT_SECONDS,
  type PageOf,
  type PageQuery,
  type PayConfirmResult,
  type PaymentResult,
  type PaymentState,
  type PayNotifyBody,
  type PayNotifyResult,
  type PayQrCreated,
  type SavedPayment,
  type VipPrice,
  type VipPriceQuery,
} from '@steelport/contracts';
import QRCode from 'qrcode';
import { DAY_MS, dayString, MINUTE_MS, SECOND_MS } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { BusinessError, NotFound } from '../../errors.ts';
import { limitRate } from '../../plugins/rate-limit.ts';
import type { KvStore } from '../../store/index.ts';
import { myInfoOf } from '../account/service.ts';
import { lockedBalance, moveBeans, readBalance } from '../beans/service.ts';
import type { PaymentProvider } from '../payment/provider.ts';
import { presentBuyInfo, presentMyVip, presentOrder, presentPaymentResult, presentPrice } from './present.ts';
import { deduction, purchaseReward, quote } from './pricing.ts';
import * as repo from './repo.ts';

const PAYMENT_TIMEOUT_MS = PAYMENT_TIMEOUT_SECONDS * SECOND_MS;
/** Orders one member may create in a minute (each holds beans until it closes). */
const ORDERS_PER_MINUTE = 10;
/** Payments the closing job closes per run; the next run takes the rest. */
const CLOSE_BATCH = 200;

export interface VipService {
  /** getBuyVIPInfo (visitor: userId null), …WithIntegral (useBeans true), …DisIntegral (false). */
  info(userId: number | null, useBeans: boolean): Promise<BuyVipInfo>;
  price(query: VipPriceQuery): Promise<VipPrice>;
  derate(userId: number, query: DerateQuery): Promise<DerateResult>;
  savePayment(userId: number, body: BuyVipCommodityVo, count: number): Promise<SavedPayment>;
  /** The owner's view of a payment (desktop polling, mobile pay page); 404 for anyone else. */
  result(userId: number, paymentId: number): Promise<PaymentResult>;
  payQr(userId: number, paymentId: number): Promise<PayQrCreated>;
  /** The mobile pay page: 确认支付 (the provider pays and notifies) or 取消 (closes it now). */
  confirm(userId: number, paymentId: number, cancel: boolean): Promise<PayConfirmResult>;
  /** The provider's notification: verified, then settled exactly once. */
  notify(body: PayNotifyBody): Promise<PayNotifyResult>;
  myVip(userId: number): Promise<MyVip>;
  myOrders(userId: number, query: PageQuery): Promise<PageOf<MyOrder>>;
}

/** The VIP service over the database, the shared store (rate limits) and a payment provider. */
export function vipService(deps: { db: Db; store: KvStore; provider: PaymentProvider }): VipService {
  const { db, store, provider } = deps;

  /** The payment if the caller owns it; someone else's reads exactly like a missing one. */
  const ownPayment = async (userId: number, paymentId: number) => {
    const p = await repo.findPayment(db, paymentId);
    if (!p || p.userId !== userId) throw new NotFound('支付单不存在');
    return p;
  };

  /** A pending payment past its time is closed on sight (the job would close it within a minute). */
  const closeIfExpired = async (p: repo.PaymentRow, now = new Date()) => {
    if (p.state !== 'pending' || p.expiresAt > now) return p;
    await closePayment(db, p.id, now);
    return (await repo.findPayment(db, p.id)) ?? p;
  };

  const resultOf = async (userId: number, p: repo.PaymentRow): Promise<PaymentResult> => {
    const [names, periods, me] = [
      await repo.commodityNames(db, p.commodityIds),
      await repo.membershipsOfOrder(db, p.orderId),
      await myInfoOf(db, userId),
    ];
    return presentPaymentResult(p, names, periods, me, new Date());
  };

  return {
    async info(userId, useBeans) {
      const catalog = await repo.loadCatalog(db);
      const balance = userId === null ? 0 : ((await readBalance(db, userId)) ?? 0);
      return presentBuyInfo(catalog, { balance, useBeans: userId !== null && useBeans });
    },

    async price(query) {
      const q = quote(await repo.loadCatalog(db), query.commodity_id, query.day, query.count ?? 1);
      return presentPrice(q);
    },

    async derate(userId, query) {
      const q = quote(await repo.loadCatalog(db), query.ids, query.days, query.count ?? 1);
      const balance = (await readBalance(db, userId)) ?? 0;
      const d = deduction(q.listFen, balance);
      return {
        listFen: q.listFen,
        maxDeductionFen: d.maxDeductionFen,
        beansNeeded: d.beansNeeded,
        balance,
        beansUsed: d.beansUsed,
        deductionFen: d.deductionFen,
        amountFen: d.amountFen,
        enough: d.enough,
        fenPerBean: FEN_PER_BEAN,
        capPercent: BEANS_DEDUCTION_CAP_PERCENT,
      };
    },

    async savePayment(userId, body, count) {
      await limitRate(store, `vip:order:${userId}`, ORDERS_PER_MINUTE, MINUTE_MS);
      const q = quote(await repo.loadCatalog(db), body.commodityIds, body.day, count);
      const now = new Date();
      const expiresAt = new Date(now.getTime() + PAYMENT_TIMEOUT_MS);
      const orderNo = newOrderNo(now);
      const saved = await db.transaction(async (tx) => {
        // The user row's lock: the balance read here is the one the hold takes from.
        const balance = await lockedBalance(tx, userId);
        const d = deduction(q.listFen, balance, body.useBeans);
        if (body.useBeans && d.beansNeeded > 0 && d.beansUsed === 0) {
          throw new BusinessError(`钢豆不足：抵扣需要钢豆，当前余额 ${balance} 个。可关闭钢豆抵扣后直接支付`);
        }
        const orderId = await repo.insertOrder(tx, {
          orderNo,
          userId,
          commodityIds: q.items.map((i) => i.commodityId),
          days: q.day,
          quantity: count,
          listFen: q.listFen,
          beansUsed: d.beansUsed,
          deductionFen: d.deductionFen,
          amountFen: d.amountFen,
          state: 'pending',
          expiresAt,
          createdAt: now,
          updatedAt: now,
        });
        const paymentId = await repo.insertPayment(tx, {
          orderId,
          provider: provider.name,
          amountFen: d.amountFen,
          state: 'pending',
          expiresAt,
          createdAt: now,
          updatedAt: now,
        });
        if (d.beansUsed > 0) {
          const held = await moveBeans(tx, {
            userId,
            delta: -d.beansUsed,
            reason: 'held',
            refType: 'vip_order',
            refId: orderId,
            note: `会员订单 ${orderNo} 钢豆抵扣`,
          });
          if (held.kind !== 'moved') throw new BusinessError('钢豆余额已变化，请重新下单');
        }
        return { orderId, paymentId, d };
      });
      return {
        paymentId: saved.paymentId,
        orderId: saved.orderId,
        orderNo,
        state: 'pending',
        items: q.items,
        listFen: q.listFen,
        beansUsed: saved.d.beansUsed,
        deductionFen: saved.d.deductionFen,
        amountFen: saved.d.amountFen,
        rewardBeans: purchaseReward(saved.d.amountFen),
        expiresAt: expiresAt.toISOString(),
        expiresInSeconds: PAYMENT_TIMEOUT_SECONDS,
      };
    },

    async result(userId, paymentId) {
      const p = await closeIfExpired(await ownPayment(userId, paymentId));
      return resultOf(userId, p);
    },

    async payQr(userId, paymentId) {
      const p = await closeIfExpired(await ownPayment(userId, paymentId));
      if (p.state === 'paid') throw new BusinessError('该订单已支付');
      if (p.state !== 'pending') throw new BusinessError('支付已超时关闭，请重新下单');
      const qrUrl = provider.payUrl(p.id);
      const qrImage = await QRCode.toDataURL(qrUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
      return {
        paymentId: p.id,
        qrImage,
        qrUrl,
        amountFen: p.amountFen,
        expiresAt: p.expiresAt.toISOString(),
        expiresInSeconds: secondsLeft(p.expiresAt, new Date()),
      };
    },

    async confirm(userId, paymentId, cancel) {
      const p = await closeIfExpired(await ownPayment(userId, paymentId));
      if (cancel) {
        if (p.state === 'pending') await closePayment(db, p.id, new Date());
        const after = await repo.findPayment(db, p.id);
        return { state: stateOf(after?.state ?? 'closed') };
      }
      if (p.state === 'paid') return { state: 'paid' };
      if (p.state !== 'pending') throw new BusinessError('支付已超时关闭，请在电脑上重新下单');
      try {
        await provider.pay({ id: p.id, amountFen: p.amountFen });
      } catch {
        throw new BusinessError('支付未成功，请稍后重试');
      }
      const after = await repo.findPayment(db, p.id);
      return { state: stateOf(after?.state ?? 'pending') };
    },

    async notify(body) {
      const rejected = provider.verify(body);
      if (rejected === 'signature') throw new BusinessError('支付通知签名无效');
      if (rejected === 'stale') throw new BusinessError('支付通知已过期');
      // A deadlock or serialization failure rolls everything back: settle again from the start.
      const state = await transactionWithRetry(db, (tx) => settle(tx, body));
      return { paymentId: body.paymentId, state };
    },

    async myVip(userId) {
      const now = new Date();
      const [catalog, summary, me] = [
        await repo.loadCatalog(db),
        await repo.membershipSummary(db, userId, now),
        await myInfoOf(db, userId),
      ];
      if (!me) throw new NotFound('用户不存在');
      return presentMyVip(catalog, summary, me, now);
    },

    async myOrders(userId, { page, pageSize }) {
      const { list, total } = await repo.ordersPage(db, userId, page, pageSize);
      const names = await repo.commodityNames(db, [...new Set(list.flatMap((o) => o.commodityIds))]);
      return { list: list.map((o) => presentOrder(o, names)), total, page, pageSize };
    },
  };
}

/**
 * Settles a verified notification inside `tx`, under the payment's lock: unknown payment or a
 * wrong amount is refused (nothing changes); a paid one answers paid again; a pending one turns
 * paid, each commodity's membership extends from the later of now and its current expiry, and
 * the purchase reward is written to the ledger.
 *
 * Locks in one order: the payment (with its order), then the buyer's user row `for update`,
 * before anything is written. The membership insert's foreign key takes a key-share lock on the
 * user row; taken before the ledger's update lock, two settlements of one buyer each held the
 * share and waited for the other's (deadlock, issue 28). Under the user lock the buyer's
 * settlements also run one after another, so each reads the expiry the previous one wrote.
 */
async function settle(tx: DbOrTx, body: PayNotifyBody): Promise<PaymentState> {
  const p = await repo.lockPayment(tx, body.paymentId);
  if (!p) throw new NotFound('支付单不存在');
  if (p.amountFen !== body.amountFen) throw new BusinessError('支付金额与订单不符');
  if (p.state === 'paid') return 'paid';
  if (p.state !== 'pending') throw new BusinessError('支付单已关闭');
  await lockedBalance(tx, p.userId);
  const at = new Date();
  if (!(await repo.markPaid(tx, { ...body, orderId: p.orderId, at }))) return 'paid';
  // Names of the order's commodities, on sale or not any more: a period keeps its seats.
  const bought = await repo.commodityNames(tx, p.commodityIds);
  for (const commodityId of p.commodityIds) {
    const latest = await repo.latestExpiry(tx, p.userId, commodityId);
    const startsAt = latest && latest > at ? latest : at;
    await repo.insertMembership(tx, {
      userId: p.userId,
      commodityId,
      startsAt,
      expiresAt: new Date(startsAt.getTime() + p.days * DAY_MS),
      seats: bought.get(commodityId)?.perSeat ? p.quantity : 1,
      sourceOrderId: p.orderId,
      createdAt: at,
    });
  }
  const reward = purchaseReward(p.amountFen);
  if (reward > 0) {
    await moveBeans(tx, {
      userId: p.userId,
      delta: reward,
      reason: 'earned',
      refType: 'vip_order',
      refId: p.orderId,
      note: `购买会员赠送钢豆（订单 ${p.orderNo}）`,
    });
  }
  return 'paid';
}

/**
 * Closes one pending payment and its order and returns the beans it held, in one transaction
 * under the payment's lock; a payment no longer pending is left alone. True when it closed.
 */
export async function closePayment(db: Db, paymentId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const p = await repo.lockPayment(tx, paymentId);
    if (p?.state !== 'pending') return false;
    await repo.markClosed(tx, { paymentId, orderId: p.orderId, at: now });
    if (p.beansUsed > 0) {
      await moveBeans(tx, {
        userId: p.userId,
        delta: p.beansUsed,
        reason: 'refunded',
        refType: 'vip_order',
        refId: p.orderId,
        note: `会员订单 ${p.orderNo} 未支付关闭，退还抵扣钢豆`,
      });
    }
    return true;
  });
}

/** The closing job: closes every pending payment past its time; answers how many closed. */
export async function closeExpiredPayments(db: Db, now = new Date()): Promise<number> {
  let closed = 0;
  for (const id of await repo.expiredPendingPayments(db, now, CLOSE_BATCH)) {
    if (await closePayment(db, id, now)) closed += 1;
  }
  return closed;
}

/**
 * Times a pending payment out now and closes it (end-to-end test hooks only: the 15 minutes of a
 * real payment are too long for a browser test of the closed view). False when it was not pending.
 */
export async function expirePaymentNow(db: Db, paymentId: number): Promise<boolean> {
  const now = new Date();
  const p = await repo.findPayment(db, paymentId);
  if (p?.state !== 'pending') return false;
  await repo.setPaymentDeadline(db, paymentId, now);
  return closePayment(db, paymentId, now);
}

/** Payment states the portal sees (a refunded order's payment reads closed). */
function stateOf(state: string): PaymentState {
  return state === 'paid' || state === 'pending' ? state : 'closed';
}

function secondsLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / SECOND_MS));
}

/** SP + Shanghai date + ten random digits: unguessable enough, and the unique index decides. */
function newOrderNo(now: Date): string {
  const digits = String(randomInt(0, 10_000_000_000)).padStart(10, '0');
  return `SP${dayString(now).replaceAll('-', '')}${digits}`;
}

/**
 * An operator's membership grant (issue 18), inside the caller's transaction: a new period of
 * the commodity starting at the later of `now` and the user's current expiry of it (as a paid
 * order extends), `days` long or ending at `until`. Not tied to an order (source order null).
 * Code 6 for an unknown commodity, code 1 when `until` is not after the period's start.
 */
export async function grantMembership(
  tx: DbOrTx,
  input: {
    userId: number;
    commodityId: number;
    days?: number | undefined;
    until?: Date | undefined;
    now: Date;
  },
): Promise<{ commodityId: number; name: string; startsAt: Date; expiresAt: Date }> {
  const commodity = (await repo.commodityNames(tx, [input.commodityId])).get(input.commodityId);
  if (!commodity) throw new NotFound('会员商品不存在');
  const latest = await repo.latestExpiry(tx, input.userId, input.commodityId);
  const startsAt = latest && latest > input.now ? latest : input.now;
  const expiresAt = input.until ?? new Date(startsAt.getTime() + (input.days ?? 0) * DAY_MS);
  if (expiresAt <= startsAt) throw new BusinessError('截止日期须晚于当前会员到期时间');
  await repo.insertMembership(tx, {
    userId: input.userId,
    commodityId: input.commodityId,
    startsAt,
    expiresAt,
    seats: 1,
    sourceOrderId: null,
    createdAt: input.now,
  });
  return { commodityId: input.commodityId, name: commodity.name, startsAt, expiresAt };
}
