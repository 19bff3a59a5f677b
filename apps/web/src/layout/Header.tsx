import { BellOutlined, CrownFilled } from '@ant-design/icons';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSiteConfig } from '../api/common.ts';
import { useUnreadCount } from '../api/subscription.ts';
import { useLogout, useMyInfoSync } from '../auth/hooks.ts';
import { isVipMember, useSession } from '../auth/session.ts';
import { HoverTooltip } from '../components/HoverTooltip.tsx';
import { usePrerendering } from '../lib/prerendering.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { loginSiteHref } from './links.ts';

/**
 * 消息中心: a bell with the unread count of the member's inbox (matches of saved searches and
 * index alerts, issue 19), kept live by the server's event stream; it opens /account/inbox.
 */
function InboxBell() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <Link
      to="/account/inbox"
      className="sp-inboxbell"
      data-testid="inbox-bell"
      aria-label={unread > 0 ? t('header.inboxUnread', { count: unread }) : t('header.inbox')}
    >
      <BellOutlined aria-hidden />
      <span>{t('header.inbox')}</span>
      {unread > 0 && (
        <span className="sp-inboxbell__count" data-testid="inbox-unread" aria-hidden>
          {shown}
        </span>
      )}
    </Link>
  );
}

/**
 * The top strip: welcome, login or greeting, account links and the inbox bell, product benefits
 * and the VIP badge.
 */
export function Header() {
  const { t } = useTranslation();
  const session = useSession();
  const site = useSiteConfig();
  const logout = useLogout();
  useMyInfoSync();
  // Subscribing to the location re-renders the login links with the page the user is on now.
  useLocation();
  const prerendering = usePrerendering();
  const currentUrl = prerendering ? '' : window.location.href;
  const vip = isVipMember(session);

  return (
    <div className="sp-topbar">
      <div className="sp-container sp-topbar__inner">
        <div className="sp-topbar__group">
          <span>{t('header.welcome')}</span>
          <Link to="/">{t('header.home')}</Link>
          <LanguageSwitch className="sp-langswitch--topbar" />
        </div>
        <div className="sp-topbar__group">
          {prerendering ? null : session.token ? (
            <>
              <span className="sp-topbar__greeting">
                {/* A contact name is written as its owner wrote it, mostly in Chinese. */}
                <Trans
                  i18nKey="header.greeting"
                  values={{ name: session.loginUser?.linkMan || t('header.defaultName') }}
                  components={{ name: session.loginUser?.linkMan ? <span lang="zh" /> : <span /> }}
                />
              </span>
              <button type="button" className="sp-linkbutton" onClick={logout}>
                {t('header.logout')}
              </button>
              <a href={site.accountSiteUrl}>{t('header.account')}</a>
              <InboxBell />
            </>
          ) : (
            <>
              <a href={loginSiteHref(site.loginSiteUrl, currentUrl)}>{t('header.login')}</a>
              <a href={loginSiteHref(site.loginSiteUrl, currentUrl, true)}>{t('header.register')}</a>
            </>
          )}
          <Link to="/vipopen">{t('header.benefits')}</Link>
          <HoverTooltip title={vip ? t('header.vipOpened') : t('header.vipNotOpened')}>
            <Link
              to="/vipmember"
              target="_blank"
              rel="noopener"
              className={vip ? 'sp-vipbadge sp-vipbadge--on' : 'sp-vipbadge'}
              data-testid="vip-badge"
            >
              <CrownFilled aria-hidden />
              {t('header.vipBadge')}
            </Link>
          </HoverTooltip>
        </div>
      </div>
    </div>
  );
}
