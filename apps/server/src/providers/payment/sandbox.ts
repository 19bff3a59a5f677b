/**
 * The built-in `sandbox` payment provider (the interface is types.ts): it stands in for a real
 * provider in development and tests. Its pay page is our own /m/pay/:paymentId (a QR on the
 * desktop, a link on a phone), and confirming there makes it sign a notification (HMAC-SHA256
 * with a key derived from APP_SECRET, a timestamp and a nonce) and deliver it to
 * POST /api/pay/notify/sandbox. Only the notification moves a payment to paid
 * (vip/settlement.ts#settle). Production refuses it unless ALLOW_SANDBOX_PAYMENT is set (config.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PayNotifyBody } from '@steelport/contracts';
import { MINUTE_MS, SECOND_MS } from '../../dates.ts';
import { NotificationRejected, type PaymentProvider, type RefundRequest } from './types.ts';

/** A notification older or newer than this is refused (replays, skewed clocks). */
export const NOTIFY_FRESH_MS = 5 * MINUTE_MS;

/** The fields of a notification before it is signed. */
export type UnsignedNotification = Omit<PayNotifyBody, 'signature'>;

/** The notify endpoint's answer as the provider sees it. */
export type Deliver = (body: PayNotifyBody) => Promise<{ ok: boolean; message: string }>;

/** The sandbox key: derived from APP_SECRET so no second secret has to be configured. */
export function sandboxKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update('steelport:sandbox-pay-notify:v1').digest();
}

/** The string a notification's signature covers, fields in a fixed order. */
function signedText(n: UnsignedNotification): string {
  return [n.paymentId, n.providerRef, n.amountFen, n.timestamp, n.nonce].join('|');
}

/** Signs a notification (hex HMAC-SHA256 of `paymentId|providerRef|amountFen|timestamp|nonce`). */
export function signNotification(key: Buffer, n: UnsignedNotification): PayNotifyBody {
  return { ...n, signature: createHmac('sha256', key).update(signedText(n)).digest('hex') };
}

/** The sandbox: a provider with a pay page of our own, where the payer confirms. */
export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /**
   * The payer confirmed on /m/pay: the sandbox "takes the money" and notifies us. Resolves once
   * the notification was delivered and accepted.
   */
  pay(payment: { id: number; amountFen: number }): Promise<void>;
  /** Checks a notification's signature and freshness; null when it may be acted on. */
  verify(body: PayNotifyBody, now?: Date): 'signature' | 'stale' | null;
}

/** The sandbox provider; `deliver` posts a notification to our notify endpoint. */
export function sandboxProvider(deps: {
  appSecret: string;
  publicUrl: string;
  deliver: Deliver;
}): SandboxProvider {
  const key = sandboxKey(deps.appSecret);
  const verify = (body: PayNotifyBody, now = new Date()) => {
    const expected = createHmac('sha256', key).update(signedText(body)).digest();
    const given = Buffer.from(body.signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'signature';
    if (Math.abs(now.getTime() - body.timestamp * SECOND_MS) > NOTIFY_FRESH_MS) return 'stale';
    return null;
  };
  return {
    name: 'sandbox',
    scenes: ['desktop', 'phone', 'wechat'],

    async start(request) {
      const url = `${deps.publicUrl}/m/pay/${request.paymentId}`;
      return request.scene === 'desktop' ? { kind: 'qr', codeUrl: url } : { kind: 'redirect', url };
    },

    async pay(payment) {
      const notification = signNotification(key, {
        paymentId: payment.id,
        providerRef: `SBX${Date.now().toString(36)}${randomBytes(6).toString('hex')}`,
        amountFen: payment.amountFen,
        timestamp: Math.floor(Date.now() / SECOND_MS),
        nonce: randomBytes(12).toString('base64url'),
      });
      const answer = await deps.deliver(notification);
      if (!answer.ok) throw new Error(`sandbox notification refused: ${answer.message}`);
    },

    verify,

    async parseNotification(notification, now) {
      const body = JSON.parse(notification.body) as PayNotifyBody;
      const rejected = verify(body, now);
      if (rejected) throw new NotificationRejected(rejected, 'sandbox notification');
      return {
        kind: 'paid',
        outTradeNo: '',
        paymentId: body.paymentId,
        providerRef: body.providerRef,
        amountFen: body.amountFen,
        signature: body.signature,
      };
    },

    answer(accepted, message) {
      return { status: accepted ? 200 : 400, contentType: 'text/plain', body: message };
    },

    // Nothing lives outside this process: what the notification said is all there is.
    async query() {
      return { state: 'unknown' };
    },

    async close() {},

    async refund(request) {
      return { ...(await sandboxRefund(request)), state: 'success' };
    },
  };
}

/**
 * The sandbox's refund: no money moved, so it only checks that the payment has the provider's
 * transaction id (set when it was paid) and answers a refund reference like a provider would.
 */
export async function sandboxRefund(payment: RefundRequest): Promise<{ refundRef: string }> {
  if (!payment.providerRef)
    throw new Error(`sandbox refund: trade ${payment.outTradeNo} has no provider transaction`);
  if (!Number.isInteger(payment.amountFen) || payment.amountFen < 0)
    throw new Error(`sandbox refund: bad amount ${payment.amountFen}`);
  return { refundRef: `SBXR${Date.now().toString(36)}${randomBytes(6).toString('hex')}` };
}
