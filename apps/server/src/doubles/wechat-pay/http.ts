/**
 * The double's HTTP side: the payer's pages (the H5 cashier, "scan and pay") without a merchant
 * signature, then the APIv3 routes (orders, query, close, refunds), each call's Authorization
 * verified first and every answer signed.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeMarkup } from '@steelport/contracts';
import type { Signer } from './signing.ts';
import type { TradeBook } from './trades.ts';
import type { DoubleTrade, WechatPayDoubleContext } from './types.ts';
import { ApiError, obj, readBody } from './wire.ts';

/** The request handler of one double. */
export function httpHandler(ctx: WechatPayDoubleContext, book: TradeBook, { answer, authorize }: Signer) {
  const { trades, byPrepay, refunds, tradeOf, pay, order, queryAnswer, refundAnswer, createRefund } = book;

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
    const url = new URL(req.url ?? '/', ctx.baseUrl);
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
    if (ctx.failure) {
      const f = ctx.failure;
      ctx.failure = undefined;
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
      if (kind === 'h5')
        return answer(res, 200, { h5_url: `${ctx.baseUrl}/h5pay?prepay_id=${trade.prepayId}` });
      return answer(res, 200, { prepay_id: trade.prepayId });
    }
    const tradePath = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (tradePath) {
      const trade = trades.get(decodeURIComponent(tradePath[1] as string));
      if (tradePath[2] && method === 'POST') {
        if (input.mchid !== ctx.mchId) throw new ApiError(400, 'PARAM_ERROR', 'mchid 有误');
        if (!trade) throw new ApiError(404, 'ORDER_NOT_EXIST', '订单不存在');
        if (trade.state === 'SUCCESS' || trade.state === 'REFUND')
          throw new ApiError(400, 'ORDERPAID', '订单已支付');
        trade.state = 'CLOSED';
        return answer(res, 204);
      }
      if (!tradePath[2] && method === 'GET') {
        if (url.searchParams.get('mchid') !== ctx.mchId) throw new ApiError(400, 'PARAM_ERROR', 'mchid 有误');
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

  return handle;
}
