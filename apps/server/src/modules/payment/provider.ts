/**
 * Payment providers behind one interface shaped like a mini-program payment: the portal creates
 * a payment, shows the provider's pay address as a QR code, the payer confirms on the phone, and
 * the provider tells our notify endpoint — signed — that the money arrived. Only the notification
 * moves a payment to paid (vip/service.ts#settle); the payer's confirmation alone never does.
 *
 * The built-in `sandbox` provider stands in for WeChat: its pay page is our own /m/pay/:paymentId,
 * and confirming there makes it sign a notification (HMAC-SHA256 with a key derived from
 * APP_SECRET, a timestamp and a nonce) and deliver it to POST /api/pay/notify/sandbox. Production
 * refuses it unless ALLOW_SANDBOX_PAYMENT is set (config.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PayNotifyBody } from '@steelport/contracts';
import { MINUTE_MS, SECOND_MS } from '../../dates.ts';

/** A notification older or newer than this is refused (replays, skewed clocks). */
export const NOTIFY_FRESH_MS = 5 * MINUTE_MS;

/** The fields of a notification before it is signed. */
export type UnsignedNotification = Omit<PayNotifyBody, 'signature'>;

/** Why a notification was refused; none of them changes anything. */
export type NotifyRejection = 'signature' | 'stale';

export interface PaymentProvider {
  readonly name: 'sandbox';
  /** The address the payer's phone opens to pay (the QR encodes it). */
  payUrl(paymentId: number): string;
  /**
   * The payer confirmed on the provider's page: the provider takes the money and notifies us.
   * Resolves once the notification was delivered and accepted.
   */
  pay(payment: { id: number; amountFen: number }): Promise<void>;
  /** Checks a notification's signature and freshness; null when it may be acted on. */
  verify(body: PayNotifyBody, now?: Date): NotifyRejection | null;
  /**
   * Returns a paid payment's whole amount to the payer (an operator's refund); resolves with the
   * provider's refund reference, rejects when the provider refuses (nothing was refunded).
   */
  refund(payment: RefundRequest): Promise<{ refundRef: string }>;
}

/** What a refund names: our payment, the provider's transaction and the amount paid. */
export interface RefundRequest {
  paymentId: number;
  providerRef: string | null;
  amountFen: number;
}

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

/** The sandbox provider; `deliver` posts a notification to our notify endpoint. */
export function sandboxProvider(deps: {
  appSecret: string;
  publicUrl: string;
  deliver: Deliver;
}): PaymentProvider {
  const key = sandboxKey(deps.appSecret);
  return {
    name: 'sandbox',
    payUrl: (paymentId) => `${deps.publicUrl}/m/pay/${paymentId}`,

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

    verify(body, now = new Date()) {
      const expected = createHmac('sha256', key).update(signedText(body)).digest();
      const given = Buffer.from(body.signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'signature';
      if (Math.abs(now.getTime() - body.timestamp * SECOND_MS) > NOTIFY_FRESH_MS) return 'stale';
      return null;
    },

    async refund(payment) {
      return sandboxRefund(payment);
    },
  };
}

/**
 * The sandbox's refund: no money moved, so it only checks that the payment has the provider's
 * transaction id (set when it was paid) and answers a refund reference like a provider would.
 */
export async function sandboxRefund(payment: RefundRequest): Promise<{ refundRef: string }> {
  if (!payment.providerRef)
    throw new Error(`sandbox refund: payment ${payment.paymentId} has no provider transaction`);
  if (!Number.isInteger(payment.amountFen) || payment.amountFen < 0)
    throw new Error(`sandbox refund: bad amount ${payment.amountFen}`);
  return { refundRef: `SBXR${Date.now().toString(36)}${randomBytes(6).toString('hex')}` };
}
