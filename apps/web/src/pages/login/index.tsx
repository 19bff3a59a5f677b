import '../../i18n/login.ts';
import './login.css';
import { Alert, Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../auth/session.ts';
import { PasswordLoginForm } from '../../components/PasswordLoginForm.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { LanguageSwitch } from '../../layout/LanguageSwitch.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { Checking } from './Checking.tsx';
import { QrLoginPanel } from './QrLoginPanel.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';
import { SmsLoginForm } from './SmsLoginForm.tsx';
import { useCompleteLogin } from './useCompleteLogin.ts';

// 您已登录 shows only to someone who comes back signed in: its Result view (with antd's status
// illustrations) loads then, not with every visit to /login.
const LoggedIn = lazy(() => import('./LoggedIn.tsx').then((module) => ({ default: module.LoggedIn })));

type Mode = 'qr' | 'password' | 'sms' | 'register' | 'reset';
const MODES: readonly string[] = ['qr', 'password', 'sms', 'register', 'reset'];

/** The same page in another mode, keeping `redirect` (and anything else) in the query. */
function modeSearch(params: URLSearchParams, mode: Mode): string {
  const next = new URLSearchParams(params);
  next.set('mode', mode);
  return `?${next.toString()}`;
}

/**
 * /login, the login site (footer only): 扫码登录, 密码登录 and 短信登录 tabs, the 注册 view
 * (`?mode=register`, as the header's 免费注册 link asks) and the 忘记密码 view (`?mode=reset`),
 * which returns to the password tab saying that every device was logged out. Every login
 * returns to `redirect` through the carry-over query. A phone opens on the password tab: it
 * cannot scan its own screen.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const session = useSession();
  const { leaving, complete, returnTo, hasRedirect } = useCompleteLogin();
  // The phone whose password was just reset: the password tab says so and starts with it.
  const [resetPhone, setResetPhone] = useState<string | null>(null);

  const requested = params.get('mode') ?? '';
  const mode: Mode = MODES.includes(requested) ? (requested as Mode) : isPhone ? 'password' : 'qr';
  const setMode = (next: Mode) => setParams(new URLSearchParams(modeSearch(params, next)), { replace: true });
  const resetDone = (phone: string) => {
    setResetPhone(phone);
    setMode('password');
  };

  let body: ReactNode;
  if (leaving) {
    body = (
      <div className="sp-login__leaving" role="status">
        <Spin />
        <span>{t('login.redirecting')}</span>
      </div>
    );
  } else if (session.token) {
    body = (
      <Suspense fallback={<Checking />}>
        <LoggedIn
          stored={session.loginUser}
          hasRedirect={hasRedirect}
          onReturn={(user) => void returnTo(session.token!, user)}
        />
      </Suspense>
    );
  } else if (mode === 'register') {
    body = (
      <>
        <h1 className="sp-login__title">{t('login.registerHeading')}</h1>
        <RegisterForm onLogin={(login) => complete(login, { registered: true })} />
        <p className="sp-login__switch">
          {t('login.hasAccount')}
          <Link to={modeSearch(params, 'password')} replace>
            {t('login.toLogin')}
          </Link>
        </p>
      </>
    );
  } else if (mode === 'reset') {
    body = (
      <>
        <h1 className="sp-login__title">{t('reset.heading')}</h1>
        <p className="sp-login__intro">{t('reset.intro')}</p>
        <ResetPasswordForm onDone={resetDone} />
        <p className="sp-login__switch">
          {t('reset.remembered')}
          <Link to={modeSearch(params, 'password')} replace>
            {t('reset.backToLogin')}
          </Link>
        </p>
      </>
    );
  } else {
    body = (
      <>
        <h1 className="sp-login__title">{t('login.heading')}</h1>
        {resetPhone && (
          <Alert
            className="sp-login__notice"
            type="success"
            showIcon
            role="status"
            title={t('login.resetDone')}
          />
        )}
        <Tabs
          activeKey={mode}
          onChange={(key) => setMode(key as Mode)}
          centered
          destroyOnHidden
          items={[
            { key: 'qr', label: t('login.tabs.qr'), children: <QrLoginPanel onLogin={complete} /> },
            {
              key: 'password',
              label: t('login.tabs.password'),
              children: (
                <PasswordLoginForm
                  onLogin={complete}
                  initialPhone={resetPhone ?? undefined}
                  passwordExtra={
                    <p className="sp-login__forgot">
                      <Link to={modeSearch(params, 'reset')} replace>
                        {t('login.forgot')}
                      </Link>
                    </p>
                  }
                />
              ),
            },
            { key: 'sms', label: t('login.tabs.sms'), children: <SmsLoginForm onLogin={complete} /> },
          ]}
        />
        <p className="sp-login__switch">
          {t('login.noAccount')}
          <Link to={modeSearch(params, 'register')} replace>
            {t('login.toRegister')}
          </Link>
        </p>
      </>
    );
  }

  return (
    <div className="sp-login">
      <Link to="/" className="sp-logo sp-login__brand" aria-label={t('app.name')}>
        <img src="/logo.svg" alt="" width={40} height={40} />
        <span className="sp-logo__text">
          <span className="sp-logo__name">{t('app.name')}</span>
          <span className="sp-logo__en" lang={t('app.nameEnLang')}>
            {t('app.nameEn')}
          </span>
        </span>
      </Link>
      <div className={mode === 'register' ? 'sp-login__card sp-login__card--wide' : 'sp-login__card'}>
        {body}
      </div>
      <LanguageSwitch className="sp-langswitch--login" />
    </div>
  );
}
