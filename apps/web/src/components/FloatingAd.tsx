import './floatingAd.css';
import '../i18n/content.ts';
import { CloseOutlined } from '@ant-design/icons';
import { StorageKey } from '@steelport/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAds } from '../api/content.ts';
import { tabStorage } from '../auth/storage.ts';
import { PHONE_QUERY, useMediaQuery } from '../lib/media.ts';
import { LazyImage } from './LazyImage.tsx';

function wasClosed(): boolean {
  try {
    return localStorage.getItem(StorageKey.floatingAdClosed) === '1';
  } catch {
    return false;
  }
}

/** An ad's link: a path of this site through the router, an http(s) address in a new tab. */
export function AdLink({
  href,
  children,
  className,
}: {
  href: string;
  children: React.ReactNode;
  className?: string;
}) {
  if (href.startsWith('/')) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  if (/^https?:\/\//.test(href)) {
    return (
      <a href={href} className={className} target="_blank" rel="noopener noreferrer sponsored">
        {children}
      </a>
    );
  }
  return <span className={className}>{children}</span>;
}

/** sessionStorage key: the floating ad was seen in this tab, so a phone does not show it again. */
export const FLOATING_AD_SEEN_KEY = 'sp.floatingAd.seen';

/**
 * The floating ad (docs/portal.md#static-content): the first floatAd ad, visible until closed;
 * the closed flag stays in local storage (StorageKey.floatingAdClosed), so a reload keeps it
 * closed. On a desktop it floats in a corner, fixed in place, so it moves nothing on the page
 * when it appears. On a phone a corner card covered the price column and pushed its close
 * button past the edge of the screen: there it is a small bar in the page's flow, under the
 * content (nothing lies under it), shown once a session: once it has been on screen, this
 * tab's FLOATING_AD_SEEN_KEY keeps it away until the tab is closed.
 */
export function FloatingAd() {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [closed, setClosed] = useState(wasClosed);
  // Read once: the visit that shows the ad keeps it until it leaves the page.
  const [seenBefore] = useState(() => tabStorage.getItem(FLOATING_AD_SEEN_KEY) === '1');
  const bar = useRef<HTMLElement>(null);
  const { data } = useAds('floatAd');
  const ad = data?.[0];
  const onPhone = isPhone && Boolean(ad) && !closed && !seenBefore;
  // Seen is when it reaches the screen, not when it is rendered far below the first screen.
  useEffect(() => {
    const element = bar.current;
    if (!onPhone || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      tabStorage.setItem(FLOATING_AD_SEEN_KEY, '1');
      observer.disconnect();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [onPhone]);
  if (closed || !ad || (isPhone && seenBefore)) return null;
  const close = () => {
    try {
      localStorage.setItem(StorageKey.floatingAdClosed, '1');
    } catch {
      // storage refused (private mode): closed for this visit only
    }
    setClosed(true);
  };
  const closeButton = (className: string) => (
    <button type="button" className={className} aria-label={t('content.ad.close')} onClick={close}>
      <CloseOutlined aria-hidden />
    </button>
  );
  if (isPhone) {
    return (
      <aside ref={bar} className="sp-ad-bar" aria-label={t('content.ad.label')} data-testid="floating-ad">
        <AdLink href={ad.linkUrl} className="sp-ad-bar__link">
          <LazyImage src={ad.imageUrl} alt="" width={44} height={44} eager />
          <span className="sp-ad-bar__title" lang="zh">
            {ad.title}
          </span>
        </AdLink>
        <span className="sp-ad-bar__tag">{t('content.ad.label')}</span>
        {closeButton('sp-ad-bar__close')}
      </aside>
    );
  }
  return (
    <aside className="sp-float-ad" aria-label={t('content.ad.label')} data-testid="floating-ad">
      <AdLink href={ad.linkUrl} className="sp-float-ad__link">
        <LazyImage src={ad.imageUrl} alt={ad.title} width={200} height={200} eager lang="zh" />
      </AdLink>
      <span className="sp-float-ad__tag">{t('content.ad.label')}</span>
      {closeButton('sp-float-ad__close')}
    </aside>
  );
}
