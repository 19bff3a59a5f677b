/**
 * The double's trades, in memory: opening one (precreate or wap), its state as query, close and
 * refund see it, the payer paying, and the signed notifications posted to its notify_url.
 */
import type { RawNotification } from '../../providers/payment/types.ts';
import type { AlipayDoubleContext, AlipayDoubleTrade, AlipayNotificationOptions } from './types.ts';
import {
  type Answer,
  alipayTime,
  BUYER_LOGON_ID,
  digits,
  failed,
  fenToYuan,
  invalid,
  parseAlipayTime,
  rsa2Sign,
  SELLER_ID,
  signContent,
  yuanToFen,
} from './wire.ts';

/** The trades of one double. */
export function tradeBook(ctx: AlipayDoubleContext) {
  const trades = new Map<string, AlipayDoubleTrade>();
  const byQrCode = new Map<string, string>();

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
      app_id: o.appId ?? ctx.appId,
      auth_app_id: o.appId ?? ctx.appId,
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
      o.badSignature ? ctx.strangerKey : ctx.alipay.privateKey,
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
      trade.qrCode = `${ctx.origin}/_double/qr/bax0${digits(20)}`;
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
      existing.qrCode = `${ctx.origin}/_double/qr/bax0${digits(20)}`;
      byQrCode.set(existing.qrCode.split('/').pop() as string, existing.outTradeNo);
    }
    return existing;
  }

  return { trades, byQrCode, current, visible, refundedFen, notification, deliver, markPaid, open };
}

export type TradeBook = ReturnType<typeof tradeBook>;
