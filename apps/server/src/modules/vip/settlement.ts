/**
 * Settlement of VIP payments: a verified 'paid' event (a provider's notification or its query's
 * answer) marks a payment paid and extends the memberships under the payment row's lock, exactly
 * once; refunds' notifications are recorded; the jobs ask providers about payments whose
 * notification is late (the query job) and close unpaid payments past their time, returning the
 * beans they held (the closing job).
 */
import type { PaymentState } from '@steelport/contracts';
import { DAY_MS, MINUTE_MS } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { BusinessError, NotFound } from '../../errors.ts';
import type { PaymentProvider, Payments, ProviderEvent } from '../../providers/payment/index.ts';
import { say } from '../../text.ts';
import { lockedBalance, moveBeans } from '../beans/service.ts';
import { purchaseReward } from './pricing.ts';
import * as repo from './repo.ts';

/** Payments the closing job closes per run; the next run takes the rest. */
const CLOSE_BATCH = 200;
/** A payment opened at a provider this long without a notification is asked about (the query job). */
export const QUERY_AFTER_MS = 5 * MINUTE_MS;

/** What the service needs to know about a log (pino's shape). */
export interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The trade number a provider knows a payment by: its order number. */
export const orderNoOf = (p: { orderNo: string }) => p.orderNo;

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
export async function recordRefund(
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
export async function reconcileOne(
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
export async function expire(
  db: Db,
  payments: Payments,
  paymentId: number,
  now: Date,
  log: Log,
): Promise<boolean> {
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
export function stateOf(state: string): PaymentState {
  return state === 'paid' || state === 'pending' ? state : 'closed';
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
