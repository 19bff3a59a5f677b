import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchBar } from './SearchBar.tsx';

/** The logo and search row under the top strip. */
export function BrandBar() {
  const { t } = useTranslation();
  return (
    <div className="sp-brandbar">
      <div className="sp-container sp-brandbar__inner">
        <Link to="/" className="sp-logo" aria-label={t('app.name')}>
          <img src="/logo.svg" alt="" width={44} height={44} />
          <span className="sp-logo__text">
            <span className="sp-logo__name">{t('app.name')}</span>
            <span className="sp-logo__en">{t('app.nameEn')}</span>
          </span>
          <span className="sp-logo__slogan">{t('app.slogan')}</span>
        </Link>
        <div className="sp-brandbar__search">
          <SearchBar />
        </div>
      </div>
    </div>
  );
}
