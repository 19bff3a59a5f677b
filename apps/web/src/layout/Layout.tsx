import './layout.css';
import { Skeleton } from 'antd';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { useEmbedTokenBridge } from '../auth/hooks.ts';
import { PHONE_QUERY, useMediaQuery } from '../lib/media.ts';
import { AccessGate } from './AccessGate.tsx';
import { BrandBar } from './BrandBar.tsx';
import { CarryOverNotice, WelcomeBanner } from './CarryOverNotice.tsx';
import { Footer } from './Footer.tsx';
import { useBlockFunctionKeys } from './functionKeys.ts';
import { Header } from './Header.tsx';
import { NavMenu } from './NavMenu.tsx';
import { pageHead } from './pageHead.ts';
import { scrollKey } from './scrollKey.ts';
import { useRouteMeta } from './useRouteMeta.ts';

/** Placeholder while a lazily loaded screen arrives. */
export function PageFallback() {
  return (
    <div className="sp-container sp-page">
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
}

/** The portal frame; which parts show is decided by the matched routes' handles. */
export function Layout() {
  const { t } = useTranslation();
  const { layout, menuKey, page, access } = useRouteMeta();
  const isPhone = useMediaQuery(PHONE_QUERY);
  useBlockFunctionKeys();
  useEmbedTokenBridge();

  // Each screen names itself to browsers and search engines, in the page's language (the shell
  // carries the same for the first paint).
  const head = pageHead(t, page);
  useEffect(() => {
    document.title = head.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
  }, [head.title, head.description]);

  return (
    <div className="sp-app">
      {layout.header && (
        <header className="sp-header">
          <Header />
          <BrandBar menu={layout.menu} menuKey={menuKey} />
        </header>
      )}
      {/* A phone opens the menu from the drawer beside the logo. */}
      {layout.menu && !(isPhone && layout.header) && <NavMenu activeKey={menuKey} />}
      <main className="sp-main">
        <WelcomeBanner />
        <Suspense fallback={<PageFallback />}>
          <AccessGate access={access}>
            <Outlet />
          </AccessGate>
        </Suspense>
      </main>
      {layout.footer && <Footer />}
      <CarryOverNotice />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
