import './vipopen.css';
import '../../../i18n/vip.ts';
import { VIP_ENTRY_NAME } from '@steelport/contracts';
import { Button, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSiteConfigState } from '../../../api/common.ts';
import { useBuyVipInfo } from '../../../api/vip.ts';
import { safeRedirectTarget } from '../../../auth/redirect.ts';
import { isVipMember, membershipEntries, useSession } from '../../../auth/session.ts';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { StatusResult } from '../../../components/StatusResult.tsx';
import { MembershipPicture } from '../../../components/vip/MembershipPicture.tsx';
import { loginSiteHref } from '../../../layout/links.ts';
import { ChooseStep } from './ChooseStep.tsx';
import { type Choice, readChoice, writeChoice } from './choice.ts';
import { PayStep } from './PayStep.tsx';
import { PhonePayStep } from './PhonePayStep.tsx';
import { currentPayDevice } from './payDevice.ts';

/**
 * /vipopen (menu and footer hidden): buy VIP membership. After ordering, a desktop scans a QR
 * code and a phone taps a method that pays in its own browser (payDevice.ts). The choice lives
 * in the URL, and so does the payment being paid (`paymentId`), so a reload keeps polling the
 * same one and the login site brings a visitor back to the same choice. `redirect` names where to go back after success.
 */
export function VipOpenPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const info = useBuyVipInfo();
  const { site } = useSiteConfigState();
  // Read once: the user agent does not change while the page is open (payDevice.ts).
  const [device] = useState(currentPayDevice);
  const paymentId = Number(params.get('paymentId'));
  const paying = Number.isInteger(paymentId) && paymentId > 0 && Boolean(session.token);
  const back = returnTarget(params.get('redirect'), site.allowedEmbedOrigins);

  const change = useCallback(
    (next: Choice) => setParams((current) => writeChoice(current, next), { replace: true }),
    [setParams],
  );
  const created = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('paymentId', String(id));
      return next;
    });
  const restart = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('paymentId');
      return next;
    });
  const login = () => {
    const href = loginSiteHref(site.loginSiteUrl, window.location.href);
    if (href.startsWith('/') && !href.startsWith('//')) void navigate(href);
    else window.location.assign(href);
  };

  return (
    <div className="sp-container sp-page sp-vipopen">
      <PageTitle>{t('pages.vipopen.title')}</PageTitle>
      <StatusBar balance={info.data?.beans.balance ?? null} />
      {paying && device !== 'desktop' ? (
        <PhonePayStep
          key={paymentId}
          paymentId={paymentId}
          offers={info.data?.payMethods ?? null}
          device={device}
          back={back}
          onRestart={restart}
        />
      ) : paying ? (
        <PayStep
          key={paymentId}
          paymentId={paymentId}
          offers={info.data?.payMethods ?? null}
          back={back}
          onRestart={restart}
        />
      ) : info.data ? (
        <ChooseStep
          info={info.data}
          choice={readChoice(params, info.data)}
          onChange={change}
          onCreated={created}
          onLogin={login}
        />
      ) : info.isError ? (
        <StatusResult
          status="warning"
          title={t('vip.open.loadError')}
          subTitle={info.error.message}
          extra={
            <Button type="primary" onClick={() => void info.refetch()}>
              {t('vip.open.retry')}
            </Button>
          }
        />
      ) : (
        <ChooseSkeleton />
      )}
    </div>
  );
}

/** Who is buying: the membership picture, the VIP membership's state and the bean balance. */
function StatusBar({ balance }: { balance: number | null }) {
  const { t } = useTranslation();
  const session = useSession();
  const vip = isVipMember(session);
  const entry = membershipEntries(session).find((e) => e?.name === VIP_ENTRY_NAME);
  const text = !session.token
    ? t('vip.open.loginHint')
    : vip && entry?.expireAt
      ? t('vip.open.statusVip', { date: dayjs(entry.expireAt).format('YYYY-MM-DD') })
      : t('vip.open.statusNone');
  return (
    <div className="sp-vipopen__status" data-testid="vip-status">
      <MembershipPicture member={vip} />
      <div className="sp-vipopen__statustext">
        <p className="sp-vipopen__statusline">{text}</p>
        <p className="sp-muted">
          {session.token && balance !== null ? t('vip.open.beansBalance', { count: balance }) : '\u00a0'}
        </p>
      </div>
    </div>
  );
}

/** The choose step's boxes at their final size while getBuyVIPInfo loads. */
function ChooseSkeleton() {
  return (
    <div className="sp-vipopen__choose" aria-busy="true">
      <div className="sp-box sp-vipopen__section sp-vipopen__skeleton--commodities">
        <Skeleton active paragraph={{ rows: 5 }} />
      </div>
      <div className="sp-box sp-vipopen__section sp-vipopen__skeleton--days">
        <Skeleton active paragraph={{ rows: 2 }} />
      </div>
      <div className="sp-box sp-vipopen__section sp-vipopen__skeleton--summary">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    </div>
  );
}

/**
 * Where the way back after success leads: the `redirect` parameter when it is safe (this site, or an allowed
 * embedding origin), as a path for this site; null without one.
 */
function returnTarget(raw: string | null, allowedOrigins: readonly string[]): string | null {
  if (!raw?.trim()) return null;
  const target = new URL(safeRedirectTarget(raw, window.location.origin, allowedOrigins));
  if (target.origin !== window.location.origin) return target.href;
  // Back to this very screen would only show the choice again.
  if (target.pathname === '/vipopen') return null;
  return `${target.pathname}${target.search}${target.hash}`;
}
