import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a screen fails to load or render: most often a lazily loaded chunk that vanished
 * after a release, which a reload fixes.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="sp-container sp-page">
      <Result
        status="warning"
        title={t('routeError.title')}
        subTitle={t('routeError.subTitle')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
        }
      />
    </div>
  );
}
