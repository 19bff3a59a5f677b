/**
 * The double's HTTP side: the gateway (POST calls answered signed, GET wap.pay links showing the
 * pay page), the QR "scan", the pay page's button, and the test routes under /_double.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeMarkup } from '@steelport/contracts';
import type { GatewayMethods } from './api.ts';
import type { TradeBook } from './trades.ts';
import type { AlipayDoubleContext, AlipayDoubleTrade } from './types.ts';
import {
  type Answer,
  alipayTime,
  fenToYuan,
  formFields,
  GATEWAY_PATH,
  invalid,
  readBody,
  rsa2Sign,
  SELLER_ID,
  signContent,
} from './wire.ts';

/** Sends `value` as JSON. */
export function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(value));
}

/** The request handler of one double. */
export function httpHandler(ctx: AlipayDoubleContext, book: TradeBook, gateway: GatewayMethods) {
  const { open, current, byQrCode, markPaid, deliver } = book;
  const { methods, refusal, bizContent } = gateway;

  /** `{"<key>":<json>,"sign":"…"}` with the signature over exactly the `<json>` text. */
  function sendSigned(response: ServerResponse, key: string, answer: Answer): void {
    const node = JSON.stringify(answer);
    const sign = rsa2Sign(node, ctx.alipay.privateKey);
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
      app_id: ctx.appId,
      auth_app_id: ctx.appId,
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
    fields.sign = rsa2Sign(signContent(fields, ['sign', 'sign_type']), ctx.alipay.privateKey);
    const target = new URL(trade.returnUrl as string);
    for (const [key, value] of Object.entries(fields)) target.searchParams.set(key, value);
    return target.toString();
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', ctx.origin);
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
      ctx.calls.push({ method, bizContent: biz ?? {} });
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
      ctx.calls.push({ method: 'alipay.trade.wap.pay', bizContent: biz });
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

  return handle;
}
