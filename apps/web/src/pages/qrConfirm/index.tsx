import '../../i18n/login.ts';
import '../../components/phoneConfirm.css';
import type { QrState } from '@steelport/contracts';
import { Alert, Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQrDecision, useQrScan } from '../../api/account.ts';
import { useMyInfo } from '../../api/user.ts';
import { rememberLogin } from '../../auth/login.ts';
import { useSession } from '../../auth/session.ts';
import { PasswordLoginForm } from '../../components/PasswordLoginForm.tsx';
import { StatusResult } from '../../components/StatusResult.tsx';
import { isTempCode, parseClientId } from './qrLink.ts';

/**
 * /m/qr/:tempCode, the page a phone opens from the desktop's login QR code (no portal frame).
 * Log in here first if needed; opening marks the code scanned, then 确认登录 or 取消.
 */
export function QrConfirmPage() {
  const { t } = useTranslation();
  const { tempCode } = useParams();
  const [params] = useSearchParams();
  const clientId = parseClientId(params.get('clientId'));
  const { token } = useSession();

  let body: ReactNode;
  if (!isTempCode(tempCode)) {
    body = (
      <StatusResult
        status="warning"
        title={t('qrConfirm.failedTitle')}
        subTitle={t('qrConfirm.invalidLink')}
      />
    );
  } else if (!token) {
    body = (
      <>
        <p className="sp-mobile__lead">{t('qrConfirm.loginFirst')}</p>
        <PasswordLoginForm onLogin={(login) => void rememberLogin(login.token, login.user)} />
      </>
    );
  } else {
    // Keyed by the token: a new login on the phone starts the step over.
    body = <ConfirmStep key={token} clientId={clientId} tempCode={tempCode} />;
  }

  return (
    <div className="sp-mobile">
      <div className="sp-mobile__card">
        <header className="sp-mobile__brand">
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>{t('app.name')}</span>
        </header>
        <h1 className="sp-mobile__title">{t('qrConfirm.heading')}</h1>
        {body}
      </div>
    </div>
  );
}

/** Logged in on the phone: mark the code scanned, show who is logging in, confirm or cancel. */
function ConfirmStep({ clientId, tempCode }: { clientId: number; tempCode: string }) {
  const { t } = useTranslation();
  const { loginUser } = useSession();
  const me = useMyInfo(true, { silent: true, keepPageOnExpiry: true });
  const scan = useQrScan(clientId, tempCode);
  const decide = useQrDecision(clientId, tempCode);
  const name = me.data?.linkMan || loginUser?.linkMan || t('header.defaultName');

  if (decide.isSuccess) return <Outcome state={decide.data.state} />;
  if (scan.isPending) {
    return (
      <div className="sp-mobile__waiting" role="status">
        <Spin />
        <span>{t('qrConfirm.checking')}</span>
      </div>
    );
  }
  if (scan.isError) {
    return (
      <StatusResult
        status="warning"
        title={t('qrConfirm.failedTitle')}
        subTitle={scan.error.message}
        extra={<HomeLink />}
      />
    );
  }
  return (
    <div className="sp-mobile__confirm">
      <p className="sp-mobile__greeting">{t('qrConfirm.greeting', { name })}</p>
      <p className="sp-mobile__lead">{t('qrConfirm.prompt')}</p>
      {decide.error && <Alert className="sp-form-error" type="error" showIcon title={decide.error.message} />}
      <Button
        type="primary"
        size="large"
        block
        loading={decide.isPending && decide.variables === 'confirm'}
        disabled={decide.isPending}
        onClick={() => decide.mutate('confirm')}
      >
        {t('qrConfirm.confirm')}
      </Button>
      <Button
        size="large"
        block
        loading={decide.isPending && decide.variables === 'cancel'}
        disabled={decide.isPending}
        onClick={() => decide.mutate('cancel')}
      >
        {t('qrConfirm.cancel')}
      </Button>
    </div>
  );
}

function Outcome({ state }: { state: QrState }) {
  const { t } = useTranslation();
  if (state === 'confirmed') {
    return (
      <StatusResult
        status="success"
        title={t('qrConfirm.confirmedTitle')}
        subTitle={t('qrConfirm.confirmedText')}
      />
    );
  }
  return (
    <StatusResult
      status="info"
      title={t('qrConfirm.cancelledTitle')}
      subTitle={t('qrConfirm.cancelledText')}
      extra={<HomeLink />}
    />
  );
}

function HomeLink() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="sp-buttonlink">
      {t('qrConfirm.goHome')}
    </Link>
  );
}
