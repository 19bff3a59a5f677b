import '../affairs.css';
import '../../../components/steelIndex/steelIndex.css';
import '../../../i18n/content.ts';
import { Result, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAds, useAffair } from '../../../api/content.ts';
import { AdLink } from '../../../components/FloatingAd.tsx';
import { LazyImage } from '../../../components/LazyImage.tsx';
import { formatCount } from '../../../lib/numbers.ts';

/** The sideBar ads beside an item. */
function SideAds() {
  const { t } = useTranslation();
  const { data } = useAds('sideBar');
  return (
    <aside className="sp-side-ads" aria-label={t('content.affairs.related')}>
      {(data ?? []).map((ad) => (
        <AdLink key={ad.id} href={ad.linkUrl}>
          <LazyImage src={ad.imageUrl} alt={ad.title} width={300} height={120} />
        </AdLink>
      ))}
    </aside>
  );
}

/** /commercialAffairs/detail/:id: one market-dynamics item with the items above and below it. */
export function AffairsDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isPending, isError } = useAffair(id);
  return (
    <div className="sp-container sp-page">
      <div className="sp-article-layout">
        <article className="sp-box">
          <div className="sp-box__body">
            <Link to="/commercialAffairs/list">← {t('content.affairs.back')}</Link>
            {valid && isPending && <Skeleton active paragraph={{ rows: 8 }} />}
            {(!valid || isError) && !data && <Result status="404" title={t('content.affairs.notFound')} />}
            {data && (
              <>
                <h1 className="sp-article-title">{data.title}</h1>
                <p className="sp-muted">
                  <span className={`sp-affair-kind sp-affair-kind--${data.kind}`}>
                    {t(`content.kinds.${data.kind}`)}
                  </span>{' '}
                  {dayjs(data.publishedAt).format('YYYY-MM-DD HH:mm')}
                  {data.city && ` · ${data.city}`}
                  {data.product && ` · ${data.product}`} ·{' '}
                  {t('content.affairs.source', { source: data.source })} ·{' '}
                  {t('content.affairs.views', { views: formatCount(data.views) })}
                </p>
                {/* sanitised on write and again by the server's presenter (modules/affairs/present.ts) */}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server */}
                <div className="sp-article-body" dangerouslySetInnerHTML={{ __html: data.contentHtml }} />
                <nav className="sp-affair-nav" aria-label={t('content.affairs.title')}>
                  <div>
                    {t('content.affairs.previous')}：
                    {data.previous ? (
                      <Link to={`/commercialAffairs/detail/${data.previous.id}`}>{data.previous.title}</Link>
                    ) : (
                      <span>{t('content.affairs.none')}</span>
                    )}
                  </div>
                  <div className="sp-affair-nav__next">
                    {t('content.affairs.next')}：
                    {data.next ? (
                      <Link to={`/commercialAffairs/detail/${data.next.id}`}>{data.next.title}</Link>
                    ) : (
                      <span>{t('content.affairs.none')}</span>
                    )}
                  </div>
                </nav>
              </>
            )}
          </div>
        </article>
        <SideAds />
      </div>
    </div>
  );
}
