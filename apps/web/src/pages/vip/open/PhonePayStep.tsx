import '../../../i18n/vip.ts';
import { AlipayCircleFilled, ClockCircleOutlined, ExperimentOutlined, WechatFilled } from '@ant-design/icons';
import type { PayMethod, PayMethodOffer, PayStarted } from '@steelport/contracts';
import { Alert, Button, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStartPayment } from '../../../api/vip.ts';
import { formatClock } from '../../../lib/countdown.ts';
import { formatFenText } from '../../../lib/numbers.ts';
import { Outcome, PaidView, usePaymentWatch } from './PayOutcome.tsx';
import {
  alipayNeedsBrowser,
  bridgeOutcome,
  type PayChoice,
  type PayDevice,
  payChoices,
} from './payDevice.ts';

/** WeChat's in-browser bridge, as far as paying needs it (present only inside WeChat). */
interface WeixinJsBridge {
  invoke(
    name: 'getBrandWCPayRequest',
    params: Record<string, string>,
    callback: (answer: { err_msg?: string }) => void,
  ): void;
}

function weixinBridge(): WeixinJsBridge | undefined {
  return (window as Window & { WeixinJSBridge?: WeixinJsBridge }).WeixinJSBridge;
}

const METHOD_ICONS: Record<PayMethod, ReactNode> = {
  wechat: <WechatFilled aria-hidden className="sp-vipphone__icon sp-vipphone__icon--wechat" />,
  alipay: <AlipayCircleFilled aria-hidden className="sp-vipphone__icon sp-vipphone__icon--alipay" />,
  sandbox: <ExperimentOutlined aria-hidden className="sp-vipphone__icon" />,
};

/** The result page of a payment. */
export const resultPath = (paymentId: number) => `/vipopen/result?paymentId=${paymentId}`;

/**
 * Step 2 of /vipopen on a phone: the amount and its countdown, then one big button per method
 * that collects on this phone (payDevice.ts). A tap opens the payment there (payStart): the
 * browser goes to the provider's page (`url`), whose return comes to /vipopen/result; inside
 * WeChat, WeChat Pay's sheet opens over the page (JSAPI) and then the result page shows. The
 * payment is polled meanwhile, so a payment made elsewhere shows here as well.
 */
export function PhonePayStep({
  paymentId,
  offers,
  device,
  back,
  onRestart,
}: {
  paymentId: number;
  offers: readonly PayMethodOffer[] | null;
  device: Exclude<PayDevice, 'desktop'>;
  back: string | null;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartPayment();
  const [problem, setProblem] = useState<string | null>(null);
  const { result, payment, deadline, secondsLeft, phase } = usePaymentWatch(paymentId);
  const choices = offers ? payChoices(offers, device) : null;

  const opened = (started: PayStarted) => {
    if (started.kind === 'redirect' && started.url) {
      window.location.assign(started.url);
      return;
    }
    if (started.kind === 'jsapi' && started.jsapi) {
      const bridge = weixinBridge();
      if (!bridge) {
        setProblem(t('vip.phone.noBridge'));
        return;
      }
      bridge.invoke('getBrandWCPayRequest', started.jsapi, (answer) => {
        if (bridgeOutcome(answer.err_msg) === 'cancel') setProblem(t('vip.phone.cancelled'));
        else void navigate(resultPath(paymentId));
      });
      return;
    }
    setProblem(t('vip.phone.unsupported'));
  };
  const pay = (choice: PayChoice) => {
    setProblem(null);
    start.mutate({ paymentId, ...choice }, { onSuccess: opened });
  };

  if (result.isError) {
    return (
      <Outcome status="warning" title={t('vip.pay.qrFailed')} text={result.error.message}>
        <Button type="primary" size="large" onClick={onRestart}>
          {t('vip.pay.again')}
        </Button>
      </Outcome>
    );
  }
  if (phase === 'paid' && payment) return <PaidView payment={payment} back={back} />;
  if (phase === 'closed' || phase === 'expired') {
    return (
      <Outcome
        status="warning"
        title={t('vip.pay.closedTitle')}
        text={phase === 'closed' ? t('vip.pay.closedText') : t('vip.phone.expiredText')}
        testId={`pay-${phase}`}
      >
        <Button type="primary" size="large" onClick={onRestart}>
          {t('vip.pay.again')}
        </Button>
      </Outcome>
    );
  }

  const error = problem ?? start.error?.message ?? null;
  return (
    <section
      className="sp-box sp-vippay sp-vipphone"
      aria-labelledby="vip-phone-title"
      data-testid="pay-phone"
    >
      <h2 className="sp-box__title" id="vip-phone-title">
        <span>{t('vip.phone.title')}</span>
        {payment && <span className="sp-muted">{t('vip.pay.orderNo', { no: payment.orderNo })}</span>}
      </h2>
      <div className="sp-box__body sp-vipphone__body">
        <p className="sp-vippay__amountlabel">{t('vip.pay.amount')}</p>
        <p className="sp-vippay__amount" data-testid="pay-amount">
          {payment ? formatFenText(payment.amountFen) : '\u00a0'}
        </p>
        <p className="sp-vippay__countdown" aria-live="polite" data-testid="pay-countdown">
          <ClockCircleOutlined aria-hidden />{' '}
          {deadline === null ? '\u00a0' : t('vip.pay.expiresIn', { clock: formatClock(secondsLeft) })}
        </p>
        <fieldset className="sp-vipphone__methods" aria-label={t('vip.pay.methodsLabel')}>
          {choices === null ? (
            <>
              <Skeleton.Button active block className="sp-vipphone__skeleton" />
              <Skeleton.Button active block className="sp-vipphone__skeleton" />
            </>
          ) : choices.length === 0 ? (
            <Alert type="warning" showIcon title={t('vip.phone.none')} />
          ) : (
            choices.map((choice) => (
              <Button
                key={choice.method}
                size="large"
                block
                className="sp-vipphone__method"
                data-method={choice.method}
                icon={METHOD_ICONS[choice.method]}
                loading={start.isPending && start.variables?.method === choice.method}
                disabled={start.isPending || !payment}
                onClick={() => pay(choice)}
              >
                <span className="sp-vipphone__label">{t(`vip.methods.${choice.method}`)}</span>
                <span className="sp-vipphone__price">{payment ? formatFenText(payment.amountFen) : ''}</span>
              </Button>
            ))
          )}
        </fieldset>
        {offers && alipayNeedsBrowser(offers, device) && (
          <p className="sp-muted" data-testid="pay-alipay-browser">
            {t('vip.phone.alipayInBrowser')}
          </p>
        )}
        {error && <Alert type="error" showIcon title={error} data-testid="pay-error" />}
        <Button size="large" block onClick={onRestart}>
          {t('vip.pay.back')}
        </Button>
      </div>
    </section>
  );
}
