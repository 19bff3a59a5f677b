import { ClockCircleOutlined } from '@ant-design/icons';
import type { PaymentResult } from '@steelport/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { refreshMembership, usePaymentResult, usePayQr } from '../../api/vip.ts';
import { deadlineIn, formatClock, useCountdown } from '../../lib/countdown.ts';
import { formatFenText } from '../../lib/numbers.ts';
import { nextPayPoll, payPhase } from './payPhase.ts';

/** The QR code's drawn size (the server draws it larger; the frame never changes size). */
const QR_SIZE = 200;

/**
 * Step 2 of /vipopen: the payment's QR code with its countdown while getPaymentResult is polled
 * every 2 s; then the success view (the header's badge turns on at once), or closed / expired
 * with the way to order again. `back` is where 返回原页面 leads after success (the `redirect`).
 */
export function PayStep({
  paymentId,
  back,
  onRestart,
}: {
  paymentId: number;
  back: string | null;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const qr = usePayQr(paymentId);
  // Until the QR answers, the payment's own seconds set the deadline.
  const deadlineRef = useRef<number | null>(null);
  const result = usePaymentResult(paymentId, (state) =>
    nextPayPoll(state, (deadlineRef.current ?? Date.now()) - Date.now()),
  );
  const payment = result.data;
  const deadline =
    qr.data?.deadline ?? (payment ? deadlineIn(payment.expiresInSeconds, result.dataUpdatedAt) : null);
  deadlineRef.current = deadline;
  const secondsLeft = useCountdown(deadline);
  const phase = payment ? payPhase(payment.state, secondsLeft) : null;

  // Paid: the membership list of the answer lights the badge now, then myInfo confirms it.
  const refreshed = useRef(false);
  useEffect(() => {
    if (phase !== 'paid' || !payment || refreshed.current) return;
    refreshed.current = true;
    void refreshMembership(queryClient, payment.userNewVipVo);
  }, [phase, payment, queryClient]);

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
          <div className="sp-vippay__frame" data-testid="pay-qr" data-qr-url={qr.data?.qrUrl}>
            {qr.data ? (
              <img src={qr.data.qrImage} alt={t('vip.pay.qrAlt')} width={QR_SIZE} height={QR_SIZE} />
            ) : qr.isError ? (
              <Alert type="error" showIcon title={qr.error.message || t('vip.pay.qrFailed')} />
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
          <p className="sp-muted">{t('vip.pay.scanHint')}</p>
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
                <strong>{item.name}</strong>
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

/** 支付成功: what was opened until when, and the ways on. */
function PaidView({ payment, back }: { payment: PaymentResult; back: string | null }) {
  const { t } = useTranslation();
  return (
    <Outcome
      status="success"
      title={t('vip.pay.paidTitle')}
      testId="pay-success"
      text={
        <>
          {payment.extended.map((period) => (
            <span key={period.commodityId} className="sp-vippay__until">
              {t('vip.pay.paidUntil', {
                name: period.name,
                date: dayjs(period.expiresAt).format('YYYY-MM-DD'),
              })}
            </span>
          ))}
          <span className="sp-vippay__until">{t('vip.pay.paidText')}</span>
        </>
      }
    >
      {back?.startsWith('/') && (
        <Link to={back} className="sp-buttonlink sp-vippay__link" data-testid="pay-back">
          {t('vip.pay.goBack')}
        </Link>
      )}
      {back && !back.startsWith('/') && (
        <a href={back} className="sp-buttonlink sp-vippay__link" data-testid="pay-back">
          {t('vip.pay.goBack')}
        </a>
      )}
      <Link to="/vipmember" className="sp-buttonlink sp-buttonlink--gold sp-vippay__link">
        {t('vip.pay.viewMember')}
      </Link>
    </Outcome>
  );
}

function Outcome({
  status,
  title,
  text,
  testId,
  children,
}: {
  status: 'success' | 'warning';
  title: string;
  text: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="sp-box sp-vippay sp-vippay--outcome" data-testid={testId} role="status">
      <Result status={status} title={title} subTitle={text} extra={children} />
    </section>
  );
}
