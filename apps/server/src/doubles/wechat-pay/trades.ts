/**
 * The double's trades and refunds, in memory: orders (Native, H5, JSAPI; reopened with the same
 * parameters), the payer paying, the query and refund answers, and the notifications posted to
 * the trade's notify_url.
 */
import { randomUUID } from 'node:crypto';
import type { Signer } from './signing.ts';
import type {
  DoubleNotification,
  DoubleRefund,
  DoubleTrade,
  NotificationOptions,
  WechatPayDoubleContext,
} from './types.ts';
import { ApiError, beijingNow, digits, obj, str } from './wire.ts';

/** The trades of one double. */
export function tradeBook(ctx: WechatPayDoubleContext, { envelope }: Signer) {
  const trades = new Map<string, DoubleTrade>();
  const byPrepay = new Map<string, string>();
  const refunds = new Map<string, DoubleRefund>();

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

  function notification(outTradeNo: string, options: NotificationOptions = {}): DoubleNotification {
    const trade = trades.get(outTradeNo);
    const amountFen = options.amountFen ?? trade?.amountFen ?? 1;
    return envelope(
      options.eventType ?? 'TRANSACTION.SUCCESS',
      '支付成功',
      'transaction',
      {
        mchid: ctx.mchId,
        appid: ctx.appId,
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
      mchid: ctx.mchId,
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
    if (input.appid !== ctx.appId) throw new ApiError(400, 'APPID_MCHID_NOT_MATCH', 'appid 与 mchid 不匹配');
    if (input.mchid !== ctx.mchId) throw new ApiError(400, 'MCH_NOT_EXISTS', '商户号不存在');
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
      appid: ctx.appId,
      mchid: ctx.mchId,
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
      status: ctx.refundStatus(),
    };
    refunds.set(outRefundNo, refund);
    trade.refunds.push(outRefundNo);
    if (refund.status === 'SUCCESS') trade.state = 'REFUND';
    return refund;
  }

  return {
    trades,
    byPrepay,
    refunds,
    tradeOf,
    settle,
    notification,
    refundNotification,
    deliver,
    pay,
    order,
    queryAnswer,
    refundAnswer,
    createRefund,
  };
}

export type TradeBook = ReturnType<typeof tradeBook>;
