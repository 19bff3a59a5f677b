import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageKey } from '../layout/routeMeta.ts';
import { PageTitle } from './PageTitle.tsx';

/** Screens whose real content comes in later work; each has a title and a one-line description. */
export type ComingSoonPage = Exclude<PageKey, 'home' | 'notFound'>;

/**
 * The honest placeholder of a screen not built yet: its title, what it will offer, and a way
 * home. `details` are facts from the URL (an id, a search) so the user sees the link worked.
 */
export function ComingSoon({ page, details }: { page: ComingSoonPage; details?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="sp-container sp-page">
      <PageTitle>{t(`pages.${page}.title`)}</PageTitle>
      {details && <div className="sp-page__details">{details}</div>}
      <Result
        className="sp-comingsoon"
        icon={<ToolOutlined />}
        title={t('comingSoon.status')}
        subTitle={t(`pages.${page}.desc`)}
        extra={
          <Link to="/" className="sp-buttonlink">
            {t('comingSoon.backHome')}
          </Link>
        }
      />
    </div>
  );
}
