import '../../i18n/market.ts';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QUOTES_PATH } from '../../components/quotes/quoteQuery.ts';
import type { LinkTarget } from '../../components/quotes/TraderContact.tsx';

/** No trader behind the id of the path (code 6, or not an id at all). */
export function FirmNotFound({ id, target }: { id: string; target: LinkTarget }) {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('firm.notFound')}
      subTitle={t('firm.notFoundText', { id })}
      extra={
        <Link to={QUOTES_PATH} className="sp-buttonlink" target={target}>
          {t('firm.toQuotes')}
        </Link>
      }
    />
  );
}
