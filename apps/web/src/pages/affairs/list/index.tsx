import '../affairs.css';
import '../../../i18n/content.ts';
import { AFFAIR_KINDS } from '@steelport/contracts';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAffairs } from '../../../api/content.ts';
import { LazyImage } from '../../../components/LazyImage.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { usePageHref } from '../../../components/pageLinks.tsx';
import { TradeName } from '../../../i18n/tradeNames.tsx';
import { NewsSections } from '../../../layout/NewsSections.tsx';
import { formatCount } from '../../../lib/numbers.ts';
import { kindFromParam } from '../kinds.ts';

const PAGE_SIZE = 10;

/**
 * /commercialAffairs/list: market dynamics — mill price adjustments, new warehouses, events and
 * market news — newest first, with a type filter and pages; `?kind=&page=` keep the place.
 */
export function AffairsListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pageHref = usePageHref();
  const kind = kindFromParam(params.get('kind'));
  const page = Math.max(1, Math.min(10000, Math.floor(Number(params.get('page'))) || 1));
  const query = useAffairs({ kind, page, pageSize: PAGE_SIZE });
  const { data, isPending, isError, refetch } = query;
  const kindHref = (k?: string) => (k ? `?kind=${k}` : '?');
  return (
    <div className="sp-container sp-page">
      <NewsSections current="/commercialAffairs/list" />
      <PageTitle>{t('content.affairs.title')}</PageTitle>
      <nav aria-label={t('content.affairs.filterLabel')}>
        <ul className="sp-chips">
          {[undefined, ...AFFAIR_KINDS].map((k) => (
            <li key={k ?? 'all'}>
              <Link
                to={kindHref(k)}
                className="sp-chip"
                aria-current={k === kind ? 'page' : undefined}
                data-testid={`affair-kind-${k ?? 'all'}`}
              >
                {t(`content.kinds.${k ?? 'all'}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="sp-box" aria-busy={isPending}>
        {isPending && (
          <div aria-hidden>
            {Array.from({ length: PAGE_SIZE }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <div key={i} className="sp-affair-skeleton" />
            ))}
          </div>
        )}
        {isError && !data && (
          <div className="sp-affairs__state">
            <p>{t('content.affairs.error')}</p>
            <Button onClick={() => void refetch()}>{t('content.affairs.retry')}</Button>
          </div>
        )}
        {data && data.list.length === 0 && <p className="sp-affairs__state">{t('content.affairs.empty')}</p>}
        {data && data.list.length > 0 && (
          <ul className="sp-affairs__list">
            {data.list.map((a) => (
              <li key={a.id} className="sp-affair" data-testid="affair-item">
                <Link
                  to={`/commercialAffairs/detail/${a.id}`}
                  className="sp-affair__cover"
                  tabIndex={-1}
                  aria-hidden
                >
                  <LazyImage src={a.cover} alt="" width={150} height={100} className="sp-affair__cover" />
                </Link>
                <div className="sp-affair__body">
                  <h2 className="sp-affair__title">
                    <span className={`sp-affair-kind sp-affair-kind--${a.kind}`}>
                      {t(`content.kinds.${a.kind}`)}
                    </span>
                    <Link to={`/commercialAffairs/detail/${a.id}`} lang="zh">
                      {a.title}
                    </Link>
                  </h2>
                  <p className="sp-affair__summary" lang="zh">
                    {a.summary}
                  </p>
                  <p className="sp-affair__meta sp-muted">
                    {dayjs(a.publishedAt).format('YYYY-MM-DD HH:mm')}
                    {a.city && (
                      <>
                        {' · '}
                        <TradeName kind="cities" name={a.city} />
                      </>
                    )}
                    {a.product && (
                      <>
                        {' · '}
                        <TradeName kind="products" name={a.product} />
                      </>
                    )}{' '}
                    · {t('content.affairs.source', { source: '' })}
                    <span lang="zh">{a.source}</span> ·{' '}
                    {t('content.affairs.views', { views: formatCount(a.views) })}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        {data && data.total > PAGE_SIZE && (
          <div className="sp-pagination-bar">
            <Pager
              current={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              hrefOf={pageHref}
              onChange={(p) => {
                const next = new URLSearchParams(params);
                if (p > 1) next.set('page', String(p));
                else next.delete('page');
                setParams(next);
                window.scrollTo({ top: 0 });
              }}
            />
          </div>
        )}
      </section>
    </div>
  );
}
