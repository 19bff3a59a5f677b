/**
 * Paying an order: the payment's QR and mobile pay page, the payer's choice of provider and
 * scene (opening the trade there, closing it at another), the payer's polling (which asks a real
 * provider when a notification is late) and the notifications, verified and then settled exactly
 * once (`settlement.ts`).
 */
import type { PaymentResult, PayScene } from '@steelport/contracts';
import QRCode from 'qrcode';
import { SECOND_MS } from '../../dates.ts';
import { BusinessError, NotFound } from '../../errors.ts';
import {
  NotificationRejected,
  type PaymentProvider,
  type ProviderEvent,
} from '../../providers/payment/index.ts';
import { say } from '../../text.ts';
import { myInfoOf } from '../account/service.ts';
import { presentPaymentResult } from './present.ts';
import * as repo from './repo.ts';
import type { VipDeps, VipService } from './service.ts';
import {
  closePayment,
  expire,
  orderNoOf,
  reconcileOne,
  recordRefund,
  settleEvent,
  stateOf,
} from './settlement.ts';

/** The payer's own polling asks the provider at most this often per payment. */
const QUERY_EVERY_MS = 5 * SECOND_MS;

/** The payer's side of a payment. */
export function checkoutMethods(
  deps: VipDeps,
): Pick<VipService, 'result' | 'payQr' | 'start' | 'confirm' | 'notify' | 'notifyFrom'> {
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
  };
}

async function qrImageOf(text: string): Promise<string> {
  return QRCode.toDataURL(text, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
}

function secondsLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / SECOND_MS));
}
