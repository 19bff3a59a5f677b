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
import { Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import { SECOND_MS, SHANGHAI_OFFSET_MS } from '../../dates.ts';
import type { NotifyAnswer, PaymentProvider, PayScene, TradeState } from './types.ts';
import type { WechatPayConfig } from './wechat-config.ts';
import { parseWechatNotification, record, text } from './wechat-notify.ts';

export {
  H5_TYPES,
  type H5Type,
  WECHAT_PAY_API,
  type WechatPayConfig,
  wechatPayConfig,
} from './wechat-config.ts';
export { WECHAT_NOTIFY_FRESH_MS } from './wechat-notify.ts';

/** How long one call to WeChat may take before it is given up. */
const REQUEST_TIMEOUT_MS = 10 * SECOND_MS;

/** WeChat's limit on `description`. */
const DESCRIPTION_MAX_BYTES = 127;

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
