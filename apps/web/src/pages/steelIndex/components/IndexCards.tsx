import './indexCards.css';
import '../../../i18n/steelIndex.ts';
import type { IndexRow } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { ChangeText } from '../../../components/steelIndex/ChangeText.tsx';
import { ProvisionalTag } from '../../../components/steelIndex/Disclosure.tsx';
import { type IndexDefinitionEn, useIndexName } from '../../../components/steelIndex/names.tsx';
import { IndexAlertButton } from '../../../components/subscription/IndexAlertButton.tsx';
import { renderShown } from '../../../i18n/tradeNames.tsx';
import { formatPoints, formatPrice, MISSING } from '../../../lib/numbers.ts';

/**
 * One card per index: latest price and points with the day's change, and 暂定 when that day is
 * provisional. Clicking a card adds or removes the index on the trend chart; its 提醒 (issue 19),
 * a sibling of the card's button drawn inside its border, sets an index alert.
 */
export function IndexCards({
  rows,
  definitions,
  selected,
  onToggle,
}: {
  rows: IndexRow[];
  /** lend the rows their English names */
  definitions?: readonly IndexDefinitionEn[];
  selected: number[];
  onToggle: (id: number) => void;
}) {
  const { t } = useTranslation();
  const indexName = useIndexName(definitions);
  return (
    <div className="sp-index-cards">
      {rows.map((row) => (
        <div className="sp-index-card-slot" key={row.id}>
          <button
            type="button"
            className={`sp-index-card${selected.includes(row.id) ? ' sp-index-card--on' : ''}`}
            aria-pressed={selected.includes(row.id)}
            onClick={() => onToggle(row.id)}
          >
            <span className="sp-index-card__head">
              <span className="sp-index-card__name">{renderShown(indexName(row))}</span>
              <ProvisionalTag day={row} />
            </span>
            <span className="sp-index-card__price">
              {formatPrice(row.price) ?? MISSING}
              <small>{t('steelIndex.priceUnit')}</small>
            </span>
            <ChangeText value={row.change} ratio={row.changeRatio} />
            <span className="sp-index-card__meta">
              {t('steelIndex.card.points', { points: formatPoints(row.points) })} · {row.date.slice(5)}
            </span>
          </button>
          <IndexAlertButton
            indexId={row.id}
            indexName={indexName(row).text}
            product={row.product}
            price={row.price}
            date={row.date}
            className="sp-index-card__alert"
          />
        </div>
      ))}
    </div>
  );
}
