import '../../i18n/login.ts';
import { CheckCircleFilled, CloseCircleFilled, ReloadOutlined, WarningFilled } from '@ant-design/icons';
import { type MyInfo, QR_LOGIN_CLIENT_ID } from '@steelport/contracts';
import { Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQrLoginCode, useQrLoginState } from '../../api/account.ts';
import { useCountdown } from '../../lib/countdown.ts';
import { nextQrPoll, type QrPhase, qrPhase } from './qrPhase.ts';

const CLIENT_ID = QR_LOGIN_CLIENT_ID;

/**
 * 扫码登录: a temporary QR code of our mobile confirm page, its countdown, and the state the
 * phone puts it in. Polling lives in TanStack Query: it stops when the panel unmounts (another
 * tab, another page) and pauses while the browser tab is hidden.
 */
export function QrLoginPanel({ onLogin }: { onLogin: (login: { token: string; user: MyInfo }) => void }) {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const created = useQrLoginCode(CLIENT_ID, round);
  const qr = created.data;
  const secondsLeft = useCountdown(qr?.deadline ?? null);
  const poll = useQrLoginState(CLIENT_ID, qr, nextQrPoll);

  const answer = poll.data;
  const handedOn = useRef<string | null>(null);
  useEffect(() => {
    if (!qr || answer?.state !== 'confirmed' || !answer.token || !answer.user) return;
    if (handedOn.current === qr.tempCode) return;
    handedOn.current = qr.tempCode;
    onLogin({ token: answer.token, user: answer.user });
  }, [answer, qr, onLogin]);

  const refresh = () => setRound((value) => value + 1);
  const phase: QrPhase | 'loading' | 'failed' = created.isPending
    ? 'loading'
    : created.isError
      ? 'failed'
      : qrPhase(answer?.state, secondsLeft);
  // Confirmed, but another window collected the token first: this one cannot log in with it.
  const collectedElsewhere = phase === 'confirmed' && !answer?.token && handedOn.current !== qr?.tempCode;
  const refreshable =
    phase === 'waiting' || phase === 'expired' || phase === 'cancelled' || phase === 'failed';

  return (
    <div className="sp-qr">
      <div className="sp-qr__frame" data-testid="login-qr" data-state={phase} data-qr-url={qr?.qrUrl}>
        {phase === 'loading' && <Spin />}
        {qr && (
          <button
            type="button"
            className="sp-qr__image"
            onClick={refresh}
            disabled={!refreshable}
            title={t('qr.clickToRefresh')}
          >
            <img src={qr.qrImage} alt={t('qr.imageAlt')} width={200} height={200} />
          </button>
        )}
        {phase !== 'loading' && phase !== 'waiting' && (
          <QrMask
            phase={phase}
            collectedElsewhere={collectedElsewhere}
            error={created.error?.message}
            onRefresh={refresh}
          />
        )}
      </div>
      <p className="sp-qr__status" aria-live="polite">
        {phase === 'waiting' ? t('qr.expiresIn', { seconds: secondsLeft }) : '\u00a0'}
      </p>
      <p className="sp-qr__hint">{t('qr.hint')}</p>
    </div>
  );
}

/** The layer over the code for every state but waiting: what happened and what to do. */
function QrMask({
  phase,
  collectedElsewhere,
  error,
  onRefresh,
}: {
  phase: Exclude<QrPhase, 'waiting'> | 'failed';
  collectedElsewhere: boolean;
  error: string | undefined;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const text = {
    scanned: t('qr.scanned'),
    confirmed: collectedElsewhere ? t('qr.alreadyUsed') : t('qr.confirmed'),
    cancelled: t('qr.cancelled'),
    expired: t('qr.expired'),
    failed: error ?? t('qr.loadFailed'),
  }[phase];
  const icon =
    phase === 'scanned' || (phase === 'confirmed' && !collectedElsewhere) ? (
      <CheckCircleFilled className="sp-qr__icon sp-qr__icon--ok" />
    ) : phase === 'cancelled' ? (
      <CloseCircleFilled className="sp-qr__icon" />
    ) : (
      <WarningFilled className="sp-qr__icon sp-qr__icon--warn" />
    );
  const canRefresh = phase === 'expired' || phase === 'cancelled' || phase === 'failed' || collectedElsewhere;
  return (
    <div className="sp-qr__mask" role="status">
      {icon}
      <strong>{text}</strong>
      {canRefresh && (
        <Button type="primary" size="small" icon={<ReloadOutlined />} onClick={onRefresh}>
          {t('qr.refresh')}
        </Button>
      )}
    </div>
  );
}
