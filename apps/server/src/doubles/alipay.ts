/**
 * A local double of Alipay's OpenAPI v2 gateway (issue 30) for tests and end-to-end runs; the
 * production server never imports it. It speaks the wire format the official SDK speaks:
 *
 * - `POST /gateway.do?app_id&method&sign…` with the rest (biz_content) as a form: the RSA2
 *   signature over every parameter but `sign` (sorted, `k=v` joined by `&`, empty values left
 *   out) is verified with our app's public key, else `isv.invalid-signature`; the answer is
 *   `{"<method>_response":{…},"sign":"…"}`, signed by Alipay's private key over the response
 *   node's JSON text, as the SDK verifies it.
 * - `GET /gateway.do?method=alipay.trade.wap.pay…` (pageExecute's link): the signed query is
 *   verified and a small pay page (支付宝, ¥X.XX, 确认付款) is shown; its button posts to
 *   `/_double/wap-pay`, which pays, notifies and redirects to `return_url` with the signed
 *   synchronous-return parameters.
 * - precreate's `qr_code` is `<origin>/_double/qr/<code>`: opening it is "scanning" (the same
 *   pay page). `POST /_double/pay?out_trade_no=…` pays and notifies (a browser test's "scan the
 *   QR and pay"); `GET /_double/trades/<out_trade_no>` shows a trade as JSON.
 *
 * Like Alipay, a precreated trade nobody scanned does not exist for query and close
 * (ACQ.TRADE_NOT_EXIST), and a wap trade exists once its page was opened. Notifications are
 * form posts signed over the sorted parameters without `sign` and `sign_type`. Trades and
 * refunds live in memory; the key pairs are made at start and written as PEM files to a
 * temporary directory that `close()` removes.
 *
 * As a process: `npx tsx apps/server/src/doubles/alipay.ts --port 3298 --env-out /tmp/a.json`
 * writes the ALIPAY_* variables as JSON and stays up (refund notifications on). `--env-file`
 * is read too, but tsx also hands it to node, whose own `--env-file` fails on a missing file:
 * write it after `--` (`alipay.ts -- --port 3298 --env-file /tmp/a.json`) or use `--env-out`.
 */
import { createSign, createVerify, generateKeyPairSync, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MINUTE_MS, SHANGHAI_OFFSET_MS } from '../dates.ts';
import { escapeMarkup } from '../markup.ts';
import type { RawNotification } from '../modules/payment/types.ts';

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

const GATEWAY_PATH = '/gateway.do';
const SELLER_ID = '2088000000000001';
const BUYER_LOGON_ID = '159****0000';

/** yyyy-MM-dd HH:mm:ss in Asia/Shanghai. */
function alipayTime(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Parses Alipay's time (Asia/Shanghai), undefined when absent or not a time. */
function parseAlipayTime(text: unknown): Date | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text);
  if (!match) return undefined;
  const at = new Date(`${match[1]}T${match[2]}+08:00`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

function fenToYuan(fen: number): string {
  const digits = String(fen).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function yuanToFen(yuan: unknown): number | null {
  const match = typeof yuan === 'string' ? /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/.exec(yuan) : null;
  return match ? Number(`${match[1]}${(match[2] ?? '').padEnd(2, '0')}`) : null;
}

function digits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

/** The text Alipay signs: sorted keys, `k=v` joined by `&`, empty values and the excluded keys left out. */
function signContent(params: Record<string, string>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

function rsa2Sign(text: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(text, 'utf8').sign(privateKeyPem, 'base64');
}

function rsa2Verify(text: string, signature: string, publicKeyPem: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

function rsaPair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function formFields(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) fields[key] = value;
  return fields;
}

/** An answer of the gateway: code 10000 or a business failure with its sub code. */
type Answer = Record<string, string>;

const ok = (fields: Record<string, string | undefined>): Answer => {
  const answer: Answer = { code: '10000', msg: 'Success' };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) answer[key] = value;
  return answer;
};
const failed = (subCode: string, subMsg: string): Answer => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code: subCode,
  sub_msg: subMsg,
});
const invalid = (subCode: string, subMsg: string): Answer => ({
  code: '40002',
  msg: 'Invalid Arguments',
  sub_code: subCode,
  sub_msg: subMsg,
});

/** Starts the double on 127.0.0.1 (port 0: any free port). */
export async function startAlipayDouble(options: AlipayDoubleOptions = {}): Promise<AlipayDouble> {
  const app = rsaPair();
  const alipay = rsaPair();
  const strangerKey = rsaPair().privateKey;
  const appId = `2021${digits(12)}`;
  const dir = mkdtempSync(join(tmpdir(), 'alipay-double-'));
  const privateKeyFile = join(dir, 'app-private-key.pem');
  const publicKeyFile = join(dir, 'alipay-public-key.pem');
  writeFileSync(privateKeyFile, app.privateKey, { mode: 0o600 });
  writeFileSync(publicKeyFile, alipay.publicKey);

  const trades = new Map<string, AlipayDoubleTrade>();
  const byQrCode = new Map<string, string>();
  const calls: AlipayDouble['calls'] = [];
  let origin = '';

  /** The trade as it stands now: an open trade past its time_expire is closed. */
  function current(outTradeNo: string): AlipayDoubleTrade | undefined {
    const trade = trades.get(outTradeNo);
    if (trade?.status === 'WAIT_BUYER_PAY' && trade.expiresAt && trade.expiresAt.getTime() < Date.now()) {
      trade.status = 'TRADE_CLOSED';
    }
    return trade;
  }

  /** The trade as query, close and refund see it: unscanned precreated trades do not exist. */
  function visible(outTradeNo: unknown): AlipayDoubleTrade | undefined {
    if (typeof outTradeNo !== 'string') return undefined;
    const trade = current(outTradeNo);
    return trade?.scanned ? trade : undefined;
  }

  function refundedFen(trade: AlipayDoubleTrade): number {
    return trade.refunds.reduce((sum, r) => sum + r.amountFen, 0);
  }

  function notificationFields(
    trade: AlipayDoubleTrade,
    o: AlipayNotificationOptions,
  ): Record<string, string> {
    const status = o.tradeStatus ?? (trade.status === 'WAIT_BUYER_PAY' ? 'TRADE_SUCCESS' : trade.status);
    const total = o.totalAmount ?? fenToYuan(trade.amountFen);
    const paidAt = trade.paidAt ?? new Date();
    const fields: Record<string, string> = {
      notify_time: alipayTime(new Date()),
      notify_type: 'trade_status_sync',
      notify_id: `2026${digits(28)}`,
      app_id: o.appId ?? appId,
      auth_app_id: o.appId ?? appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: trade.tradeNo,
      out_trade_no: o.outTradeNo ?? trade.outTradeNo,
      trade_status: status,
      total_amount: total,
      subject: trade.subject,
      seller_id: SELLER_ID,
      buyer_id: '2088102177000000',
      buyer_logon_id: BUYER_LOGON_ID,
      gmt_create: alipayTime(trade.createdAt),
    };
    if (status !== 'WAIT_BUYER_PAY') {
      fields.gmt_payment = alipayTime(paidAt);
      fields.receipt_amount = total;
      fields.buyer_pay_amount = total;
      fields.invoice_amount = total;
      fields.point_amount = '0.00';
      fields.fund_bill_list = JSON.stringify([{ amount: total, fundChannel: 'ALIPAYACCOUNT' }]);
    }
    if (o.refundOf !== undefined) {
      const refund = trade.refunds.find((r) => r.outRequestNo === o.refundOf);
      fields.out_biz_no = o.refundOf;
      fields.refund_fee = fenToYuan(refund ? refundedFen(trade) : trade.amountFen);
      fields.gmt_refund = `${alipayTime(refund?.at ?? new Date())}.000`;
      if (!o.tradeStatus)
        fields.trade_status = refundedFen(trade) >= trade.amountFen ? 'TRADE_CLOSED' : 'TRADE_SUCCESS';
    }
    if (status === 'TRADE_CLOSED' && o.refundOf === undefined) fields.gmt_close = alipayTime(new Date());
    return fields;
  }

  function notification(outTradeNo: string, o: AlipayNotificationOptions = {}): RawNotification {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`alipay double: no trade ${outTradeNo}`);
    const fields = notificationFields(trade, o);
    fields.sign = rsa2Sign(
      signContent(fields, ['sign', 'sign_type']),
      o.badSignature ? strangerKey : alipay.privateKey,
    );
    if (o.tamperedAmount !== undefined) fields.total_amount = o.tamperedAmount;
    return {
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
    };
  }

  async function deliver(trade: AlipayDoubleTrade, o: AlipayNotificationOptions = {}): Promise<string> {
    if (!trade.notifyUrl) throw new Error(`alipay double: trade ${trade.outTradeNo} has no notify_url`);
    const { headers, body } = notification(trade.outTradeNo, o);
    const response = await fetch(trade.notifyUrl, {
      method: 'POST',
      headers: headers as Record<string, string>,
      body,
    });
    return response.text();
  }

  function markPaid(outTradeNo: string): AlipayDoubleTrade {
    const trade = current(outTradeNo);
    if (!trade) throw new Error(`alipay double: no trade ${outTradeNo}`);
    if (trade.status !== 'WAIT_BUYER_PAY')
      throw new Error(`alipay double: trade ${outTradeNo} is ${trade.status}`);
    trade.scanned = true;
    trade.status = 'TRADE_SUCCESS';
    trade.paidAt = new Date();
    return trade;
  }

  function newTrade(
    product: AlipayDoubleTrade['product'],
    biz: Record<string, unknown>,
    params: Record<string, string>,
    amountFen: number,
  ): AlipayDoubleTrade {
    const outTradeNo = String(biz.out_trade_no);
    const trade: AlipayDoubleTrade = {
      outTradeNo,
      tradeNo: `${alipayTime(new Date()).slice(0, 10).replaceAll('-', '')}22001${digits(15)}`,
      amountFen,
      subject: String(biz.subject ?? ''),
      status: 'WAIT_BUYER_PAY',
      product,
      scanned: product === 'wap',
      qrCode: undefined,
      notifyUrl: params.notify_url || undefined,
      returnUrl: params.return_url || undefined,
      quitUrl: typeof biz.quit_url === 'string' ? biz.quit_url : undefined,
      expiresAt: parseAlipayTime(biz.time_expire),
      createdAt: new Date(),
      paidAt: undefined,
      refunds: [],
    };
    if (product === 'precreate') {
      trade.qrCode = `${origin}/_double/qr/bax0${digits(20)}`;
      byQrCode.set(trade.qrCode.split('/').pop() as string, outTradeNo);
    }
    trades.set(outTradeNo, trade);
    return trade;
  }

  /** Opens a trade (precreate or wap) or finds the open one of the same out_trade_no. */
  function open(
    product: AlipayDoubleTrade['product'],
    biz: Record<string, unknown>,
    params: Record<string, string>,
  ): AlipayDoubleTrade | Answer {
    const amountFen = yuanToFen(biz.total_amount);
    if (typeof biz.out_trade_no !== 'string' || !biz.out_trade_no || biz.out_trade_no.length > 64) {
      return invalid('isv.missing-out-trade-no', '缺少商户订单号');
    }
    if (amountFen === null || amountFen <= 0) return invalid('isv.invalid-total-amount', '订单金额格式错误');
    if (typeof biz.subject !== 'string' || !biz.subject)
      return invalid('isv.missing-subject', '缺少订单标题');
    const existing = current(biz.out_trade_no);
    if (!existing) return newTrade(product, biz, params, amountFen);
    if (existing.status === 'TRADE_SUCCESS') return failed('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
    if (existing.status === 'TRADE_CLOSED') return failed('ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
    if (existing.amountFen !== amountFen || existing.subject !== biz.subject) {
      return failed('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
    }
    if (product === 'wap') existing.scanned = true;
    if (params.notify_url) existing.notifyUrl = params.notify_url;
    if (params.return_url) existing.returnUrl = params.return_url;
    if (product === 'precreate' && !existing.qrCode) {
      existing.qrCode = `${origin}/_double/qr/bax0${digits(20)}`;
      byQrCode.set(existing.qrCode.split('/').pop() as string, existing.outTradeNo);
    }
    return existing;
  }

  const notExist = () => failed('ACQ.TRADE_NOT_EXIST', '交易不存在');

  const methods: Record<string, (biz: Record<string, unknown>, params: Record<string, string>) => Answer> = {
    'alipay.trade.precreate'(biz, params) {
      const trade = open('precreate', biz, params);
      if (!('tradeNo' in trade)) return trade as Answer;
      return ok({ out_trade_no: String(trade.outTradeNo), qr_code: trade.qrCode });
    },
    'alipay.trade.query'(biz) {
      const trade = visible(biz.out_trade_no);
      if (!trade)
        return { ...notExist(), buyer_pay_amount: '0.00', invoice_amount: '0.00', receipt_amount: '0.00' };
      const total = fenToYuan(trade.amountFen);
      return ok({
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        buyer_logon_id: BUYER_LOGON_ID,
        trade_status: trade.status,
        total_amount: total,
        buyer_pay_amount: trade.paidAt ? total : '0.00',
        receipt_amount: trade.paidAt ? total : '0.00',
        send_pay_date: trade.paidAt && alipayTime(trade.paidAt),
      });
    },
    'alipay.trade.close'(biz) {
      const trade = visible(biz.out_trade_no);
      if (!trade) return notExist();
      if (trade.status !== 'WAIT_BUYER_PAY') return failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      trade.status = 'TRADE_CLOSED';
      return ok({ trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
    },
    'alipay.trade.refund'(biz) {
      const trade = visible(biz.out_trade_no);
      if (!trade) return notExist();
      const amountFen = yuanToFen(biz.refund_amount);
      if (amountFen === null || amountFen <= 0)
        return invalid('isv.invalid-refund-amount', '退款金额格式错误');
      const outRequestNo =
        typeof biz.out_request_no === 'string' && biz.out_request_no ? biz.out_request_no : trade.outTradeNo;
      const answer = (fundChange: 'Y' | 'N') =>
        ok({
          trade_no: trade.tradeNo,
          out_trade_no: trade.outTradeNo,
          buyer_logon_id: BUYER_LOGON_ID,
          fund_change: fundChange,
          refund_fee: fenToYuan(refundedFen(trade)),
          gmt_refund_pay: alipayTime(new Date()),
        });
      const previous = trade.refunds.find((r) => r.outRequestNo === outRequestNo);
      if (previous) {
        // A repeat of the same out_request_no: answered again, no money moves.
        if (previous.amountFen !== amountFen)
          return failed('ACQ.REASON_TRADE_REFUND_FEE_ERR', '退款金额与原请求不一致');
        return answer('N');
      }
      if (trade.status !== 'TRADE_SUCCESS') return failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      if (refundedFen(trade) + amountFen > trade.amountFen) {
        return failed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
      }
      trade.refunds.push({
        outRequestNo,
        amountFen,
        reason: String(biz.refund_reason ?? ''),
        at: new Date(),
      });
      if (refundedFen(trade) === trade.amountFen) trade.status = 'TRADE_CLOSED';
      if (options.notifyRefunds && trade.notifyUrl) {
        setTimeout(() => {
          deliver(trade, { refundOf: outRequestNo }).catch(() => undefined);
        }, 10);
      }
      return answer('Y');
    },
    'alipay.trade.fastpay.refund.query'(biz) {
      const trade = visible(biz.out_trade_no);
      if (!trade) return notExist();
      const outRequestNo = typeof biz.out_request_no === 'string' ? biz.out_request_no : trade.outTradeNo;
      const refund = trade.refunds.find((r) => r.outRequestNo === outRequestNo);
      // Alipay answers an unknown refund with success and no refund fields.
      if (!refund) return ok({});
      return ok({
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        out_request_no: refund.outRequestNo,
        total_amount: fenToYuan(trade.amountFen),
        refund_amount: fenToYuan(refund.amountFen),
        refund_status: 'REFUND_SUCCESS',
        gmt_refund_pay: alipayTime(refund.at),
      });
    },
  };

  /** Checks a request's public parameters and RSA2 signature; the refusal, or null. */
  function refusal(params: Record<string, string>): Answer | null {
    if (params.app_id !== appId) return invalid('isv.invalid-app-id', '无效的AppID参数');
    if (params.sign_type !== 'RSA2') return invalid('isv.invalid-signature-type', '无效的签名类型');
    if (!params.sign) return invalid('isv.missing-signature', '缺少签名参数');
    const stamped = parseAlipayTime(params.timestamp);
    // Beijing time, within a quarter of an hour (a server stamping UTC is eight hours off).
    if (!stamped || Math.abs(stamped.getTime() - Date.now()) > 15 * MINUTE_MS) {
      return invalid('isv.invalid-timestamp', '非法的时间戳参数');
    }
    if (!rsa2Verify(signContent(params, ['sign']), params.sign, app.publicKey)) {
      return invalid('isv.invalid-signature', '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配');
    }
    return null;
  }

  function bizContent(params: Record<string, string>): Record<string, unknown> | null {
    try {
      const parsed: unknown = JSON.parse(params.biz_content ?? '{}');
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  }

  function sendJson(response: ServerResponse, status: number, value: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(value));
  }

  /** `{"<key>":<json>,"sign":"…"}` with the signature over exactly the `<json>` text. */
  function sendSigned(response: ServerResponse, key: string, answer: Answer): void {
    const node = JSON.stringify(answer);
    const sign = rsa2Sign(node, alipay.privateKey);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`{"${key}":${node},"sign":"${sign}"}`);
  }

  function sendHtml(response: ServerResponse, status: number, title: string, main: string): void {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(title)} - 支付宝</title>
<style>
  body { margin: 0; font: 16px/1.5 -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #f5f5f5; color: #333; }
  header { background: #1677ff; color: #fff; padding: 12px 16px; font-size: 18px; font-weight: 600; }
  main { max-width: 480px; margin: 0 auto; padding: 24px 16px; }
  .card { background: #fff; border-radius: 8px; padding: 24px 16px; text-align: center; }
  .subject { color: #666; word-break: break-all; }
  .amount { font-size: 36px; font-weight: 600; margin: 8px 0 24px; }
  button { width: 100%; min-height: 48px; border: 0; border-radius: 8px; background: #1677ff; color: #fff; font-size: 18px; }
  a { display: inline-block; margin-top: 16px; min-height: 44px; line-height: 44px; color: #1677ff; }
</style></head>
<body><header>支付宝</header><main>${main}</main></body></html>`);
  }

  function payPage(response: ServerResponse, trade: AlipayDoubleTrade): void {
    const amount = `¥${fenToYuan(trade.amountFen)}`;
    if (trade.status !== 'WAIT_BUYER_PAY') {
      const text = trade.status === 'TRADE_SUCCESS' ? '该订单已支付' : '该订单已关闭';
      sendHtml(
        response,
        200,
        text,
        `<div class="card"><p class="subject">${escapeMarkup(trade.subject)}</p><p>${text}</p></div>`,
      );
      return;
    }
    const quit = trade.quitUrl ? `<a href="${escapeMarkup(trade.quitUrl)}">返回商家</a>` : '';
    sendHtml(
      response,
      200,
      '确认付款',
      `<div class="card">
  <p class="subject">${escapeMarkup(trade.subject)}</p>
  <p class="amount">${amount}</p>
  <form method="post" action="/_double/wap-pay">
    <input type="hidden" name="out_trade_no" value="${escapeMarkup(trade.outTradeNo)}">
    <button type="submit">确认付款</button>
  </form>
  ${quit}
</div>`,
    );
  }

  /** The signed parameters Alipay appends to return_url after a wap payment. */
  function returnLocation(trade: AlipayDoubleTrade): string {
    const fields: Record<string, string> = {
      app_id: appId,
      auth_app_id: appId,
      charset: 'utf-8',
      method: 'alipay.trade.wap.pay.return',
      out_trade_no: trade.outTradeNo,
      seller_id: SELLER_ID,
      timestamp: alipayTime(new Date()),
      total_amount: fenToYuan(trade.amountFen),
      trade_no: trade.tradeNo,
      version: '1.0',
      sign_type: 'RSA2',
    };
    fields.sign = rsa2Sign(signContent(fields, ['sign', 'sign_type']), alipay.privateKey);
    const target = new URL(trade.returnUrl as string);
    for (const [key, value] of Object.entries(fields)) target.searchParams.set(key, value);
    return target.toString();
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin);
    const query = Object.fromEntries(url.searchParams);

    if (url.pathname === GATEWAY_PATH && request.method === 'POST') {
      const body = await readBody(request);
      const params = { ...formFields(body), ...query };
      const method = params.method ?? '';
      const key = `${method.replaceAll('.', '_')}_response`;
      const run = methods[method];
      if (!run) {
        sendJson(response, 200, { error_response: invalid('isv.invalid-method', '不存在的方法名') });
        return;
      }
      const refused = refusal(params);
      const biz = bizContent(params);
      calls.push({ method, bizContent: biz ?? {} });
      if (refused) return sendSigned(response, key, refused);
      if (!biz) return sendSigned(response, key, invalid('isv.invalid-biz-content', 'biz_content 格式错误'));
      return sendSigned(response, key, run(biz, params));
    }

    if (url.pathname === GATEWAY_PATH && request.method === 'GET') {
      const refused =
        query.method === 'alipay.trade.wap.pay'
          ? refusal(query)
          : invalid('isv.invalid-method', '不存在的方法名');
      const biz = bizContent(query);
      if (refused || !biz) {
        const reason = refused ? `${refused.sub_code}：${refused.sub_msg}` : 'biz_content 格式错误';
        return sendHtml(
          response,
          400,
          '错误',
          `<div class="card"><p>支付请求有误</p><p>${escapeMarkup(reason)}</p></div>`,
        );
      }
      calls.push({ method: 'alipay.trade.wap.pay', bizContent: biz });
      const trade = open('wap', biz, query);
      if (!('tradeNo' in trade)) {
        return sendHtml(
          response,
          400,
          '错误',
          `<div class="card"><p>${escapeMarkup(String(trade.sub_msg))}</p></div>`,
        );
      }
      return payPage(response, trade as AlipayDoubleTrade);
    }

    const qr = /^\/_double\/qr\/([\w-]+)$/.exec(url.pathname);
    if (qr && request.method === 'GET') {
      const outTradeNo = byQrCode.get(qr[1] as string);
      const trade = outTradeNo ? current(outTradeNo) : undefined;
      if (!trade) return sendHtml(response, 404, '错误', '<div class="card"><p>二维码已失效</p></div>');
      trade.scanned = true;
      return payPage(response, trade);
    }

    if (url.pathname === '/_double/wap-pay' && request.method === 'POST') {
      const outTradeNo = formFields(await readBody(request)).out_trade_no ?? '';
      const trade = current(outTradeNo);
      if (trade?.status !== 'WAIT_BUYER_PAY') {
        return sendHtml(response, 409, '错误', '<div class="card"><p>该订单无法支付</p></div>');
      }
      markPaid(outTradeNo);
      if (trade.notifyUrl) await deliver(trade).catch(() => undefined);
      if (trade.returnUrl) {
        response.writeHead(302, { location: returnLocation(trade) });
        response.end();
        return;
      }
      return sendHtml(
        response,
        200,
        '支付成功',
        `<div class="card"><p class="amount">¥${fenToYuan(trade.amountFen)}</p><p>支付成功</p></div>`,
      );
    }

    if (url.pathname === '/_double/pay' && request.method === 'POST') {
      const outTradeNo =
        url.searchParams.get('out_trade_no') ?? formFields(await readBody(request)).out_trade_no ?? '';
      const trade = current(outTradeNo);
      if (trade?.status !== 'WAIT_BUYER_PAY')
        return sendJson(response, 409, { error: `no open trade ${outTradeNo}` });
      markPaid(outTradeNo);
      const answer = trade.notifyUrl
        ? await deliver(trade).catch((error: Error) => `error: ${error.message}`)
        : '';
      return sendJson(response, 200, { outTradeNo, tradeNo: trade.tradeNo, answer });
    }

    const shown = /^\/_double\/trades\/([^/]+)$/.exec(url.pathname);
    if (shown && request.method === 'GET') {
      const trade = current(decodeURIComponent(shown[1] as string));
      return trade ? sendJson(response, 200, trade) : sendJson(response, 404, { error: 'no such trade' });
    }

    sendJson(response, 404, { error: 'not found' });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (!response.headersSent) sendJson(response, 500, { error: error.message });
      else response.end();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const gateway = `${origin}${GATEWAY_PATH}`;

  return {
    url: origin,
    gateway,
    appId,
    env: {
      ALIPAY_APP_ID: appId,
      ALIPAY_PRIVATE_KEY_FILE: privateKeyFile,
      ALIPAY_PUBLIC_KEY_FILE: publicKeyFile,
      ALIPAY_GATEWAY: gateway,
    },
    keys: {
      appPrivateKeyPem: app.privateKey,
      appPublicKeyPem: app.publicKey,
      alipayPublicKeyPem: alipay.publicKey,
    },
    calls,
    async pay(outTradeNo) {
      return deliver(markPaid(outTradeNo));
    },
    payWithoutNotifying: markPaid,
    async notify(outTradeNo, o) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`alipay double: no trade ${outTradeNo}`);
      return deliver(trade, o);
    },
    notification,
    scan(outTradeNo) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`alipay double: no trade ${outTradeNo}`);
      trade.scanned = true;
      return trade;
    },
    trade: current,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const double = await startAlipayDouble({
    port: Number(argument('--port') ?? 0),
    host: argument('--host') ?? '127.0.0.1',
    notifyRefunds: true,
  });
  const envFile = argument('--env-out') ?? argument('--env-file');
  if (envFile) writeFileSync(envFile, `${JSON.stringify(double.env, null, 2)}\n`);
  console.log(`Alipay double at ${double.gateway} (app ${double.appId})`);
  const stop = () => {
    double.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
