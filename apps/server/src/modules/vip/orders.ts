/**
 * Orders: the server prices a basket from the stored prices (whatever a client says a price is,
 * it is never read), holds the beans it deducts and opens the order's pending payment, in one
 * transaction under the user row's lock.
 */
import { randomInt } from 'node:crypto';
import { PAYMENT_TIMEOUT_SECONDS } from '@steelport/contracts';
import { dayString, MINUTE_MS, SECOND_MS } from '../../dates.ts';
import { BusinessError } from '../../errors.ts';
import { limitRate } from '../../plugins/rate-limit.ts';
import { say } from '../../text.ts';
import { lockedBalance, moveBeans } from '../beans/service.ts';
import { deduction, purchaseReward, quote } from './pricing.ts';
import * as repo from './repo.ts';
import type { VipDeps, VipService } from './service.ts';

const PAYMENT_TIMEOUT_MS = PAYMENT_TIMEOUT_SECONDS * SECOND_MS;
/** Orders one member may create in a minute (each holds beans until it closes). */
const ORDERS_PER_MINUTE = 10;

/** Creating an order and its payment. */
export function orderMethods(deps: VipDeps): Pick<VipService, 'savePayment'> {
  const { db, store, payments } = deps;
  return {
    async savePayment(userId, body, count) {
      await deps.services.assertOpen('payment', say('在线支付', 'online payment'));
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
  };
}

/** SP + Shanghai date + ten random digits: unguessable enough, and the unique index decides. */
function newOrderNo(now: Date): string {
  const digits = String(randomInt(0, 10_000_000_000)).padStart(10, '0');
  return `SP${dayString(now).replaceAll('-', '')}${digits}`;
}
