import './agency.css';
import '../../i18n/content.ts';
import { Button, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAds, useAgencies } from '../../api/content.ts';
import { AdLink } from '../../components/FloatingAd.tsx';
import { LazyImage } from '../../components/LazyImage.tsx';
import { NativeSelect } from '../../components/NativeSelect.tsx';
import { Pager } from '../../components/Pager.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { usePageHref } from '../../components/pageLinks.tsx';
import { TradeName, useShownName } from '../../i18n/tradeNames.tsx';
import { formatCount } from '../../lib/numbers.ts';
import { AgencyContact } from './AgencyContact.tsx';

const PAGE_SIZE = 12;

/** The listTop ad above the list. */
function ListTopAd() {
  const { data, isPending } = useAds('listTop');
  const ad = data?.[0];
  if (isPending) return <div className="sp-agency-top sp-agency-top--pending" aria-hidden />;
  if (!ad) return null;
  return (
    <AdLink href={ad.linkUrl} className="sp-agency-top">
      <LazyImage src={ad.imageUrl} alt={ad.title} width={1200} height={90} lang="zh" />
    </AdLink>
  );
}

/**
 * /agency: mill agents and distributors as cards, filtered by region, brand and a word of name
 * or city; the whole search sits in the URL (?region=&brand=&keyword=&page=).
 */
export function AgenciesPage() {
  const { t } = useTranslation();
  const shownName = useShownName();
  const [params, setParams] = useSearchParams();
  const pageHref = usePageHref();
  const region = params.get('region') || undefined;
  const brand = params.get('brand') || undefined;
  const keyword = params.get('keyword')?.trim().slice(0, 50) || undefined;
  const page = Math.max(1, Math.min(10000, Math.floor(Number(params.get('page'))) || 1));
  const { data, isPending, isError, refetch } = useAgencies({
    region,
    brand,
    keyword,
    page,
    pageSize: PAGE_SIZE,
  });

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  return (
    <div className="sp-container sp-page">
      <PageTitle>{t('content.agency.title')}</PageTitle>
      <p className="sp-muted">{t('content.agency.subtitle')}</p>
      <ListTopAd />
      <div className="sp-agency-filters">
        <NativeSelect
          aria-label={t('content.agency.region')}
          value={region ?? ''}
          options={[
            { value: '', label: t('content.agency.allRegions') },
            ...(data?.regions ?? []).map((r) => ({ value: r, label: r, lang: 'zh' })),
          ]}
          onChange={(value) => update({ region: value || undefined })}
        />
        <NativeSelect
          aria-label={t('content.agency.brand')}
          value={brand ?? ''}
          options={[
            { value: '', label: t('content.agency.allBrands') },
            ...(data?.brands ?? []).map((b) => {
              const shown = shownName('mills', b);
              return { value: b, label: shown.text, ...(shown.zh ? { lang: 'zh' } : {}) };
            }),
          ]}
          onChange={(value) => update({ brand: value || undefined })}
        />
        <Input.Search
          key={keyword ?? ''}
          aria-label={t('content.agency.keyword')}
          placeholder={t('content.agency.keyword')}
          defaultValue={keyword}
          maxLength={50}
          enterButton={t('content.agency.search')}
          onSearch={(value) => update({ keyword: value.trim() || undefined })}
        />
        {data && (
          <span className="sp-muted">{t('content.agency.total', { n: formatCount(data.total) })}</span>
        )}
      </div>
      {isPending && (
        <ul className="sp-agency-grid" aria-hidden>
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
            <li key={i} className="sp-agency-card sp-agency-card--skeleton" />
          ))}
        </ul>
      )}
      {isError && !data && (
        <div className="sp-agency-state">
          <p>{t('content.agency.error')}</p>
          <Button onClick={() => void refetch()}>{t('content.affairs.retry')}</Button>
        </div>
      )}
      {data && data.list.length === 0 && <p className="sp-agency-state">{t('content.agency.empty')}</p>}
      {data && data.list.length > 0 && (
        <ul className="sp-agency-grid">
          {data.list.map((a) => (
            <li key={a.id} className="sp-agency-card" data-testid="agency-card">
              <div className="sp-agency-card__head">
                <span className="sp-agency-card__logo" aria-hidden lang="zh">
                  {a.name.slice(2, 3) || a.name.slice(0, 1)}
                </span>
                <div>
                  <h2 className="sp-agency-card__name">
                    <Link to={`/agency/detail/${a.id}`} lang="zh">
                      {a.name}
                    </Link>
                  </h2>
                  <span className="sp-muted" lang="zh">
                    {a.region} · {a.province === a.city ? a.city : `${a.province} ${a.city}`}
                  </span>
                </div>
              </div>
              <dl>
                <dt>{t('content.agency.brands')}</dt>
                <dd>
                  {a.brands.map((b) => (
                    <Tag key={b} color="blue">
                      <TradeName kind="mills" name={b} />
                    </Tag>
                  ))}
                </dd>
                <dt>{t('content.agency.products')}</dt>
                <dd>
                  {a.products.map((product, i) => (
                    <span key={product}>
                      {i > 0 && t('lots.listSeparator')}
                      <TradeName kind="products" name={product} />
                    </span>
                  ))}
                </dd>
                <AgencyContact agency={a} />
              </dl>
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
              update({ page: p > 1 ? String(p) : undefined });
              window.scrollTo({ top: 0 });
            }}
          />
        </div>
      )}
    </div>
  );
}
