import '../../components/phoneConfirm.css';
import './mpay.css';
import '../../i18n/vip.ts';
import type { PaymentResult, PaymentState } from '@steelport/contracts';
import { Alert, Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type PayAction, usePayDecision, usePayDetail } from '../../api/vip.ts';
import { rememberLogin } from '../../auth/login.ts';
import { useSession } from '../../auth/session.ts';
import { PasswordLoginForm } from '../../components/PasswordLoginForm.tsx';
import { StatusResult } from '../../components/StatusResult.tsx';
import { deadlineIn, formatClock, useCountdown } from '../../lib/countdown.ts';
import { formatFenText } from '../../lib/numbers.ts';

/** A payment id as the server issues them (int4, positive). */
function parsePaymentId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * /m/pay/:paymentId, the page a phone opens from the payment QR code on /vipopen (the sandbox
 * provider's stand-in for a mini-program's pay sheet): the amount and what it buys, then
 * confirm or cancel. Only the buyer may pay, so the phone logs in first with the same account.
 */
export function MobilePayPage() {
  const { t } = useTranslation();
  const { paymentId: raw } = useParams();
  const paymentId = parsePaymentId(raw);
  const { token } = useSession();

  let body: ReactNode;
  if (paymentId === null) {
    body = (
      <StatusResult
        status="warning"
        title={t('vip.mobile.failedTitle')}
        subTitle={t('vip.mobile.invalidLink')}
      />
    );
  } else if (!token) {
    body = (
      <>
        <p className="sp-mobile__lead">{t('vip.mobile.loginFirst')}</p>
        <PasswordLoginForm onLogin={(login) => void rememberLogin(login.token, login.user)} />
      </>
    );
  } else {
    // Keyed by the token: a new login on the phone reads the payment again as that user.
    body = <PayStep key={token} paymentId={paymentId} />;
  }

  return (
    <div className="sp-mobile sp-mpay">
      <div className="sp-mobile__card">
        {/* The portal's header above names the site: the card starts with what to do. */}
        <h1 className="sp-mobile__title sp-mpay__title">{t('vip.mobile.heading')}</h1>
        {body}
      </div>
    </div>
  );
}

/** Logged in: the payment's amount and items, its countdown, and the two buttons. */
function PayStep({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation();
  const detail = usePayDetail(paymentId);
  const decide = usePayDecision(paymentId);
  const payment = detail.data;
  const secondsLeft = useCountdown(
    payment?.state === 'pending' ? deadlineIn(payment.expiresInSeconds, detail.dataUpdatedAt) : null,
  );

  if (decide.isSuccess) {
    return <Outcome paymentId={paymentId} state={decide.data.state} action={decide.variables} />;
  }
  if (detail.isPending) {
    return (
      <div className="sp-mobile__waiting" role="status">
        <Spin />
        <span>{t('vip.mobile.checking')}</span>
      </div>
    );
  }
  if (detail.isError) {
    return (
      <StatusResult
        status="warning"
        title={t('vip.mobile.failedTitle')}
        subTitle={detail.error.message}
        extra={<HomeLink />}
      />
    );
  }
  if (payment && payment.state !== 'pending') {
    return <Outcome paymentId={paymentId} state={payment.state} action={null} />;
  }
  if (!payment) return null;

  const expired = secondsLeft <= 0;
  return (
    <div className="sp-mobile__confirm" data-testid="mpay">
      <PaymentSummary payment={payment} />
      <p className="sp-mpay__countdown" aria-live="polite">
        {expired
          ? t('vip.mobile.closedText')
          : t('vip.mobile.expiresIn', { clock: formatClock(secondsLeft) })}
      </p>
      <p className="sp-mpay__note">{t('vip.mobile.sandbox')}</p>
      {decide.error && <Alert className="sp-form-error" type="error" showIcon title={decide.error.message} />}
      <Button
        type="primary"
        size="large"
        block
        loading={decide.isPending && decide.variables === 'confirm'}
        disabled={decide.isPending || expired}
        onClick={() => decide.mutate('confirm')}
      >
        {t('vip.mobile.confirm')}
      </Button>
      <Button
        size="large"
        block
        loading={decide.isPending && decide.variables === 'cancel'}
        disabled={decide.isPending || expired}
        onClick={() => decide.mutate('cancel')}
      >
        {t('vip.mobile.cancel')}
      </Button>
    </div>
  );
}

/** The amount in large type, then order number, items, list price and the beans deduction. */
function PaymentSummary({ payment }: { payment: PaymentResult }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="sp-mpay__amountlabel">{t('vip.mobile.amount')}</p>
      <p className="sp-mpay__amount" data-testid="mpay-amount">
        {formatFenText(payment.amountFen)}
      </p>
      <dl className="sp-mpay__lines">
        <div>
          <dt>{t('vip.mobile.items')}</dt>
          <dd>
            {payment.items.map((item) => (
              <span key={item.commodityId} className="sp-mpay__item">
                {item.name} · {t('vip.pay.itemDays', { count: item.day })}
                {item.count > 1 ? ` · ${t('vip.pay.itemSeats', { count: item.count })}` : ''}
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt>{t('vip.mobile.list')}</dt>
          <dd>{formatFenText(payment.listFen)}</dd>
        </div>
        {payment.deductionFen > 0 && (
          <div>
            <dt>{t('vip.mobile.deduction')}</dt>
            <dd>
              −{formatFenText(payment.deductionFen)}（{payment.beansUsed}）
            </dd>
          </div>
        )}
        <div>
          <dt>{t('vip.mobile.orderNo')}</dt>
          <dd>{payment.orderNo}</dd>
        </div>
      </dl>
    </>
  );
}

/**
 * After the phone decided, or opened a payment already settled. Paid: the result page of the
 * payment shows what opened (a phone that ordered on itself goes on there).
 */
function Outcome({
  paymentId,
  state,
  action,
}: {
  paymentId: number;
  state: PaymentState;
  action: PayAction | null | undefined;
}) {
  const { t } = useTranslation();
  if (state === 'paid') {
    return (
      <StatusResult
        status="success"
        title={t('vip.mobile.paidTitle')}
        subTitle={t('vip.mobile.paidText')}
        data-testid="mpay-paid"
        extra={
          <Link
            to={`/vipopen/result?paymentId=${paymentId}`}
            className="sp-buttonlink sp-buttonlink--gold sp-mpay__result"
            data-testid="mpay-result"
          >
            {t('vip.mobile.viewResult')}
          </Link>
        }
      />
    );
  }
  if (state === 'closed' && action === 'cancel') {
    return (
      <StatusResult
        status="info"
        title={t('vip.mobile.cancelledTitle')}
        subTitle={t('vip.mobile.cancelledText')}
        extra={<HomeLink />}
      />
    );
  }
  return (
    <StatusResult
      status="warning"
      title={t('vip.mobile.closedTitle')}
      subTitle={t('vip.mobile.closedText')}
      extra={<HomeLink />}
    />
  );
}

function HomeLink() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="sp-buttonlink">
      {t('vip.mobile.goHome')}
    </Link>
  );
}
