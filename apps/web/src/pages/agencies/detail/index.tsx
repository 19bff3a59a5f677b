import '../agency.css';
import '../../../i18n/content.ts';
import { Result, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAgency } from '../../../api/content.ts';
import { AgencyContact } from '../AgencyContact.tsx';

/** /agency/detail/:id: one agency with its brands, products, address, contact and introduction. */
export function AgencyDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isPending, isError } = useAgency(id);
  return (
    <div className="sp-container sp-page">
      <article className="sp-box sp-agency-detail">
        <div className="sp-box__body">
          <Link to="/agency">← {t('content.agency.back')}</Link>
          {valid && isPending && <Skeleton active paragraph={{ rows: 6 }} />}
          {(!valid || isError) && !data && <Result status="404" title={t('content.agency.notFound')} />}
          {data && (
            <>
              <h1 className="sp-article-title">{data.name}</h1>
              <dl>
                <dt>{t('content.agency.location')}</dt>
                <dd>
                  {data.region} · {data.province === data.city ? data.city : `${data.province} ${data.city}`}
                </dd>
                <dt>{t('content.agency.brands')}</dt>
                <dd>
                  {data.brands.map((b) => (
                    <Tag key={b} color="blue">
                      {b}
                    </Tag>
                  ))}
                </dd>
                <dt>{t('content.agency.products')}</dt>
                <dd>{data.products.join('、')}</dd>
                <dt>{t('content.agency.address')}</dt>
                <dd>{data.address}</dd>
                <AgencyContact agency={data} />
                <dt>{t('content.agency.intro')}</dt>
                <dd>{data.intro}</dd>
              </dl>
            </>
          )}
        </div>
      </article>
    </div>
  );
}
