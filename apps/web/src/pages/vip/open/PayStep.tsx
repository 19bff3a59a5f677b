import '../../../i18n/vip.ts';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { PayMethod, PayMethodOffer } from '@steelport/contracts';
import { Alert, Button, Radio, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePayQr, useStartPayment } from '../../../api/vip.ts';
import { MembershipName } from '../../../components/vip/MembershipName.tsx';
import { formatClock } from '../../../lib/countdown.ts';
import { formatFenText } from '../../../lib/numbers.ts';
import { Outcome, PaidView, usePaymentWatch } from './PayOutcome.tsx';
import { payChoices } from './payDevice.ts';

/** The QR code's drawn size (the server draws it larger; the frame never changes size). */
const QR_SIZE = 200;

/**
 * Step 2 of /vipopen on a desktop: the payment's QR code with its countdown while
 * getPaymentResult is polled every 2 s; then the success view (the header's badge turns on at
 * once), or closed / expired with the way to order again. When more than one offered method
 * collects by QR, tabs switch between them (payStart with scene desktop; the server closes the
 * trade at the method left). `offers` is null while getBuyVIPInfo loads (the tabs' row is kept).
 * `back` is where the way back leads after success (the `redirect`).
 */
export function PayStep({
  paymentId,
  offers,
  back,
  onRestart,
}: {
  paymentId: number;
  offers: readonly PayMethodOffer[] | null;
  back: string | null;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const qr = usePayQr(paymentId);
  const start = useStartPayment();
  const [chosen, setChosen] = useState<PayMethod | null>(null);
  const { result, payment, deadline, secondsLeft, phase } = usePaymentWatch(
    paymentId,
    qr.data?.deadline ?? null,
  );
  const methods = offers ? payChoices(offers, 'desktop').map((choice) => choice.method) : null;
  const current = chosen ?? qr.data?.method ?? null;
  // The code on show: the switched-to method's once it answered, else the first QR's.
  const switched = chosen && start.data?.method === chosen && !start.isPending ? start.data : null;
  const code = chosen
    ? switched?.qrImage
      ? { image: switched.qrImage, url: switched.codeUrl ?? '' }
      : null
    : qr.data
      ? { image: qr.data.qrImage, url: qr.data.qrUrl }
      : null;
  const codeError = chosen ? start.error : qr.error;

  const choose = (method: PayMethod) => {
    setChosen(method);
    start.mutate({ paymentId, method, scene: 'desktop' });
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
        title={phase === 'closed' ? t('vip.pay.closedTitle') : t('vip.pay.expiredTitle')}
        text={phase === 'closed' ? t('vip.pay.closedText') : t('vip.pay.expiredText')}
        testId={`pay-${phase}`}
      >
        <Button type="primary" size="large" onClick={onRestart}>
          {t('vip.pay.again')}
        </Button>
      </Outcome>
    );
  }

  return (
    <section className="sp-box sp-vippay" aria-labelledby="vip-pay-title" data-testid="pay-step">
      <h2 className="sp-box__title" id="vip-pay-title">
        <span>{t('vip.pay.title')}</span>
        {payment && <span className="sp-muted">{t('vip.pay.orderNo', { no: payment.orderNo })}</span>}
      </h2>
      <div className="sp-vippay__body">
        <div className="sp-vippay__qr">
          {methods === null ? (
            <div className="sp-vippay__tabs" aria-hidden />
          ) : (
            methods.length > 1 && (
              <Radio.Group
                className="sp-vippay__tabs"
                optionType="button"
                buttonStyle="solid"
                aria-label={t('vip.pay.methodsLabel')}
                value={current}
                disabled={current === null}
                onChange={(event) => choose(event.target.value as PayMethod)}
                options={methods.map((method) => ({ value: method, label: t(`vip.methods.${method}`) }))}
                data-testid="pay-methods"
              />
            )
          )}
          <div
            className="sp-vippay__frame"
            data-testid="pay-qr"
            data-qr-url={code?.url}
            data-method={current}
          >
            {code ? (
              <img src={code.image} alt={t('vip.pay.qrAlt')} width={QR_SIZE} height={QR_SIZE} />
            ) : codeError && !(chosen && start.isPending) ? (
              <Alert type="error" showIcon title={codeError.message || t('vip.pay.qrFailed')} />
            ) : (
              <Skeleton.Node active className="sp-vippay__qrskeleton">
                <span />
              </Skeleton.Node>
            )}
          </div>
          <p className="sp-vippay__countdown" aria-live="polite" data-testid="pay-countdown">
            <ClockCircleOutlined aria-hidden />{' '}
            {deadline === null ? '\u00a0' : t('vip.pay.expiresIn', { clock: formatClock(secondsLeft) })}
          </p>
          <p className="sp-muted">{current ? t(`vip.pay.scanHints.${current}`) : t('vip.pay.scanHint')}</p>
        </div>
        <div className="sp-vippay__detail">
          <p className="sp-vippay__amountlabel">{t('vip.pay.amount')}</p>
          <p className="sp-vippay__amount" data-testid="pay-amount">
            {payment ? formatFenText(payment.amountFen) : '\u00a0'}
          </p>
          {payment && payment.beansUsed > 0 && (
            <p className="sp-muted">
              {t('vip.pay.beansUsed', {
                beans: payment.beansUsed,
                amount: formatFenText(payment.deductionFen),
              })}
            </p>
          )}
          <ul className="sp-vippay__items">
            {(payment?.items ?? []).map((item) => (
              <li key={item.commodityId}>
                <strong>
                  <MembershipName name={item.name} />
                </strong>
                <span>
                  {t('vip.pay.itemDays', { count: item.day })}
                  {item.count > 1 ? ` · ${t('vip.pay.itemSeats', { count: item.count })}` : ''}
                </span>
              </li>
            ))}
          </ul>
          <Button size="large" onClick={onRestart}>
            {t('vip.pay.back')}
          </Button>
        </div>
      </div>
    </section>
  );
}
