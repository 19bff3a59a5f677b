import '../../i18n/indexArticles.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIndexInfoCompact } from '../../api/steelIndex.ts';
import { ChangeText } from '../../components/steelIndex/ChangeText.tsx';
import { useIndexName } from '../../components/steelIndex/names.tsx';
import { renderShown } from '../../i18n/tradeNames.tsx';
import { formatPriceText } from '../../lib/numbers.ts';

/** Rows shown while the prices load: one per index the portal publishes. */
const SKELETON_ROWS = 12;

/** The side panel of the index article pages: every index's latest price and change. */
export function ArticleSide() {
  const { t } = useTranslation();
  const indexName = useIndexName();
  const { data, isPending } = useIndexInfoCompact();
  return (
    <aside className="sp-box">
      <h2 className="sp-box__title">
        <span>{t('steelIndex.articles.side')}</span>
        <Link to="/exponentMain">{t('steelIndex.articles.moreIndexes')}</Link>
      </h2>
      <ul className="sp-article-side" aria-busy={isPending}>
        {isPending &&
          Array.from({ length: SKELETON_ROWS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <li key={i} className="sp-article-side__row" aria-hidden>
              <span className="sp-skeleton-line" />
            </li>
          ))}
        {data?.map((row) => (
          <li key={row.id} className="sp-article-side__row">
            <span>
              <span>{renderShown(indexName(row))}</span> <strong>{formatPriceText(row.price)}</strong>
            </span>
            <ChangeText value={row.change} ratio={row.changeRatio} />
          </li>
        ))}
      </ul>
    </aside>
  );
}
