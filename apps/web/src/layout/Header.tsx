import { BellOutlined, CrownFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
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

/** Where the name goes in the greeting's text: a character no name or text holds. */
const NAME_SLOT = '\u0000';

/**
 * 您好，<name>: the contact name in an element of its own, since it is written as its owner
 * wrote it, mostly in Chinese (`lang="zh"`), whatever the page's language. Split around the
 * name rather than through react-i18next's <Trans>, whose parser (4 KB gzip) no first page needs.
 */
function Greeting({ name }: { name: string | undefined }) {
  const { t } = useTranslation();
  const [before, after = ''] = t('header.greeting', { name: NAME_SLOT }).split(NAME_SLOT);
  return (
    <span className="sp-topbar__greeting">
      {before}
      {name ? <span lang="zh">{name}</span> : <span>{t('header.defaultName')}</span>}
      {after}
    </span>
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
              <Greeting name={session.loginUser?.linkMan} />
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
