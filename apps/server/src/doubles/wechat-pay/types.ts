/** The WeChat Pay double's shapes (`../wechat-pay.ts` starts it). */
import type { KeyObject } from 'node:crypto';
import type { ApiError } from './wire.ts';

export type DoubleTradeState = 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
export type DoubleRefundStatus = 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';

/** A trade as the double keeps it (copies are handed out). */
export interface DoubleTrade {
  outTradeNo: string;
  state: DoubleTradeState;
  tradeType: 'NATIVE' | 'MWEB' | 'JSAPI';
  prepayId: string;
  amountFen: number;
  description: string;
  notifyUrl: string;
  /** RFC 3339 as our provider sent it */
  timeExpire: string;
  /** H5 only */
  payerClientIp: string | undefined;
  h5Type: string | undefined;
  /** JSAPI only */
  openid: string | undefined;
  /** set when paid */
  transactionId: string | undefined;
  successTime: string | undefined;
  /** out_refund_no of its refunds */
  refunds: string[];
}

export interface DoubleRefund {
  outRefundNo: string;
  outTradeNo: string;
  refundId: string;
  amountFen: number;
  totalFen: number;
  reason: string;
  notifyUrl: string | undefined;
  status: DoubleRefundStatus;
}

/** Ways to build a notification that must be refused, or that lies. */
export interface NotificationOptions {
  /** sign something else: the signature does not match the body */
  badSignature?: boolean;
  /** date the Wechatpay-Timestamp this many seconds back (validly signed) */
  ageSeconds?: number;
  /** name another Wechatpay-Serial (validly signed with the platform key) */
  serial?: string;
  /** claim this amount instead of the trade's */
  amountFen?: number;
  /** claim this out_trade_no instead (an order we never made) */
  outTradeNo?: string;
  /** encrypt the resource under another key (validly signed; it does not decrypt) */
  badCiphertext?: boolean;
  /** another event_type than TRANSACTION.SUCCESS (validly signed) */
  eventType?: string;
}

/** A notification as it goes on the wire: lower-cased headers and the raw body. */
export interface DoubleNotification {
  headers: Record<string, string>;
  body: string;
}

export interface WechatPayDouble {
  /** http://127.0.0.1:PORT (no trailing slash) */
  readonly baseUrl: string;
  /** WECHAT_PAY_* pointing our configuration at the double, without WECHAT_PAY_NOTIFY_URL */
  readonly env: Record<string, string>;
  readonly mchId: string;
  readonly appId: string;
  readonly platformPublicKeyId: string;
  /** the status a new refund answers with (WeChat mostly says PROCESSING) */
  refundStatus: 'PROCESSING' | 'SUCCESS';
  /** The next API call (any endpoint) answers this error instead, once. */
  failNext(status: number, code: string, message?: string): void;
  trade(outTradeNo: string): DoubleTrade | undefined;
  refund(outRefundNo: string): DoubleRefund | undefined;
  /** The payer pays: SUCCESS, then TRANSACTION.SUCCESS is posted; resolves with our answer's status. */
  pay(outTradeNo: string): Promise<number>;
  /** The payer pays and the notification is lost: only the query tells. */
  payWithoutNotifying(outTradeNo: string): void;
  /** (Re)sends a paid trade's TRANSACTION.SUCCESS to its notify_url; resolves with our answer's status. */
  notify(outTradeNo: string, options?: NotificationOptions): Promise<number>;
  /** Builds a TRANSACTION.SUCCESS notification without sending it (the trade need not be paid or exist). */
  notification(outTradeNo: string, options?: NotificationOptions): DoubleNotification;
  /** Builds a refund notification (REFUND.SUCCESS, .ABNORMAL or .CLOSED) without sending it. */
  refundNotification(outRefundNo: string, status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'): DoubleNotification;
  /** The refund finishes: its state changes and the refund notification is posted; resolves with our status. */
  finishRefund(outRefundNo: string, status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'): Promise<number>;
  /** Stops the server and deletes the key files. */
  close(): Promise<void>;
}

/** An RSA key pair as KeyObjects. */
export interface KeyPairObjects {
  publicKey: KeyObject;
  privateKey: KeyObject;
}

/** What the double's parts share: its merchant and keys, its address once it listens, its state. */
export interface WechatPayDoubleContext {
  readonly mchId: string;
  readonly appId: string;
  readonly mchSerial: string;
  readonly platformPublicKeyId: string;
  /** the APIv3 key's bytes (notifications' resources are encrypted under it) */
  readonly apiV3KeyBytes: Buffer;
  /** the merchant's pair: requests' Authorization is verified with its public key */
  readonly merchant: KeyPairObjects;
  /** the 微信支付公钥 pair: answers and notifications are signed with its private key */
  readonly platform: KeyPairObjects;
  /** http://host:port, set once the server listens */
  baseUrl: string;
  /** the error the next API call answers (failNext) */
  failure: ApiError | undefined;
  /** the status a new refund starts in (the double's `refundStatus`, read at each refund) */
  refundStatus(): DoubleRefundStatus;
}
