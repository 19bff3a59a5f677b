import './floatingAd.css';
import { CloseOutlined } from '@ant-design/icons';
import { StorageKey } from '@steelport/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAds } from '../api/content.ts';
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

/**
 * The floating ad (docs/portal.md#static-content): the first floatAd ad in a corner, visible
 * until closed; the closed flag stays in local storage (StorageKey.floatingAdClosed), so a
 * reload keeps it closed. Fixed in place, it moves nothing on the page when it appears.
 */
export function FloatingAd() {
  const { t } = useTranslation();
  const [closed, setClosed] = useState(wasClosed);
  const { data } = useAds('floatAd');
  const ad = data?.[0];
  if (closed || !ad) return null;
  const close = () => {
    try {
      localStorage.setItem(StorageKey.floatingAdClosed, '1');
    } catch {
      // storage refused (private mode): closed for this visit only
    }
    setClosed(true);
  };
  return (
    <aside className="sp-float-ad" aria-label={t('content.ad.label')} data-testid="floating-ad">
      <AdLink href={ad.linkUrl} className="sp-float-ad__link">
        <LazyImage src={ad.imageUrl} alt={ad.title} width={200} height={200} eager lang="zh" />
      </AdLink>
      <span className="sp-float-ad__tag">{t('content.ad.label')}</span>
      <button type="button" className="sp-float-ad__close" aria-label={t('content.ad.close')} onClick={close}>
        <CloseOutlined aria-hidden />
      </button>
    </aside>
  );
}
