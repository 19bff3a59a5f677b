/** The Alipay double's shapes (`../alipay.ts` starts it). */
import type { RawNotification } from '../../providers/payment/types.ts';

export type AlipayTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';

export interface AlipayDoubleRefund {
  outRequestNo: string;
  amountFen: number;
  reason: string;
  at: Date;
}

export interface AlipayDoubleTrade {
  outTradeNo: string;
  /** Alipay's transaction id (28 digits) */
  tradeNo: string;
  amountFen: number;
  subject: string;
  status: AlipayTradeStatus;
  /** how it was opened: face-to-face QR or the mobile-web cashier */
  product: 'precreate' | 'wap';
  /** a precreated trade exists for query and close only once scanned */
  scanned: boolean;
  qrCode: string | undefined;
  notifyUrl: string | undefined;
  returnUrl: string | undefined;
  quitUrl: string | undefined;
  expiresAt: Date | undefined;
  createdAt: Date;
  paidAt: Date | undefined;
  refunds: AlipayDoubleRefund[];
}

/** Ways to build a notification that must be refused, or a genuine one that names other things. */
export interface AlipayNotificationOptions {
  /** signed with a key that is not Alipay's */
  badSignature?: boolean;
  /** a genuine notification for another app id */
  appId?: string;
  /** a genuine notification with this total_amount (yuan text) instead of the trade's */
  totalAmount?: string;
  /** total_amount replaced after signing (the signature no longer verifies) */
  tamperedAmount?: string;
  /** a genuine notification naming this out_trade_no (e.g. a trade we never opened) */
  outTradeNo?: string;
  /** default: the trade's status, TRADE_SUCCESS for a trade not paid yet */
  tradeStatus?: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';
  /** a refund notification for this out_request_no (out_biz_no, refund_fee, gmt_refund) */
  refundOf?: string;
}

export interface AlipayDouble {
  /** http://127.0.0.1:port */
  readonly url: string;
  /** the gateway address the SDK calls (ALIPAY_GATEWAY) */
  readonly gateway: string;
  readonly appId: string;
  /** ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY_FILE, ALIPAY_PUBLIC_KEY_FILE, ALIPAY_GATEWAY */
  readonly env: Record<string, string>;
  /** the PEM texts: our app's pair (its private key is in the env's file) and Alipay's public key */
  readonly keys: { appPrivateKeyPem: string; appPublicKeyPem: string; alipayPublicKeyPem: string };
  /** every gateway call, in order (method and biz_content) */
  readonly calls: { method: string; bizContent: Record<string, unknown> }[];
  /** The payer paid: the trade becomes TRADE_SUCCESS and its notification is posted; resolves with our answer's text. */
  pay(outTradeNo: string): Promise<string>;
  /** The payer paid but the notification is lost. */
  payWithoutNotifying(outTradeNo: string): AlipayDoubleTrade;
  /** Posts the notification of the trade's current state again (Alipay's resend); resolves with our answer. */
  notify(outTradeNo: string, options?: AlipayNotificationOptions): Promise<string>;
  /** Builds a notification without sending it. */
  notification(outTradeNo: string, options?: AlipayNotificationOptions): RawNotification;
  /** The payer scanned the QR code (a precreated trade now exists for query and close). */
  scan(outTradeNo: string): AlipayDoubleTrade;
  trade(outTradeNo: string): AlipayDoubleTrade | undefined;
  close(): Promise<void>;
}

export interface AlipayDoubleOptions {
  port?: number;
  host?: string;
  /** post Alipay's refund notification to the trade's notify_url after each refund (default false) */
  notifyRefunds?: boolean;
}

/** A PEM key pair. */
export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

/** What the double's parts share: its keys and app id, its address once it listens, its call log. */
export interface AlipayDoubleContext {
  readonly appId: string;
  /** our app's pair (the SDK signs with its private key) */
  readonly app: KeyPair;
  /** Alipay's pair (answers and notifications are signed with its private key) */
  readonly alipay: KeyPair;
  /** a key that is not Alipay's, for notifications that must be refused */
  readonly strangerKey: string;
  /** http://host:port, set once the server listens */
  origin: string;
  readonly options: AlipayDoubleOptions;
  readonly calls: AlipayDouble['calls'];
}
