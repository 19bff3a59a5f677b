import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PHONE_QUERY, useMediaQuery } from '../lib/media.ts';
import { MenuDrawer } from './MenuDrawer.tsx';
import { SearchBar } from './SearchBar.tsx';

/**
 * The logo and search row under the top strip. On a phone the main menu moves into a drawer
 * opened from beside the logo (`menuKey` lights the current section; absent when the route
 * hides the menu).
 */
export function BrandBar({ menu = false, menuKey = null }: { menu?: boolean; menuKey?: string | null }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  return (
    <div className="sp-brandbar">
      <div className="sp-container sp-brandbar__inner">
        <div className="sp-brandbar__top">
          <Link to="/" className="sp-logo" aria-label={t('app.name')}>
            <img src="/logo.svg" alt="" width={44} height={44} />
            <span className="sp-logo__text">
              <span className="sp-logo__name">{t('app.name')}</span>
              <span className="sp-logo__en" lang={t('app.nameEnLang')}>
                {t('app.nameEn')}
              </span>
            </span>
            <span className="sp-logo__slogan">{t('app.slogan')}</span>
          </Link>
          {isPhone && menu && <MenuDrawer activeKey={menuKey} />}
        </div>
        <div className="sp-brandbar__search">
          <SearchBar />
        </div>
      </div>
    </div>
  );
}
