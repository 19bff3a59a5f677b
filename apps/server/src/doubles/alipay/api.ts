/**
 * The gateway's methods (precreate, query, close, refund, refund query) and the checks every
 * call passes first: app id, RSA2 signature with our app's public key, a Beijing timestamp.
 */
import { MINUTE_MS } from '../../dates.ts';
import type { TradeBook } from './trades.ts';
import type { AlipayDoubleContext } from './types.ts';
import {
  type Answer,
  alipayTime,
  BUYER_LOGON_ID,
  failed,
  fenToYuan,
  invalid,
  ok,
  parseAlipayTime,
  rsa2Verify,
  signContent,
  yuanToFen,
} from './wire.ts';

/** The methods of one double over its trades. */
export function gatewayMethods(ctx: AlipayDoubleContext, book: TradeBook) {
  const { open, visible, refundedFen, deliver } = book;

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
      if (ctx.options.notifyRefunds && trade.notifyUrl) {
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
    if (params.app_id !== ctx.appId) return invalid('isv.invalid-app-id', '无效的AppID参数');
    if (params.sign_type !== 'RSA2') return invalid('isv.invalid-signature-type', '无效的签名类型');
    if (!params.sign) return invalid('isv.missing-signature', '缺少签名参数');
    const stamped = parseAlipayTime(params.timestamp);
    // Beijing time, within a quarter of an hour (a server stamping UTC is eight hours off).
    if (!stamped || Math.abs(stamped.getTime() - Date.now()) > 15 * MINUTE_MS) {
      return invalid('isv.invalid-timestamp', '非法的时间戳参数');
    }
    if (!rsa2Verify(signContent(params, ['sign']), params.sign, ctx.app.publicKey)) {
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

  return { methods, refusal, bizContent };
}

export type GatewayMethods = ReturnType<typeof gatewayMethods>;
