import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Any path the route table does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="sp-container sp-page">
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.subTitle')}
        extra={
          <Link to="/" className="sp-buttonlink">
            {t('notFound.backHome')}
          </Link>
        }
      />
    </div>
  );
}
