/**
 * WeChat Pay APIv3 (issue 30): Native (a QR code on the desktop), H5 (the phone's browser) and
 * JSAPI (inside WeChat's browser), behind the provider interface of `types.ts`.
 *
 * Requests are signed and every answer's signature is verified by the maintained SDK
 * `wechatpay-axios-plugin` (its `Wechatpay` client: an Authorization header of RSA-SHA256 over
 * `METHOD\nURL\ntimestamp\nnonce\nbody\n` with the merchant key; the Wechatpay-Signature of the
 * answer checked against WeChat's public key, ±5 minutes). Notifications are verified here with
 * the same SDK's `Rsa`, `Formatter` and `Aes.AesGcm`: RSA-SHA256 over `timestamp\nnonce\nbody\n`
 * with the "微信支付公钥" named by Wechatpay-Serial, a 5-minute window, then the `resource`
 * decrypted with AEAD_AES_256_GCM under the APIv3 key. No crypto of our own.
 *
 * `wechatPayConfig` reads WECHAT_PAY_* from the environment (see its comment); the local double
 * of WeChat's servers for tests and end-to-end runs is `src/doubles/wechat-pay.ts`.
 */
import { createPrivateKey, createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import { ConfigError, type Env } from '../../config-error.ts';
import { MINUTE_MS, SECOND_MS, SHANGHAI_OFFSET_MS } from '../../dates.ts';
import {
  NotificationRejected,
  type NotifyAnswer,
  type PaymentProvider,
  type PayScene,
  type ProviderEvent,
  type RawNotification,
  type TradeState,
} from './types.ts';

/** WeChat's production API host (WECHAT_PAY_BASE_URL points elsewhere only for the double). */
export const WECHAT_PAY_API = 'https://api.mch.weixin.qq.com/';

/** A notification whose Wechatpay-Timestamp is further than this from our clock is refused. */
export const WECHAT_NOTIFY_FRESH_MS = 5 * MINUTE_MS;

/** How long one call to WeChat may take before it is given up. */
const REQUEST_TIMEOUT_MS = 10 * SECOND_MS;

/** WeChat's limit on `description`. */
const DESCRIPTION_MAX_BYTES = 127;

export const H5_TYPES = ['Wap', 'iOS', 'Android'] as const;
export type H5Type = (typeof H5_TYPES)[number];

/** WeChat Pay as configured; the keys are KeyObjects so the object prints no secret. */
export interface WechatPayConfig {
  /** 商户号 */
  mchId: string;
  /** the app id bound to the merchant (公众号/服务号 for JSAPI and H5) */
  appId: string;
  /** the APIv3 key (32 bytes) as a secret KeyObject; decrypts notifications */
  apiV3Key: KeyObject;
  /** serial number of the merchant's API certificate (Authorization serial_no) */
  mchSerial: string;
  /** the merchant's API private key (apiclient_key.pem) */
  mchPrivateKey: KeyObject;
  /** 微信支付公钥ID (`PUB_KEY_ID_…`): the Wechatpay-Serial of answers and notifications */
  platformPublicKeyId: string;
  /** 微信支付公钥: verifies answers and notifications */
  platformPublicKey: KeyObject;
  /** where WeChat posts payment notifications (https in production) */
  notifyUrl: string;
  /** where WeChat posts refund notifications; the payment notify URL unless set */
  refundNotifyUrl: string;
  /** the API's base URL, WeChat's own unless testing against the double */
  baseUrl: string;
  /** scene_info.h5_info.type of H5 orders */
  h5Type: H5Type;
}

const PREFIX = 'WECHAT_PAY_';
const REQUIRED = [
  'WECHAT_PAY_MCH_ID',
  'WECHAT_PAY_APP_ID',
  'WECHAT_PAY_API_V3_KEY',
  'WECHAT_PAY_MCH_SERIAL',
  'WECHAT_PAY_MCH_PRIVATE_KEY_FILE',
  'WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE',
  'WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID',
] as const;

/**
 * Reads WeChat Pay's settings. Undefined when no WECHAT_PAY_* variable is set (WeChat Pay is
 * off); a ConfigError naming the variable(s) when some are set but the set is incomplete or bad.
 *
 * Required: WECHAT_PAY_MCH_ID, WECHAT_PAY_APP_ID, WECHAT_PAY_API_V3_KEY (exactly 32 bytes),
 * WECHAT_PAY_MCH_SERIAL, WECHAT_PAY_MCH_PRIVATE_KEY_FILE (PEM), WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE
 * (PEM of the 微信支付公钥) and WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID (`PUB_KEY_ID_…`). The key files
 * are read and parsed here, so a bad file stops the boot.
 *
 * Optional: WECHAT_PAY_NOTIFY_URL (default `defaults.notifyUrl`, which the caller derives from
 * PUBLIC_URL and the notify route; one of the two is required; https in production),
 * WECHAT_PAY_REFUND_NOTIFY_URL (default the notify URL), WECHAT_PAY_BASE_URL (default WeChat's
 * https://api.mch.weixin.qq.com/; the double's address in tests), WECHAT_PAY_H5_TYPE (Wap, iOS or
 * Android; default Wap).
 */
export function wechatPayConfig(
  env: Env,
  defaults: { notifyUrl?: string; production?: boolean } = {},
): WechatPayConfig | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  if (!Object.keys(env).some((name) => name.startsWith(PREFIX) && value(name) !== undefined))
    return undefined;

  const missing: string[] = REQUIRED.filter((name) => value(name) === undefined);
  const notifyUrl = value('WECHAT_PAY_NOTIFY_URL') ?? defaults.notifyUrl;
  if (!notifyUrl) missing.push('WECHAT_PAY_NOTIFY_URL');
  if (missing.length > 0) {
    throw new ConfigError(`WeChat Pay is partly configured: missing ${missing.join(', ')}`);
  }
  const need = (name: (typeof REQUIRED)[number]) => value(name) as string;

  const apiV3Key = need('WECHAT_PAY_API_V3_KEY');
  if (Buffer.byteLength(apiV3Key, 'utf8') !== 32) {
    throw new ConfigError(
      'WECHAT_PAY_API_V3_KEY must be exactly 32 bytes (the APIv3 key set in the merchant platform)',
    );
  }
  const platformPublicKeyId = need('WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID');
  if (!platformPublicKeyId.startsWith('PUB_KEY_ID_')) {
    throw new ConfigError('WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID must be the 微信支付公钥ID (PUB_KEY_ID_…)');
  }
  const mchSerial = need('WECHAT_PAY_MCH_SERIAL');
  if (mchSerial === platformPublicKeyId) {
    throw new ConfigError('WECHAT_PAY_MCH_SERIAL is the merchant certificate serial, not the 微信支付公钥ID');
  }
  const production = defaults.production ?? false;
  const refundNotifyUrl = value('WECHAT_PAY_REFUND_NOTIFY_URL');
  const h5Type = value('WECHAT_PAY_H5_TYPE') ?? 'Wap';
  if (!(H5_TYPES as readonly string[]).includes(h5Type)) {
    throw new ConfigError(`WECHAT_PAY_H5_TYPE must be one of ${H5_TYPES.join(', ')}`);
  }

  return {
    mchId: need('WECHAT_PAY_MCH_ID'),
    appId: need('WECHAT_PAY_APP_ID'),
    apiV3Key: createSecretKey(Buffer.from(apiV3Key, 'utf8')),
    mchSerial,
    mchPrivateKey: readKey(
      'WECHAT_PAY_MCH_PRIVATE_KEY_FILE',
      need('WECHAT_PAY_MCH_PRIVATE_KEY_FILE'),
      'private',
    ),
    platformPublicKeyId,
    platformPublicKey: readKey(
      'WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE',
      need('WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE'),
      'public',
    ),
    notifyUrl: checkUrl('WECHAT_PAY_NOTIFY_URL', notifyUrl as string, production),
    refundNotifyUrl: checkUrl(
      'WECHAT_PAY_REFUND_NOTIFY_URL',
      refundNotifyUrl ?? (notifyUrl as string),
      production,
    ),
    baseUrl: checkUrl('WECHAT_PAY_BASE_URL', value('WECHAT_PAY_BASE_URL') ?? WECHAT_PAY_API, false),
    h5Type: h5Type as H5Type,
  };
}

/** Reads and parses a PEM key file; the message names the variable, never the key. */
function readKey(name: string, file: string, kind: 'private' | 'public'): KeyObject {
  let pem: Buffer;
  try {
    pem = readFileSync(file);
  } catch {
    throw new ConfigError(`${name}: cannot read ${file}`);
  }
  let key: KeyObject;
  try {
    key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch {
    throw new ConfigError(`${name}: ${file} is not a PEM ${kind} key`);
  }
  if (key.asymmetricKeyType !== 'rsa') throw new ConfigError(`${name}: ${file} is not an RSA ${kind} key`);
  return key;
}

function checkUrl(name: string, text: string, httpsOnly: boolean): string {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new ConfigError(`${name}: "${text}" is not a URL`);
  }
  const allowed = httpsOnly ? ['https:'] : ['http:', 'https:'];
  if (!allowed.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must be an ${httpsOnly ? 'https' : 'http(s)'} URL`);
  }
  return text;
}

/** A refused or failed call to WeChat Pay; the message names WeChat's error code. */
export class WechatPayError extends Error {
  override name = 'WechatPayError';
  constructor(
    message: string,
    /** WeChat's `code` (e.g. ORDER_NOT_EXIST, SIGN_ERROR), the SDK's or the network's */
    readonly code: string,
    /** the HTTP status, when WeChat answered */
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

/** The JSON object at `key`, or an empty one. */
function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** RFC 3339 in Beijing time, as WeChat writes it: 2026-11-29T18:30:00+08:00. */
export function beijingTime(at: Date): string {
  return `${new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** Cuts `value` to at most `max` UTF-8 bytes without splitting a character. */
function cutBytes(value: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of value) {
    bytes += Buffer.byteLength(ch, 'utf8');
    if (bytes > max) break;
    out += ch;
  }
  return out;
}

/** The WeChat Pay provider over `config`. */
export function wechatProvider(config: WechatPayConfig): PaymentProvider {
  const client = new Wechatpay({
    mchid: config.mchId,
    serial: config.mchSerial,
    // The SDK's typings want PEM text; it turns it back into a KeyObject.
    privateKey: config.mchPrivateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certs: { [config.platformPublicKeyId]: config.platformPublicKey },
    baseURL: config.baseUrl,
    timeout: REQUEST_TIMEOUT_MS,
  });

  /** One signed call; the answer's signature is verified by the SDK before it resolves. */
  async function call(
    method: 'get' | 'post',
    path: string,
    body?: Record<string, unknown>,
  ): Promise<{ status: number; data: Record<string, unknown> }> {
    const endpoint = client.chain(path);
    try {
      const response = method === 'get' ? await endpoint.get() : await endpoint.post(body);
      return { status: response.status, data: record(response.data) };
    } catch (error) {
      throw wechatError(method, path, error);
    }
  }

  return {
    name: 'wechat',
    scenes: ['desktop', 'phone', 'wechat'] satisfies PayScene[],

    async start(request) {
      const order: Record<string, unknown> = {
        appid: config.appId,
        mchid: config.mchId,
        description: cutBytes(request.description, DESCRIPTION_MAX_BYTES),
        out_trade_no: request.outTradeNo,
        time_expire: beijingTime(request.expiresAt),
        notify_url: config.notifyUrl,
        amount: { total: request.amountFen, currency: 'CNY' },
      };
      switch (request.scene) {
        case 'desktop': {
          const { data } = await call('post', 'v3/pay/transactions/native', order);
          const codeUrl = text(data.code_url);
          if (!codeUrl) throw new WechatPayError('WeChat Pay native order: no code_url', 'NO_CODE_URL', 200);
          return { kind: 'qr', codeUrl };
        }
        case 'phone': {
          const { data } = await call('post', 'v3/pay/transactions/h5', {
            ...order,
            scene_info: { payer_client_ip: request.clientIp, h5_info: { type: config.h5Type } },
          });
          const h5Url = text(data.h5_url);
          if (!h5Url) throw new WechatPayError('WeChat Pay H5 order: no h5_url', 'NO_H5_URL', 200);
          // WeChat documents the way back as redirect_url appended to h5_url.
          return { kind: 'redirect', url: `${h5Url}&redirect_url=${encodeURIComponent(request.returnUrl)}` };
        }
        case 'wechat': {
          if (!request.openid) {
            throw new WechatPayError('WeChat Pay JSAPI order needs the payer openid', 'NO_OPENID', undefined);
          }
          const { data } = await call('post', 'v3/pay/transactions/jsapi', {
            ...order,
            payer: { openid: request.openid },
          });
          const prepayId = text(data.prepay_id);
          if (!prepayId)
            throw new WechatPayError('WeChat Pay JSAPI order: no prepay_id', 'NO_PREPAY_ID', 200);
          return { kind: 'jsapi', params: jsapiParams(config, prepayId) };
        }
      }
    },

    async parseNotification(notification, now = new Date()) {
      return parseWechatNotification(config, notification, now);
    },

    answer(accepted, message): NotifyAnswer {
      // WeChat takes 200 or 204 as received; a 4XX/5XX (with code FAIL) makes it retry. 422: the
      // refusal is about the notification (our server answers no 5xx for what a caller sent), and
      // a status of its own keeps it apart from the envelope's 400 in the API description.
      if (accepted) return { status: 204, contentType: 'text/plain; charset=utf-8', body: '' };
      return {
        status: 422,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ code: 'FAIL', message }),
      };
    },

    async query(outTradeNo): Promise<TradeState> {
      let data: Record<string, unknown>;
      try {
        ({ data } = await call(
          'get',
          `v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(config.mchId)}`,
        ));
      } catch (error) {
        if (error instanceof WechatPayError && error.code === 'ORDER_NOT_EXIST') return { state: 'unknown' };
        throw error;
      }
      const state = text(data.trade_state);
      switch (state) {
        // REFUND: it was paid (and since refunded, which the refund's own records tell).
        case 'SUCCESS':
        case 'REFUND': {
          const providerRef = text(data.transaction_id);
          const amountFen = record(data.amount).total;
          if (!providerRef || !Number.isSafeInteger(amountFen)) {
            throw new WechatPayError(
              `WeChat Pay query ${outTradeNo}: paid without transaction`,
              'BAD_ANSWER',
              200,
            );
          }
          return { state: 'paid', providerRef, amountFen: amountFen as number };
        }
        case 'NOTPAY':
        case 'USERPAYING':
        case 'ACCEPT':
          return { state: 'pending' };
        case 'CLOSED':
        case 'REVOKED':
        case 'PAYERROR':
          return { state: 'closed' };
        default:
          throw new WechatPayError(
            `WeChat Pay query ${outTradeNo}: unknown trade_state ${String(state)}`,
            'BAD_ANSWER',
            200,
          );
      }
    },

    async close(outTradeNo) {
      try {
        await call('post', `v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, {
          mchid: config.mchId,
        });
      } catch (error) {
        if (error instanceof WechatPayError && error.code === 'ORDER_NOT_EXIST') return;
        throw error;
      }
    },

    async refund(request) {
      const { data } = await call('post', 'v3/refund/domestic/refunds', {
        out_trade_no: request.outTradeNo,
        out_refund_no: request.outRefundNo,
        reason: cutBytes(request.reason, 80),
        notify_url: config.refundNotifyUrl,
        amount: { refund: request.amountFen, total: request.totalFen, currency: 'CNY' },
      });
      const refundRef = text(data.refund_id);
      const status = text(data.status);
      if (!refundRef) throw new WechatPayError('WeChat Pay refund: no refund_id', 'BAD_ANSWER', 200);
      if (status === 'SUCCESS') return { refundRef, state: 'success' };
      if (status === 'PROCESSING') return { refundRef, state: 'processing' };
      throw new WechatPayError(
        `WeChat Pay refund ${request.outRefundNo}: status ${String(status)}`,
        `REFUND_${String(status)}`,
        200,
      );
    },
  };
}

/**
 * What a failed call becomes: WeChat's code from its JSON answer, else the SDK's (a bad answer
 * signature is EV3_RES_HEADER_SIGNATURE_DIGEST) or the network's (ECONNREFUSED). The SDK's error
 * carries the request config (with the private key object); it is not kept.
 */
function wechatError(method: string, path: string, error: unknown): WechatPayError {
  const err = record(error);
  const response = record(err.response);
  const status = typeof response.status === 'number' ? response.status : undefined;
  let data = response.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      // not JSON: no code in it
    }
  }
  const body = record(data);
  const code = text(body.code) ?? text(err.code) ?? 'NETWORK_ERROR';
  const detail = text(body.message);
  const where = `${method.toUpperCase()} /${path.split('?')[0]}`;
  return new WechatPayError(
    `WeChat Pay ${where}: ${status ?? 'no answer'} ${code}${detail ? ` (${detail.slice(0, 200)})` : ''}`,
    code,
    status,
  );
}

/** The fields WeixinJSBridge getBrandWCPayRequest takes, signed with the merchant key. */
function jsapiParams(config: WechatPayConfig, prepayId: string): Record<string, string> {
  const timeStamp = String(Formatter.timestamp());
  const nonceStr = Formatter.nonce();
  const pkg = `prepay_id=${prepayId}`;
  const paySign = Rsa.sign(
    Formatter.joinedByLineFeed(config.appId, timeStamp, nonceStr, pkg),
    config.mchPrivateKey,
  );
  return { appId: config.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
}

/** Verifies and reads a notification (see the module comment). Throws NotificationRejected. */
async function parseWechatNotification(
  config: WechatPayConfig,
  notification: RawNotification,
  now: Date,
): Promise<ProviderEvent> {
  const h = notification.headers;
  const signature = h['wechatpay-signature'];
  const timestamp = h['wechatpay-timestamp'];
  const nonce = h['wechatpay-nonce'];
  const serial = h['wechatpay-serial'];
  if (!signature || !timestamp || !nonce || !serial) {
    throw new NotificationRejected('signature', 'Wechatpay-Signature, -Timestamp, -Nonce or -Serial missing');
  }
  if (serial !== config.platformPublicKeyId) {
    throw new NotificationRejected('signature', `unknown Wechatpay-Serial ${serial.slice(0, 64)}`);
  }
  let verified = false;
  try {
    verified = Rsa.verify(
      Formatter.response(timestamp, nonce, notification.body),
      signature,
      config.platformPublicKey,
    );
  } catch {
    verified = false;
  }
  if (!verified) throw new NotificationRejected('signature', 'Wechatpay-Signature does not match');
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!(Math.abs(now.getTime() - seconds * SECOND_MS) <= WECHAT_NOTIFY_FRESH_MS)) {
    throw new NotificationRejected('stale', `Wechatpay-Timestamp ${timestamp.slice(0, 20)}`);
  }

  let envelope: Record<string, unknown>;
  try {
    envelope = record(JSON.parse(notification.body));
  } catch {
    throw new NotificationRejected('malformed', 'body is not JSON');
  }
  const eventType = text(envelope.event_type) ?? '';
  const kind =
    eventType === 'TRANSACTION.SUCCESS' ? 'paid' : eventType.startsWith('REFUND.') ? 'refund' : null;
  if (kind === null) return { kind: 'ignored', reason: `event_type ${eventType.slice(0, 40)}` };

  const resource = decrypt(config, record(envelope.resource));
  if (text(resource.mchid) !== config.mchId) throw new NotificationRejected('malformed', 'mchid is not ours');
  const outTradeNo = text(resource.out_trade_no);
  if (!outTradeNo) throw new NotificationRejected('malformed', 'no out_trade_no');

  if (kind === 'paid') {
    const providerRef = text(resource.transaction_id);
    const amount = record(resource.amount);
    if (!providerRef || !Number.isSafeInteger(amount.total) || (amount.total as number) < 0) {
      throw new NotificationRejected('malformed', 'no transaction_id or amount.total');
    }
    if (text(resource.trade_state) !== 'SUCCESS') {
      throw new NotificationRejected('malformed', 'TRANSACTION.SUCCESS without trade_state SUCCESS');
    }
    if (amount.currency !== undefined && amount.currency !== 'CNY') {
      throw new NotificationRejected('malformed', `currency ${String(amount.currency)}`);
    }
    return { kind: 'paid', outTradeNo, providerRef, amountFen: amount.total as number, signature };
  }

  const outRefundNo = text(resource.out_refund_no);
  const refundRef = text(resource.refund_id);
  if (!outRefundNo || !refundRef)
    throw new NotificationRejected('malformed', 'no out_refund_no or refund_id');
  if (eventType === 'REFUND.SUCCESS')
    return { kind: 'refund', outTradeNo, outRefundNo, refundRef, state: 'success' };
  if (eventType === 'REFUND.ABNORMAL' || eventType === 'REFUND.CLOSED') {
    return { kind: 'refund', outTradeNo, outRefundNo, refundRef, state: 'failed' };
  }
  return { kind: 'ignored', reason: `event_type ${eventType.slice(0, 40)}` };
}

/** Decrypts a notification's `resource` (AEAD_AES_256_GCM under the APIv3 key). */
function decrypt(config: WechatPayConfig, resource: Record<string, unknown>): Record<string, unknown> {
  if (resource.algorithm !== 'AEAD_AES_256_GCM')
    throw new NotificationRejected('malformed', 'not AEAD_AES_256_GCM');
  const ciphertext = text(resource.ciphertext);
  const nonce = text(resource.nonce);
  const associatedData = typeof resource.associated_data === 'string' ? resource.associated_data : '';
  if (!ciphertext || !nonce)
    throw new NotificationRejected('malformed', 'resource without ciphertext or nonce');
  let plain: string;
  try {
    plain = Aes.AesGcm.decrypt(ciphertext, config.apiV3Key, nonce, associatedData);
  } catch {
    throw new NotificationRejected('malformed', 'resource does not decrypt');
  }
  try {
    return record(JSON.parse(plain));
  } catch {
    throw new NotificationRejected('malformed', 'resource is not JSON');
  }
}
