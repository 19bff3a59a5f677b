import '../../components/steelIndex/steelIndex.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIndexInfo } from '../../api/steelIndex.ts';
import { ChangeText } from '../../components/steelIndex/ChangeText.tsx';
import { ProvisionalTag } from '../../components/steelIndex/Disclosure.tsx';
import { fmtPrice } from '../../components/steelIndex/format.ts';

/**
 * The home page's index strip: each index's latest price and day change, live from the API, with
 * 暂定 beside the change when the latest day is provisional.
 */
export function IndexStrip() {
  const { t } = useTranslation();
  const { data, isPending } = useIndexInfo();
  if (!isPending && (!data || data.list.length === 0)) return null;
  return (
    // While the index loads the strip keeps its place (CSS min-height), so nothing below jumps.
    <section className="sp-index-strip" aria-label={t('steelIndex.strip.title')} aria-busy={isPending}>
      <div className="sp-index-strip__title">
        {t('steelIndex.strip.title')}
        <Link to="/exponentMain">{t('steelIndex.strip.more')} ›</Link>
      </div>
      {data?.list.map((row) => (
        <Link key={row.id} to="/exponentMain" className="sp-index-strip__item">
          <span>{row.indexName}</span>
          <strong>
            {fmtPrice(row.price)} <small className="sp-muted">{t('steelIndex.priceUnit')}</small>
          </strong>
          <span className="sp-index-strip__change">
            <ChangeText value={row.change} ratio={row.changeRatio} />
            <ProvisionalTag day={row} />
          </span>
        </Link>
      ))}
    </section>
  );
}
