import '../../i18n/priceTable.ts';
import type { PriceRow } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '../../components/NativeSelect.tsx';
import { useTradeName } from '../../i18n/tradeNames.tsx';
import { PriceCellView, useItemText } from './PriceCellView.tsx';
import { ItemLabel } from './PriceGrid.tsx';
import { rowKey } from './urlState.ts';

/** How many cards a loading phone list holds. */
const SKELETON_CARDS = 6;

/** The phone's city choice: one city at a time, its name in the page's language. */
export function CitySelect({
  cities,
  city,
  onCity,
}: {
  cities: string[];
  city: string | null;
  onCity: (city: string) => void;
}) {
  const { t } = useTranslation();
  const tradeName = useTradeName();
  return (
    <NativeSelect
      className="sp-pt-cityselect"
      aria-label={t('priceTable.phone.city')}
      value={city ?? ''}
      onChange={onCity}
      options={[
        ...(city ? [] : [{ value: '', label: t('priceTable.phone.city') }]),
        ...cities.map((c) => ({ value: c, label: tradeName('cities', c) })),
      ]}
      data-testid="price-city-select"
    />
  );
}

/**
 * The phone's table: one city at a time, a card per item with its price, quotes and change; the
 * card's price opens the cell's history and quotes. Nothing is wider than the screen.
 */
export function PriceCards({
  rows,
  city,
  onOpen,
}: {
  rows: PriceRow[];
  city: string;
  onOpen: (row: PriceRow, city: string) => void;
}) {
  const itemText = useItemText();
  const tradeName = useTradeName();
  return (
    <ul className="sp-pt-cards" data-testid="price-cards">
      {rows.map((row) => {
        const cell = row.cells.find((c) => c.city === city);
        return (
          <li key={rowKey(row)} className="sp-pt-card" data-testid="price-card">
            <ItemLabel row={row} />
            <span className="sp-pt-card__cell">
              {cell && (
                <PriceCellView
                  cell={cell}
                  itemText={itemText(row)}
                  cityText={tradeName('cities', city)}
                  onOpen={() => onOpen(row, city)}
                />
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The loading phone list: cards of the real cards' height. */
export function PriceCardsSkeleton() {
  return (
    <ul className="sp-pt-cards" aria-busy>
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <li key={i} className="sp-pt-card">
          <span className="sp-pt-item">
            <span className="sp-skeleton-line" />
            <span className="sp-skeleton-line" />
          </span>
          <span className="sp-pt-card__cell">
            <span className="sp-skeleton-line" />
          </span>
        </li>
      ))}
    </ul>
  );
}
