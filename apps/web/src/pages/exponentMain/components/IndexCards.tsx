import type { IndexRow } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { ChangeText } from '../../../components/steelIndex/ChangeText.tsx';
import { ProvisionalTag } from '../../../components/steelIndex/Disclosure.tsx';
import { formatPoints, formatPrice, MISSING } from '../../../lib/numbers.ts';

/**
 * One card per index: latest price and points with the day's change, and 暂定 when that day is
 * provisional. Clicking a card adds or removes the index on the trend chart.
 */
export function IndexCards({
  rows,
  selected,
  onToggle,
}: {
  rows: IndexRow[];
  selected: number[];
  onToggle: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="sp-index-cards">
      {rows.map((row) => (
        <button
          type="button"
          key={row.id}
          className={`sp-index-card${selected.includes(row.id) ? ' sp-index-card--on' : ''}`}
          aria-pressed={selected.includes(row.id)}
          onClick={() => onToggle(row.id)}
        >
          <span className="sp-index-card__head">
            <span className="sp-index-card__name">{row.indexName}</span>
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
      ))}
    </div>
  );
}
