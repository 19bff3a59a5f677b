import './vipopen.css';
import '../../../i18n/vip.ts';
import { ClockCircleOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { StatusResult } from '../../../components/StatusResult.tsx';
import { formatClock } from '../../../lib/countdown.ts';
import { formatFenText } from '../../../lib/numbers.ts';
import { Outcome, PaidView, usePaymentWatch } from './PayOutcome.tsx';

/** A payment id as the server issues them (int4, positive). */
export function parsePaymentId(raw: string | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * /vipopen/result?paymentId=N (members; a visitor is sent to log in and back): where the phone
 * lands after paying at the provider (its return address) or in WeChat's pay sheet. The payment
 * is polled every 2 s while pending (getPaymentResult also asks the provider, so a late
 * notification does not hold it up): paid, with what opened until when (the header's badge
 * turns on), waiting with the countdown, or closed with the way to order again.
 */
export function VipResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const paymentId = parsePaymentId(params.get('paymentId'));
  return (
    <div className="sp-container sp-page sp-vipopen">
      <PageTitle>{t('pages.vipresult.title')}</PageTitle>
      {paymentId === null ? (
        <section className="sp-box sp-vippay sp-vippay--outcome" role="status">
          <StatusResult
            status="warning"
            title={t('vip.result.invalidTitle')}
            extra={
              <Link to="/vipopen" className="sp-buttonlink sp-buttonlink--gold sp-vippay__link">
                {t('vip.pay.again')}
              </Link>
            }
          />
        </section>
      ) : (
        <PaymentOutcome key={paymentId} paymentId={paymentId} />
      )}
    </div>
  );
}

function PaymentOutcome({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation();
  const { result, payment, deadline, secondsLeft, phase } = usePaymentWatch(paymentId);
  const again = (
    <Link to="/vipopen" className="sp-buttonlink sp-buttonlink--gold sp-vippay__link">
      {t('vip.pay.again')}
    </Link>
  );

  if (result.isError) {
    return (
      <Outcome status="warning" title={t('vip.result.failedTitle')} text={result.error.message}>
        {again}
      </Outcome>
    );
  }
  if (phase === 'paid' && payment) return <PaidView payment={payment} back={null} />;
  if (phase === 'closed' || phase === 'expired') {
    return (
      <Outcome
        status="warning"
        title={t('vip.pay.closedTitle')}
        text={phase === 'closed' ? t('vip.pay.closedText') : t('vip.phone.expiredText')}
        testId="pay-closed"
      >
        {again}
      </Outcome>
    );
  }
  return (
    <section className="sp-box sp-vippay sp-vippay--outcome sp-vipresult" data-testid="pay-waiting">
      <div className="sp-vipresult__body" role="status" aria-live="polite">
        <Spin size="large" />
        <p className="sp-vipresult__title">{t('vip.result.waitingTitle')}</p>
        <p className="sp-vippay__countdown" data-testid="pay-countdown">
          <ClockCircleOutlined aria-hidden />{' '}
          {deadline === null ? '\u00a0' : t('vip.pay.expiresIn', { clock: formatClock(secondsLeft) })}
        </p>
        <p className="sp-muted">
          {payment
            ? t('vip.result.waitingText', { amount: formatFenText(payment.amountFen), no: payment.orderNo })
            : '\u00a0'}
        </p>
      </div>
      <div className="sp-vipresult__actions">
        <Link to={`/vipopen?paymentId=${paymentId}`} className="sp-buttonlink sp-vippay__link">
          {t('vip.result.chooseAgain')}
        </Link>
      </div>
    </section>
  );
}
