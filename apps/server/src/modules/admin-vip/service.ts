/**
 * The console's VIP part (issue 18): the commodities and their prices, and the orders with their
 * payments and refunds.
 *
 * Prices: /vipopen reads the catalogue from the database on every request (vip/repo.ts
 * `loadCatalog`, no cache), so an edit shows on the next request. The VIP entry (免豆会员) keeps
 * its name: the portal recognises the VIP badge by it.
 *
 * Refund: one transaction under the locks of the order's payments, the order and the buyer's user
 * row, taken in that order (the order settlement takes them in), with one audit row
 * (`order.refund`) holding the order and the memberships before and after: the order and its paid
 * payment turn `refunded`, the beans the order took off its price come back through `moveBeans`
 * (the ledger's one writer; its once-only index refuses a second return of one order), the beans
 * the payment granted as its reward are taken back as far as the balance holds them (the rest,
 * already spent, is recorded on the order as owed and shown to the operator), each membership the
 * order bought loses the order's days (refund-plan.ts), and last the provider refunds the money.
 * Not retried on a deadlock: the provider's refund is not safe to repeat. The provider
 * is called inside the transaction on purpose: if it refuses, nothing else happened; the other
 * way round a commit could fail after the money left, with no record of it. The VIP module is the
 * one writer of orders, payments and memberships: this service decides and reads, and writes
 * through its service (`vip/refunds.ts`, `vip/memberships.ts#applyPeriodChanges`) with `tx`.
 */
import {
  type AdminVipCommodity,
  type AdminVipCommodityBody,
  type AdminVipCommodityList,
  type AdminVipOrderDetail,
  type AdminVipOrderQuery,
  type AdminVipOrderRow,
  type PageOf,
  VIP_DAY_OPTIONS,
} from '@steelport/contracts';
import { DAY_MS, isRealDay, SHANGHAI_OFFSET_MS } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { BusinessError, Invalid, NotFound } from '../../errors.ts';
import type { Payments } from '../../providers/payment/index.ts';
import { say } from '../../text.ts';
import { type AuditContext, auditedWrites, recordAudit } from '../audit/service.ts';
import { lockedBalance, moveBeans, readBalance } from '../beans/service.ts';
import { orderSeats } from '../seats/service.ts';
import {
  applyPeriodChanges,
  markOrderRefunded,
  recordRefundAnswer,
  recordRewardTakeback,
} from '../vip/service.ts';
import {
  auditOrder,
  presentCommodity,
  presentMembershipChange,
  presentOrderRow,
  presentPayment,
  presentRefundPreview,
  priceFenOf,
} from './present.ts';
import { type RefundPlan, refundPlan, rewardTakeback } from './refund-plan.ts';
import * as repo from './repo.ts';

export interface AdminVipService {
  commodities(): Promise<AdminVipCommodityList>;
  updateCommodity(ctx: AuditContext, id: number, body: AdminVipCommodityBody): Promise<AdminVipCommodity>;
  orders(query: AdminVipOrderQuery): Promise<PageOf<AdminVipOrderRow>>;
  order(id: number): Promise<AdminVipOrderDetail>;
  refund(ctx: AuditContext, id: number, reason: string): Promise<AdminVipOrderDetail>;
}

/** Shanghai midnight of a YYYY-MM-DD day, as an instant. */
function dayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - SHANGHAI_OFFSET_MS);
}

/** A commodity as the console shows it (what its audit rows keep); code 6 when missing. */
async function loadCommodity(tx: DbOrTx, id: number): Promise<AdminVipCommodity> {
  const [row] = await repo.commoditiesWithPrices(tx, [id]);
  if (!row) throw new NotFound(say('会员商品不存在', 'Membership not found'));
  return presentCommodity(row);
}

/** The prices of a body in fen, checked: one per duration, whole fen. */
function pricesInFen(body: AdminVipCommodityBody): { days: number; priceFen: number }[] {
  const seen = new Set<number>();
  return body.prices.map((p) => {
    if (seen.has(p.day))
      throw new Invalid(
        say(
          `参数错误：${p.day} 天的价格填写了两次`,
          `Invalid request: the price for ${p.day} days is given twice`,
        ),
      );
    seen.add(p.day);
    const priceFen = priceFenOf(p.priceYuan);
    if (priceFen === null || priceFen <= 0)
      throw new Invalid(
        say(
          `参数错误：${p.day} 天的价格最多两位小数`,
          `Invalid request: the price for ${p.day} days has at most two decimals`,
        ),
      );
    return { days: p.day, priceFen };
  });
}

/** The user's periods of each commodity of an order, and what refunding it at `now` would do. */
async function plansOf(tx: DbOrTx, order: repo.OrderRow, now: Date, lock = false) {
  const plans: { commodityId: number; plan: RefundPlan }[] = [];
  for (const commodityId of order.commodityIds) {
    const periods = await repo.periodsOf(tx, order.userId, commodityId, lock);
    plans.push({ commodityId, plan: refundPlan(periods, order.id, now) });
  }
  return plans;
}

/** The user's memberships of the order's commodities before and after (the audit's view). */
function membershipsView(
  plans: { commodityId: number; plan: RefundPlan }[],
  names: Map<number, string>,
  side: 'before' | 'after',
) {
  return plans.map(({ commodityId, plan }) => ({
    commodityId,
    name: names.get(commodityId) ?? '',
    expiresAt: (side === 'before' ? plan.expiresBefore : plan.expiresAfter)?.toISOString() ?? null,
  }));
}

/** The console's VIP service over the database and the payment provider (its refund). */
export function adminVipService(deps: { db: Db; payments: Pick<Payments, 'byName'> }): AdminVipService {
  const { db, payments } = deps;
  const commodityWrites = auditedWrites(db, { entity: 'vip_commodity', load: loadCommodity });

  /** An order with its payments, periods and (paid orders) what a refund would do now. */
  const detail = async (id: number): Promise<AdminVipOrderDetail> => {
    const order = await repo.findOrder(db, id);
    if (!order) throw new NotFound(say('订单不存在', 'Order not found'));
    const [names, payments, periods] = [
      await repo.commodityNames(db, order.commodityIds),
      await repo.paymentsOf(db, id),
      await repo.periodsOfOrder(db, id),
    ];
    let refund: AdminVipOrderDetail['refund'] = null;
    if (order.state === 'paid') {
      const plans = await plansOf(db, order, new Date());
      const reward = await repo.rewardOf(db, order.userId, id);
      const balance = (await readBalance(db, order.userId)) ?? 0;
      refund = presentRefundPreview(
        order,
        { granted: reward, ...rewardTakeback(reward, balance + order.beansUsed) },
        plans.map(({ commodityId, plan }) =>
          presentMembershipChange(
            commodityId,
            names.get(commodityId) ?? '',
            plan.expiresBefore,
            plan.expiresAfter,
          ),
        ),
      );
    }
    const seats = await orderSeats(db, id);
    return {
      order: presentOrderRow(order, names),
      seats,
      payments: payments.map(presentPayment),
      periods: periods.map((p) => ({
        commodityId: p.commodityId,
        name: names.get(p.commodityId) ?? '',
        startsAt: p.startsAt.toISOString(),
        expiresAt: p.expiresAt.toISOString(),
      })),
      refund,
    };
  };

  return {
    async commodities() {
      const rows = await repo.commoditiesWithPrices(db);
      return { list: rows.map(presentCommodity), days: [...VIP_DAY_OPTIONS] };
    },

    updateCommodity: (ctx, id, body) =>
      commodityWrites.update(ctx, id, async (tx, before) => {
        const prices = pricesInFen(body);
        const name = body.name.trim();
        if (!name) throw new Invalid(say('参数错误：请填写名称', 'Invalid request: please enter a name'));
        if (body.active && prices.length === 0)
          throw new BusinessError(
            say(
              '上架的会员商品至少需要一个价格；不再出售请先下架',
              'A membership on sale needs at least one price; take it off sale first if it is no longer sold',
            ),
          );
        if (before.isVip === 1 && name !== before.name)
          throw new BusinessError(
            say(
              `${before.name}的名称不能修改：门户按这个名称识别 VIP 会员`,
              `The name of ${before.name} cannot be changed: the portal recognizes VIP members by it`,
            ),
          );
        if (name !== before.name && (await repo.nameTaken(tx, name, id)))
          throw new BusinessError(
            say(`会员商品「${name}」已存在`, `The membership "${name}" already exists`),
          );
        await repo.updateCommodity(tx, id, {
          name,
          description: body.description,
          benefits: body.benefits.map((b) => b.trim()).filter(Boolean),
          active: body.active,
        });
        await repo.replacePrices(tx, id, prices);
      }),

    async orders(q) {
      if (q.from && !isRealDay(q.from)) throw new Invalid(say('开始日期无效', 'The start date is not valid'));
      if (q.to && !isRealDay(q.to)) throw new Invalid(say('结束日期无效', 'The end date is not valid'));
      if (q.from && q.to && q.from > q.to)
        throw new Invalid(say('开始日期不能晚于结束日期', 'The start date must not be after the end date'));
      const { list, total } = await repo.ordersPage(
        db,
        {
          keyword: q.keyword || undefined,
          state: q.state,
          fromAt: q.from ? dayStart(q.from) : undefined,
          toAt: q.to ? new Date(dayStart(q.to).getTime() + DAY_MS) : undefined,
        },
        q.page,
        q.pageSize,
      );
      const names = await repo.commodityNames(db, [...new Set(list.flatMap((o) => o.commodityIds))]);
      return { list: list.map((o) => presentOrderRow(o, names)), total, page: q.page, pageSize: q.pageSize };
    },

    order: detail,

    async refund(ctx, id, reason) {
      await db.transaction(async (tx) => {
        // Locks in the order settlement takes them: payments, order, then the buyer's user row.
        const orderPayments = await repo.paymentsOf(tx, id, true);
        const order = await repo.findOrder(tx, id, true);
        if (!order) throw new NotFound(say('订单不存在', 'Order not found'));
        let balance = await lockedBalance(tx, order.userId);
        if (order.state === 'refunded')
          throw new BusinessError(say('该订单已退款，不能重复退款', 'This order has already been refunded'));
        if (order.state !== 'paid')
          throw new BusinessError(say('只有已支付的订单可以退款', 'Only paid orders can be refunded'));
        const payment = orderPayments.find((p) => p.state === 'paid');
        if (!payment)
          throw new BusinessError(
            say(
              '该订单没有已支付的支付单，无法退款',
              'This order has no paid payment and cannot be refunded',
            ),
          );
        const provider = payments.byName(payment.provider);
        if (!provider)
          throw new BusinessError(
            say(
              `支付渠道 ${payment.provider} 未开通，不能在后台退款`,
              `The payment channel ${payment.provider} is not enabled, so the console cannot refund it`,
            ),
          );

        const now = new Date();
        const names = await repo.commodityNames(tx, order.commodityIds);
        const plans = await plansOf(tx, order, now, true);
        if (!(await markOrderRefunded(tx, { orderId: id, paymentId: payment.id, at: now })))
          throw new BusinessError(say('该订单已退款，不能重复退款', 'This order has already been refunded'));
        for (const { plan } of plans) await applyPeriodChanges(tx, plan);
        if (order.beansUsed > 0) {
          const returned = await moveBeans(tx, {
            userId: order.userId,
            delta: order.beansUsed,
            reason: 'refunded',
            refType: 'vip_order',
            refId: order.id,
            note: `会员订单 ${order.orderNo} 退款，退还抵扣钢豆`,
            actorUserId: ctx.operatorId,
          });
          if (returned.kind !== 'moved')
            throw new BusinessError(
              say(
                '该订单的抵扣钢豆已退还过，不能重复退款',
                "This order's deducted beans have already been returned; it cannot be refunded twice",
              ),
            );
          balance = returned.balance;
        }
        // The purchase reward goes back as far as the balance holds it; the spent rest is owed.
        const reward = await repo.rewardOf(tx, order.userId, id);
        const takeback = rewardTakeback(reward, balance);
        if (takeback.taken > 0) {
          const taken = await moveBeans(tx, {
            userId: order.userId,
            delta: -takeback.taken,
            reason: 'adjusted',
            refType: 'vip_order',
            refId: order.id,
            note:
              takeback.owed > 0
                ? `会员订单 ${order.orderNo} 退款，收回赠送钢豆（另有 ${takeback.owed} 个已使用，记为欠款）`
                : `会员订单 ${order.orderNo} 退款，收回赠送钢豆`,
            actorUserId: ctx.operatorId,
          });
          if (taken.kind !== 'moved')
            throw new BusinessError(
              say(
                '该订单的赠送钢豆已收回过，不能重复退款',
                "This order's reward beans have already been taken back; it cannot be refunded twice",
              ),
            );
        }
        if (reward > 0) await recordRewardTakeback(tx, id, takeback);
        // One full refund per order: its number is the order's, so asking again is idempotent.
        const refundNo = `${order.orderNo}R`;
        let refunded: Awaited<ReturnType<typeof provider.refund>>;
        try {
          refunded = await provider.refund({
            outTradeNo: order.orderNo,
            outRefundNo: refundNo,
            providerRef: payment.providerRef,
            amountFen: payment.amountFen,
            totalFen: payment.amountFen,
            reason: reason.slice(0, 80),
          });
        } catch {
          throw new BusinessError(
            say(
              '支付渠道退款未成功，订单未作改动，请稍后重试',
              'The payment channel did not refund; the order is unchanged, please try again later',
            ),
          );
        }
        const { refundRef } = refunded;
        await recordRefundAnswer(tx, {
          paymentId: payment.id,
          refundNo,
          refundRef,
          state: refunded.state,
          at: now,
        });
        const after = await repo.findOrder(tx, id);
        await recordAudit(tx, ctx, {
          action: 'order.refund',
          entity: 'order',
          entityId: id,
          before: { order: auditOrder(order), memberships: membershipsView(plans, names, 'before') },
          after: {
            order: after ? auditOrder(after) : null,
            memberships: membershipsView(plans, names, 'after'),
            refund: {
              reason,
              paymentId: payment.id,
              amountFen: payment.amountFen,
              refundRef,
              refundState: refunded.state,
              beansReturned: order.beansUsed,
              rewardBeans: reward,
              rewardBeansTaken: takeback.taken,
              rewardBeansOwed: takeback.owed,
            },
          },
        });
      });
      return detail(id);
    },
  };
}
