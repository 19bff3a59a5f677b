/**
 * The route guard: a screen whose route handle names an access level (auth/access.ts) renders
 * only for a user who has it. A visitor is sent to the login site with a redirect back here; a
 * logged-in user without the level sees why, with the way to get it.
 */
import type { Access } from '@steelport/contracts';
import { Result, Skeleton, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSiteConfigState } from '../api/common.ts';
import { useMyInfo } from '../api/user.ts';
import { canAccess } from '../auth/access.ts';
import { useSession } from '../auth/session.ts';
import { RouteError } from '../components/RouteError.tsx';
import { loginSiteHref } from './links.ts';

/** Renders `children` when the session may open a screen of level `access`. */
export function AccessGate({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  const guarded = access !== 'public';
  // The same query the header keeps in sync: the freshest word on role, company and VIP.
  const me = useMyInfo(guarded);
  if (!guarded) return children;
  if (!session.token) return <LoginRedirect />;
  const user = me.data ?? session.loginUser;
  if (!user) {
    if (me.isError) return <RouteError />;
    return (
      <div className="sp-container sp-page">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (canAccess(access, user)) return children;
  return <Forbidden access={access} />;
}

/** Sends a visitor to the login site, which returns to this very address afterwards. */
function LoginRedirect() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { site, ready } = useSiteConfigState();
  useEffect(() => {
    if (!ready) return;
    // Deferred one task: when the session ended because the app is leaving for `/` (logout,
    // expired token), that navigation unmounts this first and wins.
    const timer = window.setTimeout(() => {
      const href = loginSiteHref(site.loginSiteUrl, window.location.href);
      if (href.startsWith('/') && !href.startsWith('//')) void navigate(href, { replace: true });
      else window.location.replace(href);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [ready, site.loginSiteUrl, navigate]);
  return (
    <div className="sp-container sp-page sp-gate">
      <Spin />
      <span>{t('access.redirecting')}</span>
    </div>
  );
}

/** A logged-in user without the level: why, and the way to it (VIP) or home. */
function Forbidden({ access }: { access: Access }) {
  const { t } = useTranslation();
  const reason =
    access === 'vip' ? t('access.vip') : access === 'admin' ? t('access.admin') : t('access.trader');
  return (
    <div className="sp-container sp-page">
      <Result
        status="403"
        title={t('access.forbiddenTitle')}
        subTitle={reason}
        extra={
          access === 'vip' ? (
            <Link to="/vipopen" className="sp-buttonlink sp-buttonlink--gold">
              {t('access.openVip')}
            </Link>
          ) : (
            <Link to="/" className="sp-buttonlink">
              {t('access.backHome')}
            </Link>
          )
        }
      />
    </div>
  );
}
