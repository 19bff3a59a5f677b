/** What a guarded screen shows instead of itself: the way to log in, or why it is closed. */
import type { Access } from '@steelport/contracts';
import { Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSiteConfigState } from '../api/common.ts';
import { loginSiteHref } from './links.ts';

/** Sends a visitor to the login site, which returns to this very address afterwards. */
export function LoginRedirect() {
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
export function Forbidden({ access }: { access: Access }) {
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
          ) : access === 'trader' ? (
            // A member without a company learns how to become a trader (issue 17).
            <Link to="/account/become-trader" className="sp-buttonlink">
              {t('access.becomeTrader')}
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
