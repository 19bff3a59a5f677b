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
  type PayScene,
  type PayStartBody,
  type PayStarted,
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
import { say } from '../../text.ts';
import { myInfoOf } from '../account/service.ts';
import { lockedBalance, moveBeans, readBalance } from '../beans/service.ts';
import {
  NotificationRejected,
  type PaymentProvider,
  type Payments,
  type ProviderEvent,
  type RawNotification,
} from '../payment/service.ts';
import { presentBuyInfo, presentMyVip, presentOrder, presentPaymentResult, presentPrice } from './present.ts';
import { deduction, purchaseReward, quote } from './pricing.ts';
import * as repo from './repo.ts';

const PAYMENT_TIMEOUT_MS = PAYMENT_TIMEOUT_SECONDS * SECOND_MS;
/** Orders one member may create in a minute (each holds beans until it closes). */
const ORDERS_PER_MINUTE = 10;
/** Payments the closing job closes per run; the next run takes the rest. */
const CLOSE_BATCH = 200;
/** A payment opened at a provider this long without a notification is asked about (the query job). */
export const QUERY_AFTER_MS = 5 * MINUTE_MS;
/** The payer's own polling asks the provider at most this often per payment. */
const QUERY_EVERY_MS = 5 * SECOND_MS;

/** What the service needs to know about a log (pino's shape). */
interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

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

/** The VIP service over the database, the shared store (rate limits) and a payment provider. */
export function vipService(deps: {
  db: Db;
  store: KvStore;
  payments: Payments;
  log: Log;
  /** where the phone comes back to after paying at the provider */
  publicUrl: string;
}): VipService {
  const { db, store, payments, log } = deps;
  /** The provider of a payment; one configured no longer leaves it to the closing job. */
  const providerOf = (p: repo.PaymentRow) => payments.byName(p.provider);

  /** The payment if the caller owns it; someone else's reads exactly like a missing one. */
  const ownPayment = async (userId: number, paymentId: number) => {
    const p = await repo.findPayment(db, paymentId);
    if (!p || p.userId !== userId) throw new NotFound(say('支付单不存在', 'Payment not found'));
    return p;
  };

  /** A pending payment past its time is closed on sight (the job would close it within a minute). */
  const closeIfExpired = async (p: repo.PaymentRow, now = new Date()) => {
    if (p.state !== 'pending' || p.expiresAt > now) return p;
    await expire(db, payments, p.id, now, log);
    return (await repo.findPayment(db, p.id)) ?? p;
  };

  /**
   * The payer is looking (polling, or back from the provider's page): a pending payment opened at
   * a real provider is asked about, at most every 5 s, so a lost or late notification still credits.
   */
  const refreshFromProvider = async (p: repo.PaymentRow) => {
    const provider = providerOf(p);
    if (p.state !== 'pending' || !p.startedAt || !provider || provider.name === 'sandbox') return p;
    if ((await store.incr(`pay:query:${p.id}`, QUERY_EVERY_MS)) > 1) return p;
    await reconcileOne(db, provider, p, log);
    return (await repo.findPayment(db, p.id)) ?? p;
  };

  /** Opens a pending payment at a provider for a scene (closing it at another one it was opened at). */
  const open = async (p: repo.PaymentRow, provider: PaymentProvider, scene: PayScene, clientIp: string) => {
    if (p.state === 'paid') throw new BusinessError(say('该订单已支付', 'This order has already been paid'));
    if (p.state !== 'pending')
      throw new BusinessError(
        say('支付已超时关闭，请重新下单', 'The payment timed out and was closed; please order again'),
      );
    if (!provider.scenes.includes(scene))
      throw new BusinessError(
        say(
          '该支付方式不支持当前设备，请换一种方式',
          'This payment method does not work on this device; please choose another',
        ),
      );
    if (p.startedAt && p.provider !== provider.name) {
      // A trade open at two providers could be paid twice: the first must be closed for good.
      const before = providerOf(p);
      if (before) {
        const state = await before.query(orderNoOf(p)).catch(() => null);
        if (state?.state === 'paid') {
          await settleEvent(db, before, {
            kind: 'paid',
            outTradeNo: p.orderNo,
            ...state,
            signature: 'query',
          });
          throw new BusinessError(say('该订单已支付', 'This order has already been paid'));
        }
        try {
          await before.close(orderNoOf(p));
        } catch (err) {
          log.warn(
            { err, paymentId: p.id, provider: before.name },
            'closing a trade to switch provider failed',
          );
          throw new BusinessError(
            say(
              '暂时无法切换支付方式，请稍后重试或继续使用原支付方式',
              'The payment method cannot be changed right now; try again later or keep the original method',
            ),
          );
        }
      }
    }
    const names = await repo.commodityNames(db, p.commodityIds);
    const description = `钢市通 ${p.commodityIds.map((id) => names.get(id)?.name ?? '会员').join('、')} ${p.days}天`;
    let started: Awaited<ReturnType<PaymentProvider['start']>>;
    try {
      started = await provider.start({
        paymentId: p.id,
        outTradeNo: orderNoOf(p),
        amountFen: p.amountFen,
        description,
        expiresAt: p.expiresAt,
        scene,
        clientIp,
        returnUrl: `${deps.publicUrl}/vipopen/result?paymentId=${p.id}`,
      });
    } catch (err) {
      log.error({ err, paymentId: p.id, provider: provider.name }, 'opening a trade at the provider failed');
      throw new BusinessError(
        say(
          '支付渠道暂时无法下单，请稍后重试或换一种支付方式',
          'The payment channel cannot take orders right now; try again later or choose another payment method',
        ),
      );
    }
    if (!(await repo.markStarted(db, { paymentId: p.id, provider: provider.name, scene, at: new Date() })))
      throw new BusinessError(
        say('支付已超时关闭，请重新下单', 'The payment timed out and was closed; please order again'),
      );
    return started;
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
      return presentBuyInfo(catalog, { balance, useBeans: userId !== null && useBeans }, payments.offers());
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
          throw new BusinessError(
            say(
              `钢豆不足：抵扣需要钢豆，当前余额 ${balance} 个。可关闭钢豆抵扣后直接支付`,
              `Not enough beans: paying with beans needs beans and your balance is ${balance}. Turn off paying with beans to pay directly`,
            ),
          );
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
          // Until the payer chooses: the first offered provider.
          provider: payments.offered[0]?.name ?? 'sandbox',
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
          if (held.kind !== 'moved')
            throw new BusinessError(
              say('钢豆余额已变化，请重新下单', 'Your bean balance has changed; please order again'),
            );
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
      const p = await closeIfExpired(await refreshFromProvider(await ownPayment(userId, paymentId)));
      return resultOf(userId, p);
    },

    async payQr(userId, paymentId, clientIp) {
      const p = await closeIfExpired(await ownPayment(userId, paymentId));
      // The one the payer already chose, else the first offered that collects by QR.
      const chosen = p.startedAt ? providerOf(p) : undefined;
      const provider = chosen?.scenes.includes('desktop') ? chosen : payments.forScene('desktop');
      if (!provider)
        throw new BusinessError(
          say('暂无可扫码的支付方式', 'No payment method that works by scanning is available'),
        );
      const started = await open(p, provider, 'desktop', clientIp);
      if (started.kind !== 'qr') throw new Error(`${provider.name} answered ${started.kind} for a QR`);
      return {
        paymentId: p.id,
        qrImage: await qrImageOf(started.codeUrl),
        qrUrl: started.codeUrl,
        method: provider.name,
        amountFen: p.amountFen,
        expiresAt: p.expiresAt.toISOString(),
        expiresInSeconds: secondsLeft(p.expiresAt, new Date()),
      };
    },

    async start(userId, body, clientIp) {
      const p = await closeIfExpired(await ownPayment(userId, body.paymentId));
      const provider = payments.byName(body.method);
      if (!provider)
        throw new BusinessError(say('该支付方式暂未开通', 'This payment method is not available yet'));
      const started = await open(p, provider, body.scene, clientIp);
      return {
        paymentId: p.id,
        method: provider.name,
        kind: started.kind,
        qrImage: started.kind === 'qr' ? await qrImageOf(started.codeUrl) : null,
        codeUrl: started.kind === 'qr' ? started.codeUrl : null,
        url: started.kind === 'redirect' ? started.url : null,
        jsapi: started.kind === 'jsapi' ? started.params : null,
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
      if (p.state !== 'pending')
        throw new BusinessError(
          say(
            '支付已超时关闭，请在电脑上重新下单',
            'The payment timed out and was closed; please order again on your computer',
          ),
        );
      const sandbox = payments.sandbox;
      if (!sandbox || (p.startedAt && p.provider !== 'sandbox'))
        throw new BusinessError(
          say('请在微信或支付宝中完成支付', 'Please complete the payment in WeChat or Alipay'),
        );
      try {
        if (!p.startedAt) await open(p, sandbox, 'phone', '127.0.0.1');
        await sandbox.pay({ id: p.id, amountFen: p.amountFen });
      } catch (err) {
        if (err instanceof BusinessError) throw err;
        throw new BusinessError(
          say('支付未成功，请稍后重试', 'The payment did not go through; please try again later'),
        );
      }
      const after = await repo.findPayment(db, p.id);
      return { state: stateOf(after?.state ?? 'pending') };
    },

    async notify(body) {
      const sandbox = payments.sandbox;
      if (!sandbox) throw new NotFound(say('沙箱支付未开通', 'Sandbox payments are not enabled'));
      const rejected = sandbox.verify(body);
      if (rejected === 'signature')
        throw new BusinessError(say('支付通知签名无效', "The payment notification's signature is invalid"));
      if (rejected === 'stale')
        throw new BusinessError(say('支付通知已过期', 'The payment notification has expired'));
      const event = { kind: 'paid' as const, outTradeNo: '', ...body };
      return { paymentId: body.paymentId, state: await settleEvent(db, sandbox, event) };
    },

    async notifyFrom(providerName, raw) {
      const provider = payments.byName(providerName);
      if (!provider || provider.name === 'sandbox')
        return { accepted: false, message: 'provider not configured' };
      let event: ProviderEvent;
      try {
        event = await provider.parseNotification(raw);
      } catch (err) {
        const reason = err instanceof NotificationRejected ? err.reason : 'malformed';
        log.warn({ provider: provider.name, reason }, 'payment notification refused');
        return { accepted: false, message: reason };
      }
      try {
        if (event.kind === 'paid') await settleEvent(db, provider, event);
        else if (event.kind === 'refund') await recordRefund(db, provider, event, log);
        return { accepted: true, message: 'OK' };
      } catch (err) {
        // An unknown trade or a wrong amount: refused (the provider retries) and left to operators.
        log.error({ err, provider: provider.name, event }, 'payment notification not settled');
        return { accepted: false, message: err instanceof BusinessError ? 'rejected' : 'error' };
      }
    },

    async myVip(userId) {
      const now = new Date();
      const [catalog, summary, me] = [
        await repo.loadCatalog(db),
        await repo.membershipSummary(db, userId, now),
        await myInfoOf(db, userId),
      ];
      if (!me) throw new NotFound(say('用户不存在', 'User not found'));
      return presentMyVip(catalog, summary, me, now);
    },

    async myOrders(userId, { page, pageSize }) {
      const { list, total } = await repo.ordersPage(db, userId, page, pageSize);
      const names = await repo.commodityNames(db, [...new Set(list.flatMap((o) => o.commodityIds))]);
      return { list: list.map((o) => presentOrder(o, names)), total, page, pageSize };
    },
  };
}

/** The trade number a provider knows a payment by: its order number. */
const orderNoOf = (p: { orderNo: string }) => p.orderNo;

async function qrImageOf(text: string): Promise<string> {
  return QRCode.toDataURL(text, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
}

/**
 * Settles a verified 'paid' event of `provider` (a notification, or a query's answer) exactly
 * once. The payment is the one the event names (the sandbox by id, a real provider by trade
 * number) and must have been opened at that provider. A deadlock or serialization failure rolls
 * everything back and settles again from the start.
 */
export async function settleEvent(
  db: Db,
  provider: Pick<PaymentProvider, 'name'>,
  event: Extract<ProviderEvent, { kind: 'paid' }>,
): Promise<PaymentState> {
  const paymentId = event.paymentId ?? (await repo.paymentIdOfOrderNo(db, event.outTradeNo));
  if (paymentId === null) throw new NotFound(say('支付单不存在', 'Payment not found'));
  return transactionWithRetry(db, (tx) =>
    settle(tx, {
      paymentId,
      provider: provider.name,
      providerRef: event.providerRef,
      amountFen: event.amountFen,
      signature: event.signature.slice(0, 512),
    }),
  );
}

/** A provider's refund notification: the payment's refund turns success or failed. */
async function recordRefund(
  db: Db,
  provider: PaymentProvider,
  event: Extract<ProviderEvent, { kind: 'refund' }>,
  log: Log,
): Promise<void> {
  const done = await db.transaction((tx) =>
    repo.finishRefund(tx, {
      provider: provider.name,
      refundNo: event.outRefundNo,
      refundRef: event.refundRef,
      state: event.state,
      at: new Date(),
    }),
  );
  if (!done) throw new NotFound(say('退款单不存在', 'Refund not found'));
  if (event.state === 'failed')
    log.error(
      { provider: provider.name, paymentId: done.paymentId },
      'refund failed at the provider: operators must act',
    );
}

/**
 * Asks the provider about one pending payment and settles it when the provider says it was
 * paid. A provider that cannot be reached is left for the next run.
 */
async function reconcileOne(
  db: Db,
  provider: PaymentProvider,
  p: repo.PaymentRow,
  log: Log,
): Promise<boolean> {
  let state: Awaited<ReturnType<PaymentProvider['query']>>;
  try {
    state = await provider.query(orderNoOf(p));
  } catch (err) {
    log.warn({ err, paymentId: p.id, provider: provider.name }, 'payment query failed');
    return false;
  }
  if (state.state !== 'paid') return false;
  await settleEvent(db, provider, {
    kind: 'paid',
    outTradeNo: p.orderNo,
    providerRef: state.providerRef,
    amountFen: state.amountFen,
    signature: 'query',
  });
  log.info({ paymentId: p.id, provider: provider.name }, 'payment credited by query');
  return true;
}

/**
 * The query job: pending payments opened at a real provider over 5 minutes ago are asked about,
 * so one whose notification was lost is still credited. Answers how many were credited.
 */
export async function reconcilePayments(
  db: Db,
  payments: Payments,
  log: Log,
  now = new Date(),
): Promise<number> {
  let credited = 0;
  const olderThan = new Date(now.getTime() - QUERY_AFTER_MS);
  for (const id of await repo.unsettledStartedPayments(db, olderThan, now, CLOSE_BATCH)) {
    const p = await repo.findPayment(db, id);
    const provider = p && payments.byName(p.provider);
    if (p && provider && (await reconcileOne(db, provider, p, log))) credited += 1;
  }
  return credited;
}

/**
 * Closes a pending payment past its time. One opened at a real provider is asked first (paid
 * just before its time: credited, not closed) and then closed there, so it can no longer be paid;
 * a provider that cannot be reached leaves it pending for the next run. True when it closed.
 */
async function expire(db: Db, payments: Payments, paymentId: number, now: Date, log: Log): Promise<boolean> {
  const p = await repo.findPayment(db, paymentId);
  if (p?.state !== 'pending') return false;
  const provider = p.startedAt ? payments.byName(p.provider) : undefined;
  if (provider && provider.name !== 'sandbox') {
    if (await reconcileOne(db, provider, p, log)) return false;
    try {
      await provider.close(orderNoOf(p));
    } catch (err) {
      log.warn({ err, paymentId: p.id, provider: provider.name }, 'closing an expired trade failed');
      return false;
    }
  }
  return closePayment(db, paymentId, now);
}

/**
 * Settles a verified payment inside `tx`, under the payment's lock: unknown payment, another
 * provider's or a wrong amount is refused (nothing changes); a paid one answers paid again; a
 * pending one turns paid, each commodity's membership extends from the later of now and its
 * current expiry, and the purchase reward is written to the ledger.
 *
 * Locks in one order: the payment (with its order), then the buyer's user row `for update`,
 * before anything is written. The membership insert's foreign key takes a key-share lock on the
 * user row; taken before the ledger's update lock, two settlements of one buyer each held the
 * share and waited for the other's (deadlock, issue 28). Under the user lock the buyer's
 * settlements also run one after another, so each reads the expiry the previous one wrote.
 */
async function settle(
  tx: DbOrTx,
  body: { paymentId: number; provider: string; providerRef: string; amountFen: number; signature: string },
): Promise<PaymentState> {
  const p = await repo.lockPayment(tx, body.paymentId);
  if (!p) throw new NotFound(say('支付单不存在', 'Payment not found'));
  if (p.provider !== body.provider)
    throw new BusinessError(say('支付渠道与支付单不符', 'The payment channel does not match the payment'));
  if (p.amountFen !== body.amountFen)
    throw new BusinessError(say('支付金额与订单不符', 'The amount paid does not match the order'));
  if (p.state === 'paid') return 'paid';
  if (p.state !== 'pending') throw new BusinessError(say('支付单已关闭', 'The payment is closed'));
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
export async function closeExpiredPayments(
  db: Db,
  payments: Payments,
  log: Log,
  now = new Date(),
): Promise<number> {
  let closed = 0;
  for (const id of await repo.expiredPendingPayments(db, now, CLOSE_BATCH)) {
    if (await expire(db, payments, id, now, log)) closed += 1;
  }
  return closed;
}

/**
 * Times a pending payment out now and closes it (end-to-end test hooks only: the 15 minutes of a
 * real payment are too long for a browser test of the closed view). False when it was not pending.
 */
export async function expirePaymentNow(
  db: Db,
  payments: Payments,
  paymentId: number,
  log: Log,
): Promise<boolean> {
  const now = new Date();
  const p = await repo.findPayment(db, paymentId);
  if (p?.state !== 'pending') return false;
  await repo.setPaymentDeadline(db, paymentId, now);
  return expire(db, payments, paymentId, now, log);
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
  if (!commodity) throw new NotFound(say('会员商品不存在', 'Membership not found'));
  const latest = await repo.latestExpiry(tx, input.userId, input.commodityId);
  const startsAt = latest && latest > input.now ? latest : input.now;
  const expiresAt = input.until ?? new Date(startsAt.getTime() + (input.days ?? 0) * DAY_MS);
  if (expiresAt <= startsAt)
    throw new BusinessError(
      say(
        '截止日期须晚于当前会员到期时间',
        "The end date must be later than the membership's current expiry",
      ),
    );
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

/**
 * Payments counted by state for the metrics' gauge (`steelport_payments`), read from the table at
 * scrape time: the table is what every instance, the jobs and the console's refunds write, so the
 * figure is the same whichever instance is scraped and survives restarts, which counters at each
 * transition (settle, close, refund, in several places and processes) would not. Every state is
 * named, a zero too, so a graph of one state does not vanish.
 */
export function paymentStates(db: DbOrTx): Promise<Record<string, number>> {
  return repo.paymentCountsByState(db);
}
