import './routeError.css';
import { WarningFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a screen fails to load or render: most often a lazily loaded chunk that vanished
 * after a release, which a reload fixes.
 *
 * It is part of the entry (it must show when a chunk is gone), so it is antd's Result layout
 * drawn by hand: importing `Result` brings its three status illustrations (403/404/500, about
 * 10 kB gzip) into every first page.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="sp-container sp-page">
      <div className="sp-route-error" role="alert">
        <WarningFilled className="sp-route-error__icon" aria-hidden />
        <h2 className="sp-route-error__title">{t('routeError.title')}</h2>
        <p className="sp-route-error__subtitle">{t('routeError.subTitle')}</p>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      </div>
    </div>
  );
}
