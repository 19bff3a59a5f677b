/**
 * A local double of WeChat Pay's APIv3 servers (issue 30), for tests and end-to-end runs; no
 * production code imports it. It plays WeChat as the provider (`modules/payment/wechat.ts`)
 * sees it, with the real signatures in the path:
 *
 * - it generates a merchant RSA key pair and a "微信支付公钥" pair in memory and writes the
 *   merchant's private key and the platform's public key as PEM files to a temporary folder;
 *   `env` holds the WECHAT_PAY_* variables pointing our configuration at it (no notify URL: the
 *   test or the app's PUBLIC_URL gives it);
 * - every API call must carry a valid merchant Authorization header (RSA-SHA256 over
 *   `METHOD\nURL\ntimestamp\nnonce\nbody\n`, verified with the merchant's public key), else
 *   401 SIGN_ERROR; every answer is signed with the platform key (Wechatpay-Signature,
 *   -Timestamp, -Nonce, -Serial), so the SDK's answer verification runs;
 * - trades live in memory: Native, H5 and JSAPI orders, the query by out_trade_no, close,
 *   refunds and the refund query;
 * - notifications are signed and their `resource` encrypted with AEAD_AES_256_GCM under the
 *   APIv3 key, as WeChat sends them, and POSTed with fetch to the trade's notify_url;
 * - `GET /h5pay?prepay_id=…&redirect_url=…` is the H5 cashier page (确认支付 pays, notifies and
 *   goes back to redirect_url); `POST /_double/pay?out_trade_no=…` is "scan the QR and pay".
 *
 * As a process (browser tests): `npx tsx apps/server/src/doubles/wechat-pay.ts --port 3299
 * --write-env /tmp/wechat.json [--notify-url URL]` writes `env` as JSON and stays up until
 * SIGINT/SIGTERM. `--env-file PATH` means the same, but tsx hands `--env-file` to node (which
 * then fails to load it as a dotenv file) unless the double's arguments follow a `--`.
 */
import { generateKeyPair, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { escapeMarkup } from '../markup.ts';

const generateRsa = promisify(generateKeyPair);

/** WeChat's window for a request's Authorization timestamp. */
const CLOCK_SKEW_SECONDS = 300;

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

/** A WeChat-shaped error answer. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function digits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

function beijingNow(): string {
  return `${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

function obj(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts the double on 127.0.0.1 (a free port unless given). */
export async function startWechatPayDouble(
  options: { port?: number; host?: string } = {},
): Promise<WechatPayDouble> {
  const [merchant, platform] = await Promise.all([
    generateRsa('rsa', { modulusLength: 2048 }),
    generateRsa('rsa', { modulusLength: 2048 }),
  ]);
  const mchId = `16${digits(8)}`;
  const appId = `wx${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const mchSerial = randomUUID().replace(/-/g, '').toUpperCase().padEnd(40, '0');
  const platformPublicKeyId = `PUB_KEY_ID_01${digits(30)}`;
  const apiV3Key = randomUUID().replace(/-/g, '');
  const apiV3KeyBytes = Buffer.from(apiV3Key, 'utf8');

  const dir = await mkdtemp(path.join(tmpdir(), 'wechat-pay-double-'));
  const merchantKeyFile = path.join(dir, 'apiclient_key.pem');
  const platformKeyFile = path.join(dir, 'pub_key.pem');
  await writeFile(merchantKeyFile, merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }), {
    mode: 0o600,
  });
  await writeFile(platformKeyFile, platform.publicKey.export({ type: 'spki', format: 'pem' }));

  const trades = new Map<string, DoubleTrade>();
  const byPrepay = new Map<string, string>();
  const refunds = new Map<string, DoubleRefund>();
  let failure: ApiError | undefined;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        const e = error instanceof ApiError ? error : new ApiError(500, 'SYSTEM_ERROR', String(error));
        answer(res, e.status, { code: e.code, message: e.message });
      } else {
        res.end();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const baseUrl = `http://${host}:${address.port}`;

  /** Signs an answer with the platform key the way WeChat does and sends it. */
  function answer(res: ServerResponse, status: number, data?: unknown): void {
    const body = data === undefined ? '' : JSON.stringify(data);
    const timestamp = String(Formatter.timestamp());
    const nonce = Formatter.nonce();
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Request-ID': randomUUID(),
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Serial': platformPublicKeyId,
      'Wechatpay-Signature': Rsa.sign(Formatter.response(timestamp, nonce, body), platform.privateKey),
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
    });
    res.end(body);
  }

  /** Verifies the merchant's Authorization header over the exact request. */
  function authorize(req: IncomingMessage, body: string): void {
    const header = req.headers.authorization ?? '';
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
    if (!match?.[1]) throw new ApiError(401, 'SIGN_ERROR', 'Authorization 头缺失或格式错误');
    const fields: Record<string, string> = {};
    for (const part of match[1].matchAll(/(\w+)="([^"]*)"/g)) fields[part[1] as string] = part[2] as string;
    const { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial } = fields;
    if (!mchid || !nonce || !signature || !timestamp || !serial) {
      throw new ApiError(401, 'SIGN_ERROR', 'Authorization 头缺少字段');
    }
    if (mchid !== mchId) throw new ApiError(401, 'SIGN_ERROR', '商户号不匹配');
    if (serial !== mchSerial) throw new ApiError(401, 'SIGN_ERROR', '商户证书序列号有误');
    if (Math.abs(Formatter.timestamp() - Number(timestamp)) > CLOCK_SKEW_SECONDS) {
      throw new ApiError(401, 'SIGN_ERROR', '签名时间戳已过期');
    }
    const message = Formatter.request(req.method ?? 'GET', req.url ?? '/', timestamp, nonce, body);
    if (!Rsa.verify(message, signature, merchant.publicKey)) {
      throw new ApiError(401, 'SIGN_ERROR', '签名错误');
    }
  }

  function tradeOf(outTradeNo: string): DoubleTrade {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`wechat-pay double: no trade ${outTradeNo}`);
    return trade;
  }

  /** The payer pays (the trade must be open and unexpired). */
  function settle(outTradeNo: string): DoubleTrade {
    const trade = tradeOf(outTradeNo);
    if (trade.state !== 'NOTPAY') throw new Error(`wechat-pay double: trade ${outTradeNo} is ${trade.state}`);
    if (Date.parse(trade.timeExpire) < Date.now())
      throw new Error(`wechat-pay double: trade ${outTradeNo} expired`);
    trade.state = 'SUCCESS';
    trade.transactionId = `42000${digits(23)}`;
    trade.successTime = beijingNow();
    return trade;
  }

  /** Signs an event and encrypts its resource as WeChat does. */
  function envelope(
    eventType: string,
    summary: string,
    originalType: 'transaction' | 'refund',
    resource: Record<string, unknown>,
    options: NotificationOptions = {},
  ): DoubleNotification {
    const nonce = Formatter.nonce(12);
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: beijingNow(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: {
        original_type: originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: Aes.AesGcm.encrypt(
          JSON.stringify(resource),
          options.badCiphertext ? randomBytes(32) : apiV3KeyBytes,
          nonce,
          originalType,
        ),
        associated_data: originalType,
        nonce,
      },
    });
    const timestamp = String(Formatter.timestamp() - (options.ageSeconds ?? 0));
    const headerNonce = Formatter.nonce();
    const signed = options.badSignature ? `${body} ` : body;
    return {
      headers: {
        'content-type': 'application/json',
        'wechatpay-nonce': headerNonce,
        'wechatpay-timestamp': timestamp,
        'wechatpay-serial': options.serial ?? platformPublicKeyId,
        'wechatpay-signature': Rsa.sign(
          Formatter.response(timestamp, headerNonce, signed),
          platform.privateKey,
        ),
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      },
      body,
    };
  }

  function notification(outTradeNo: string, options: NotificationOptions = {}): DoubleNotification {
    const trade = trades.get(outTradeNo);
    const amountFen = options.amountFen ?? trade?.amountFen ?? 1;
    return envelope(
      options.eventType ?? 'TRANSACTION.SUCCESS',
      '支付成功',
      'transaction',
      {
        mchid: mchId,
        appid: appId,
        out_trade_no: options.outTradeNo ?? outTradeNo,
        transaction_id: trade?.transactionId ?? `42000${digits(23)}`,
        trade_type: trade?.tradeType ?? 'NATIVE',
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        bank_type: 'OTHERS',
        attach: '',
        success_time: trade?.successTime ?? beijingNow(),
        payer: { openid: trade?.openid ?? 'o_double_payer' },
        amount: { total: amountFen, payer_total: amountFen, currency: 'CNY', payer_currency: 'CNY' },
      },
      options,
    );
  }

  function refundNotification(
    outRefundNo: string,
    status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED' = 'SUCCESS',
  ): DoubleNotification {
    const refund = refunds.get(outRefundNo);
    if (!refund) throw new Error(`wechat-pay double: no refund ${outRefundNo}`);
    const trade = tradeOf(refund.outTradeNo);
    const summary = { SUCCESS: '退款成功', ABNORMAL: '退款异常', CLOSED: '退款关闭' }[status];
    return envelope(`REFUND.${status}`, summary, 'refund', {
      mchid: mchId,
      out_trade_no: refund.outTradeNo,
      transaction_id: trade.transactionId,
      out_refund_no: refund.outRefundNo,
      refund_id: refund.refundId,
      refund_status: status,
      ...(status === 'SUCCESS' ? { success_time: beijingNow() } : {}),
      user_received_account: '支付用户零钱',
      amount: {
        total: refund.totalFen,
        refund: refund.amountFen,
        payer_total: refund.totalFen,
        payer_refund: refund.amountFen,
      },
    });
  }

  async function deliver(url: string, n: DoubleNotification): Promise<number> {
    const response = await fetch(url, {
      method: 'POST',
      headers: n.headers,
      body: n.body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  }

  async function pay(outTradeNo: string): Promise<number> {
    const trade = settle(outTradeNo);
    return deliver(trade.notifyUrl, notification(outTradeNo));
  }

  /** Opens (or reopens with the same parameters) a trade. */
  function order(tradeType: DoubleTrade['tradeType'], input: Record<string, unknown>): DoubleTrade {
    if (input.appid !== appId) throw new ApiError(400, 'APPID_MCHID_NOT_MATCH', 'appid 与 mchid 不匹配');
    if (input.mchid !== mchId) throw new ApiError(400, 'MCH_NOT_EXISTS', '商户号不存在');
    const outTradeNo = str(input.out_trade_no);
    if (!outTradeNo || !/^[A-Za-z0-9_\-|*]{6,32}$/.test(outTradeNo)) {
      throw new ApiError(400, 'PARAM_ERROR', 'out_trade_no 格式错误');
    }
    const description = str(input.description);
    if (!description || Buffer.byteLength(description, 'utf8') > 127) {
      throw new ApiError(400, 'PARAM_ERROR', 'description 为空或超过127字节');
    }
    const notifyUrl = str(input.notify_url);
    if (!notifyUrl || !/^https?:\/\//.test(notifyUrl))
      throw new ApiError(400, 'PARAM_ERROR', 'notify_url 格式错误');
    const timeExpire = str(input.time_expire);
    if (!timeExpire || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d)$/.test(timeExpire)) {
      throw new ApiError(400, 'PARAM_ERROR', 'time_expire 不是 RFC 3339 格式');
    }
    const amount = obj(input.amount);
    if (!Number.isSafeInteger(amount.total) || (amount.total as number) <= 0 || amount.currency !== 'CNY') {
      throw new ApiError(400, 'PARAM_ERROR', 'amount 格式错误');
    }
    const scene = obj(input.scene_info);
    const h5 = obj(scene.h5_info);
    const openid = str(obj(input.payer).openid);
    if (tradeType === 'MWEB' && (!str(scene.payer_client_ip) || !str(h5.type))) {
      throw new ApiError(400, 'PARAM_ERROR', 'scene_info.payer_client_ip 与 h5_info.type 必填');
    }
    if (tradeType === 'JSAPI' && !openid) throw new ApiError(400, 'PARAM_ERROR', 'payer.openid 必填');

    const existing = trades.get(outTradeNo);
    if (existing) {
      if (existing.state === 'SUCCESS' || existing.state === 'REFUND') {
        throw new ApiError(400, 'ORDERPAID', '该订单已支付');
      }
      if (existing.state === 'CLOSED') throw new ApiError(400, 'ORDERCLOSED', '该订单已关闭');
      if (existing.amountFen !== amount.total || existing.description !== description) {
        throw new ApiError(400, 'INVALID_REQUEST', '201 商户订单号重复');
      }
      if (existing.tradeType === tradeType) return existing;
    }
    const prepayId = `wx${digits(14)}${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const trade: DoubleTrade = {
      outTradeNo,
      state: 'NOTPAY',
      tradeType,
      prepayId,
      amountFen: amount.total as number,
      description,
      notifyUrl,
      timeExpire,
      payerClientIp: str(scene.payer_client_ip),
      h5Type: str(h5.type),
      openid,
      transactionId: undefined,
      successTime: undefined,
      refunds: existing?.refunds ?? [],
    };
    trades.set(outTradeNo, trade);
    byPrepay.set(prepayId, outTradeNo);
    return trade;
  }

  function queryAnswer(trade: DoubleTrade): Record<string, unknown> {
    const paid = trade.state === 'SUCCESS' || trade.state === 'REFUND';
    const desc = { NOTPAY: '订单未支付', SUCCESS: '支付成功', CLOSED: '订单已关闭', REFUND: '转入退款' }[
      trade.state
    ];
    return {
      appid: appId,
      mchid: mchId,
      out_trade_no: trade.outTradeNo,
      trade_state: trade.state,
      trade_state_desc: desc,
      ...(paid
        ? {
            transaction_id: trade.transactionId,
            trade_type: trade.tradeType,
            bank_type: 'OTHERS',
            success_time: trade.successTime,
            payer: { openid: trade.openid ?? 'o_double_payer' },
          }
        : {}),
      amount: {
        total: trade.amountFen,
        currency: 'CNY',
        ...(paid ? { payer_total: trade.amountFen, payer_currency: 'CNY' } : {}),
      },
    };
  }

  function refundAnswer(refund: DoubleRefund): Record<string, unknown> {
    return {
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      transaction_id: tradeOf(refund.outTradeNo).transactionId,
      out_trade_no: refund.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: beijingNow(),
      status: refund.status,
      amount: {
        total: refund.totalFen,
        refund: refund.amountFen,
        payer_total: refund.totalFen,
        payer_refund: refund.amountFen,
        currency: 'CNY',
      },
    };
  }

  function createRefund(input: Record<string, unknown>): DoubleRefund {
    const outRefundNo = str(input.out_refund_no);
    if (!outRefundNo || !/^[A-Za-z0-9_\-|*@]{1,64}$/.test(outRefundNo)) {
      throw new ApiError(400, 'PARAM_ERROR', 'out_refund_no 格式错误');
    }
    const amount = obj(input.amount);
    if (
      !Number.isSafeInteger(amount.refund) ||
      !Number.isSafeInteger(amount.total) ||
      amount.currency !== 'CNY'
    ) {
      throw new ApiError(400, 'PARAM_ERROR', 'amount 格式错误');
    }
    const existing = refunds.get(outRefundNo);
    if (existing) return existing;
    const outTradeNo = str(input.out_trade_no);
    const trade = outTradeNo ? trades.get(outTradeNo) : undefined;
    if (!trade) throw new ApiError(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (trade.state !== 'SUCCESS' && trade.state !== 'REFUND') {
      throw new ApiError(400, 'INVALID_REQUEST', '订单未支付，不能退款');
    }
    if (amount.total !== trade.amountFen) throw new ApiError(400, 'PARAM_ERROR', '订单金额与原订单不一致');
    const refunded = trade.refunds
      .map((no) => refunds.get(no))
      .filter((r) => r && r.status !== 'CLOSED' && r.status !== 'ABNORMAL')
      .reduce((sum, r) => sum + (r as DoubleRefund).amountFen, 0);
    const refundFen = amount.refund as number;
    if (refundFen <= 0 || refunded + refundFen > trade.amountFen) {
      throw new ApiError(403, 'NOT_ENOUGH', '申请退款金额超过订单可退金额');
    }
    const refund: DoubleRefund = {
      outRefundNo,
      outTradeNo: trade.outTradeNo,
      refundId: `50300${digits(24)}`,
      amountFen: refundFen,
      totalFen: trade.amountFen,
      reason: str(input.reason) ?? '',
      notifyUrl: str(input.notify_url),
      status: double.refundStatus,
    };
    refunds.set(outRefundNo, refund);
    trade.refunds.push(outRefundNo);
    if (refund.status === 'SUCCESS') trade.state = 'REFUND';
    return refund;
  }

  function h5Page(trade: DoubleTrade, redirectUrl: string): string {
    const action = `/h5pay/confirm?${new URLSearchParams({ prepay_id: trade.prepayId, redirect_url: redirectUrl })}`;
    const yuan = (trade.amountFen / 100).toFixed(2);
    const state =
      trade.state === 'NOTPAY'
        ? `<form method="post" action="${escapeMarkup(action)}"><button type="submit">确认支付</button></form>`
        : `<p class="note">${trade.state === 'CLOSED' ? '订单已关闭' : '订单已支付'}</p>${
            redirectUrl ? `<a class="back" href="${escapeMarkup(redirectUrl)}">返回商户</a>` : ''
          }`;
    return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>微信支付</title>
<style>
body{margin:0;padding:32px 16px;font:16px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;color:#1a1a1a;text-align:center}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px 16px}
h1{font-size:18px;margin:0 0 8px}
.desc{color:#4d4d4d;margin:0;word-break:break-all}
.amount{font-size:40px;font-weight:600;margin:16px 0 24px}
button,.back{display:block;box-sizing:border-box;width:100%;height:44px;line-height:44px;border:0;border-radius:8px;background:#06753c;color:#fff;font-size:17px;text-decoration:none}
.note{color:#4d4d4d}
</style></head>
<body><main>
<h1>微信支付</h1>
<p class="desc">${escapeMarkup(trade.description)}</p>
<p class="amount">¥${yuan}</p>
${state}
</main></body></html>`;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', baseUrl);
    const method = req.method ?? 'GET';
    const body = await readBody(req);

    // The payer's side: no merchant signature.
    if (url.pathname === '/h5pay' && method === 'GET') {
      const outTradeNo = byPrepay.get(url.searchParams.get('prepay_id') ?? '');
      const trade = outTradeNo ? trades.get(outTradeNo) : undefined;
      res.writeHead(trade ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(trade ? h5Page(trade, url.searchParams.get('redirect_url') ?? '') : '<h1>订单不存在</h1>');
      return;
    }
    if (url.pathname === '/h5pay/confirm' && method === 'POST') {
      const outTradeNo = byPrepay.get(url.searchParams.get('prepay_id') ?? '');
      if (!outTradeNo) throw new ApiError(404, 'ORDER_NOT_EXIST', '订单不存在');
      if (tradeOf(outTradeNo).state === 'NOTPAY') await pay(outTradeNo).catch(() => 0);
      const back = url.searchParams.get('redirect_url');
      res.writeHead(back ? 302 : 200, {
        ...(back ? { Location: back } : {}),
        'Content-Type': 'text/html; charset=utf-8',
      });
      res.end(back ? '' : '<h1>支付成功</h1>');
      return;
    }
    if (url.pathname === '/_double/pay' && method === 'POST') {
      const outTradeNo = url.searchParams.get('out_trade_no') ?? '';
      if (!trades.has(outTradeNo)) throw new ApiError(404, 'ORDER_NOT_EXIST', '订单不存在');
      const status = await pay(outTradeNo);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ outTradeNo, notifyStatus: status }));
      return;
    }

    authorize(req, body);
    if (failure) {
      const f = failure;
      failure = undefined;
      throw f;
    }
    let input: Record<string, unknown> = {};
    if (body !== '') {
      try {
        input = obj(JSON.parse(body));
      } catch {
        throw new ApiError(400, 'PARAM_ERROR', '请求体不是 JSON');
      }
    }

    const orderPath = /^\/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(url.pathname);
    if (orderPath && method === 'POST') {
      const kind = orderPath[1] as 'native' | 'h5' | 'jsapi';
      const trade = order(({ native: 'NATIVE', h5: 'MWEB', jsapi: 'JSAPI' } as const)[kind], input);
      if (kind === 'native')
        return answer(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${trade.prepayId}` });
      if (kind === 'h5') return answer(res, 200, { h5_url: `${baseUrl}/h5pay?prepay_id=${trade.prepayId}` });
      return answer(res, 200, { prepay_id: trade.prepayId });
    }
    const tradePath = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (tradePath) {
      const trade = trades.get(decodeURIComponent(tradePath[1] as string));
      if (tradePath[2] && method === 'POST') {
        if (input.mchid !== mchId) throw new ApiError(400, 'PARAM_ERROR', 'mchid 有误');
        if (!trade) throw new ApiError(404, 'ORDER_NOT_EXIST', '订单不存在');
        if (trade.state === 'SUCCESS' || trade.state === 'REFUND')
          throw new ApiError(400, 'ORDERPAID', '订单已支付');
        trade.state = 'CLOSED';
        return answer(res, 204);
      }
      if (!tradePath[2] && method === 'GET') {
        if (url.searchParams.get('mchid') !== mchId) throw new ApiError(400, 'PARAM_ERROR', 'mchid 有误');
        if (!trade) throw new ApiError(404, 'ORDER_NOT_EXIST', '订单不存在');
        return answer(res, 200, queryAnswer(trade));
      }
    }
    if (url.pathname === '/v3/refund/domestic/refunds' && method === 'POST') {
      return answer(res, 200, refundAnswer(createRefund(input)));
    }
    const refundPath = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (refundPath && method === 'GET') {
      const refund = refunds.get(decodeURIComponent(refundPath[1] as string));
      if (!refund) throw new ApiError(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      return answer(res, 200, refundAnswer(refund));
    }
    throw new ApiError(404, 'NOT_FOUND', `无此接口 ${method} ${url.pathname}`);
  }

  const double: WechatPayDouble = {
    baseUrl,
    env: {
      WECHAT_PAY_MCH_ID: mchId,
      WECHAT_PAY_APP_ID: appId,
      WECHAT_PAY_API_V3_KEY: apiV3Key,
      WECHAT_PAY_MCH_SERIAL: mchSerial,
      WECHAT_PAY_MCH_PRIVATE_KEY_FILE: merchantKeyFile,
      WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE: platformKeyFile,
      WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: platformPublicKeyId,
      WECHAT_PAY_BASE_URL: `${baseUrl}/`,
    },
    mchId,
    appId,
    platformPublicKeyId,
    refundStatus: 'PROCESSING',
    failNext(status, code, message = '系统错误') {
      failure = new ApiError(status, code, message);
    },
    trade(outTradeNo) {
      const trade = trades.get(outTradeNo);
      return trade ? { ...trade, refunds: [...trade.refunds] } : undefined;
    },
    refund(outRefundNo) {
      const refund = refunds.get(outRefundNo);
      return refund ? { ...refund } : undefined;
    },
    pay,
    payWithoutNotifying(outTradeNo) {
      settle(outTradeNo);
    },
    async notify(outTradeNo, options) {
      const trade = tradeOf(outTradeNo);
      if (trade.state !== 'SUCCESS')
        throw new Error(`wechat-pay double: trade ${outTradeNo} is ${trade.state}`);
      return deliver(trade.notifyUrl, notification(outTradeNo, options));
    },
    notification,
    refundNotification,
    async finishRefund(outRefundNo, status = 'SUCCESS') {
      const refund = refunds.get(outRefundNo);
      if (!refund) throw new Error(`wechat-pay double: no refund ${outRefundNo}`);
      refund.status = status;
      if (status === 'SUCCESS') tradeOf(refund.outTradeNo).state = 'REFUND';
      if (!refund.notifyUrl) throw new Error(`wechat-pay double: refund ${outRefundNo} has no notify_url`);
      return deliver(refund.notifyUrl, refundNotification(outRefundNo, status));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
  return double;
}

/** `--port N --write-env PATH [--notify-url URL] [--host H]`: run the double until killed. */
export async function main(argv: string[]): Promise<void> {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const port = Number(arg('--port') ?? 0);
  const envFile = arg('--write-env') ?? arg('--env-file');
  const notifyUrl = arg('--notify-url');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be a port number');
  const double = await startWechatPayDouble({ port, host: arg('--host') ?? '127.0.0.1' });
  const env = { ...double.env, ...(notifyUrl ? { WECHAT_PAY_NOTIFY_URL: notifyUrl } : {}) };
  if (envFile) await writeFile(envFile, `${JSON.stringify(env, null, 2)}\n`);
  process.stdout.write(`WeChat Pay double on ${double.baseUrl}${envFile ? `, env in ${envFile}` : ''}\n`);
  const stop = () => {
    void double.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
