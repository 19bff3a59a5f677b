import '../../../i18n/vip.ts';
import type { PaymentResult } from '@steelport/contracts';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { refreshMembership, usePaymentResult } from '../../../api/vip.ts';
import { StatusResult } from '../../../components/StatusResult.tsx';
import { deadlineIn, useCountdown } from '../../../lib/countdown.ts';
import { nextPayPoll, payPhase } from './payPhase.ts';

/**
 * Watches a payment: getPaymentResult every 2 s while it is pending (payPhase.ts), the countdown
 * to its deadline on this machine's clock (`knownDeadline` when a QR answer set one, else the
 * payment's own seconds), and the phase to show. Once paid, the header's badge turns on at once
 * from the answer's membership list, then myInfo confirms it.
 */
export function usePaymentWatch(paymentId: number, knownDeadline: number | null = null) {
  const queryClient = useQueryClient();
  const deadlineRef = useRef<number | null>(null);
  const result = usePaymentResult(paymentId, (state) =>
    nextPayPoll(state, (deadlineRef.current ?? Date.now()) - Date.now()),
  );
  const payment = result.data;
  const deadline =
    knownDeadline ?? (payment ? deadlineIn(payment.expiresInSeconds, result.dataUpdatedAt) : null);
  deadlineRef.current = deadline;
  const secondsLeft = useCountdown(deadline);
  const phase = payment ? payPhase(payment.state, secondsLeft) : null;

  const refreshed = useRef(false);
  useEffect(() => {
    if (phase !== 'paid' || !payment || refreshed.current) return;
    refreshed.current = true;
    void refreshMembership(queryClient, payment.userNewVipVo);
  }, [phase, payment, queryClient]);

  return { result, payment, deadline, secondsLeft, phase };
}

/** The paid view: what was opened until when, and the ways on. */
export function PaidView({ payment, back }: { payment: PaymentResult; back: string | null }) {
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

/** A final view of the pay step (success, closed, expired, an error) in the pay box. */
export function Outcome({
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
      <StatusResult status={status} title={title} subTitle={text} extra={children} />
    </section>
  );
}
