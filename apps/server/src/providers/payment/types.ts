/**
 * The one interface every payment provider implements (issue 30): WeChat Pay APIv3
 * (`wechat.ts`), Alipay (`alipay.ts`) and the built-in `sandbox` (`sandbox.ts`). The VIP
 * service speaks only this; which providers run is configuration (config.ts `payment`).
 *
 * Our payment is known to a provider by its `outTradeNo` (the order number, SP + date + ten
 * digits: within WeChat's 6–32 characters and Alipay's 64) and a refund by its `outRefundNo`.
 * Money is integer fen on both sides of this interface; a provider that speaks yuan (Alipay)
 * converts at its edge. Only a verified notification or a verified query answer moves a payment
 * to paid; a provider method never writes the database.
 */

import { PAY_METHODS, PAY_SCENES, type PayMethod, type PayScene } from '@steelport/contracts';

/**
 * The providers the portal can be configured with (contracts PayMethod). A payer's scene (contracts
 * PayScene) decides how the provider collects: `desktop` shows a QR code the payer scans with the
 * phone (WeChat Native, Alipay precreate); `phone` pays in the phone's own browser (WeChat H5,
 * Alipay wap.pay); `wechat` pays inside WeChat's browser (WeChat JSAPI).
 */
export const PROVIDER_NAMES = PAY_METHODS;
export type ProviderName = PayMethod;
export { PAY_SCENES, type PayScene };

/** What the portal asks of a provider when the payer chooses it. */
export interface StartRequest {
  /** our payment's id (the sandbox's pay page is /m/pay/:paymentId; real providers ignore it) */
  paymentId: number;
  outTradeNo: string;
  amountFen: number;
  /** what the payer sees at the provider, e.g. 钢市通 免豆会员 90天 (≤ 127 bytes at WeChat) */
  description: string;
  /** the provider closes the trade after this (WeChat time_expire, Alipay time_expire) */
  expiresAt: Date;
  scene: PayScene;
  /** the payer's address (WeChat H5 requires it) */
  clientIp: string;
  /** the payer's openid under our app id (JSAPI only) */
  openid?: string | undefined;
  /** where the phone's browser comes back to after paying (H5 redirect_url, Alipay return_url) */
  returnUrl: string;
}

/** How the payer pays, as the provider answered. */
export type PayStart =
  /** draw `codeUrl` as a QR code (WeChat Native code_url, Alipay precreate qr_code) */
  | { kind: 'qr'; codeUrl: string }
  /** send the phone's browser to `url` (WeChat H5 h5_url, Alipay wap.pay page) */
  | { kind: 'redirect'; url: string }
  /** call WeixinJSBridge getBrandWCPayRequest with these signed fields (WeChat JSAPI) */
  | { kind: 'jsapi'; params: Record<string, string> };

/** A notification as it arrived: the raw body text (signatures cover the exact bytes) and headers. */
export interface RawNotification {
  /** header names lower-cased */
  headers: Record<string, string | undefined>;
  body: string;
}

/** What a verified notification says. */
export type ProviderEvent =
  /** the payer paid `amountFen` for `outTradeNo`; `providerRef` is the provider's transaction id */
  | {
      kind: 'paid';
      outTradeNo: string;
      providerRef: string;
      amountFen: number;
      signature: string;
      /** the sandbox names our payment id itself; real providers leave it out */
      paymentId?: number;
    }
  /** a refund we asked for finished (`success`) or failed at the provider (`failed`) */
  | {
      kind: 'refund';
      outTradeNo: string;
      outRefundNo: string;
      refundRef: string;
      state: 'success' | 'failed';
    }
  /** a genuine notification that changes nothing here (e.g. Alipay WAIT_BUYER_PAY); answered ok */
  | { kind: 'ignored'; reason: string };

/** Why a notification was refused; none of them changes anything. */
export type NotifyRejection = 'signature' | 'stale' | 'malformed';

/** Thrown by `parseNotification` for a notification that must not be acted on. */
export class NotificationRejected extends Error {
  override name = 'NotificationRejected';
  constructor(
    readonly reason: NotifyRejection,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** A trade as the provider's query answers it (its signature verified by the library). */
export type TradeState =
  | { state: 'paid'; providerRef: string; amountFen: number }
  | { state: 'pending' }
  | { state: 'closed' }
  /** the provider has never heard of it (the payer never opened it) */
  | { state: 'unknown' };

/** The HTTP answer a provider expects to a notification. */
export interface NotifyAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface RefundRequest {
  outTradeNo: string;
  outRefundNo: string;
  /** the provider's transaction id, when known */
  providerRef: string | null;
  /** refunded now, and the trade's whole amount (full refunds only today: equal) */
  amountFen: number;
  totalFen: number;
  reason: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The scenes this provider can collect in (JSAPI needs an app id the merchant bound). */
  readonly scenes: readonly PayScene[];
  /**
   * Opens the trade at the provider for the scene; calling it again for the same `outTradeNo`
   * answers the same way (WeChat gives the same prepay for the same parameters; Alipay's
   * precreate of an open trade answers its code again). Rejects when the provider refuses.
   */
  start(request: StartRequest): Promise<PayStart>;
  /**
   * Verifies a notification exactly as the provider documents (signature over the raw body,
   * timestamp window, decryption) and says what it means. Throws NotificationRejected.
   */
  parseNotification(notification: RawNotification, now?: Date): Promise<ProviderEvent>;
  /** The answer the provider expects: accepted (it stops resending) or refused (it retries). */
  answer(accepted: boolean, message: string): NotifyAnswer;
  /** Asks the provider how a trade stands (a lost notification still credits). */
  query(outTradeNo: string): Promise<TradeState>;
  /** Closes an unpaid trade at the provider so it can no longer be paid; a trade the provider never saw is fine. */
  close(outTradeNo: string): Promise<void>;
  /**
   * Asks the provider to return a paid trade's money. `success` when the provider says it is
   * done, `processing` when its refund notification will tell. Rejects when refused.
   */
  refund(request: RefundRequest): Promise<{ refundRef: string; state: 'processing' | 'success' }>;
}
