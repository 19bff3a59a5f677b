import '../../i18n/priceTable.ts';
import type { PriceCell, PriceRow } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { HoverTooltip } from '../../components/HoverTooltip.tsx';
import { ChangeText } from '../../components/steelIndex/ChangeText.tsx';
import { useTradeName } from '../../i18n/tradeNames.tsx';
import { formatPrice, formatYuan, MISSING } from '../../lib/numbers.ts';

/** An item as one line of text: Q235B 5.75*1500 日照 (the mill in the page's language). */
export function useItemText(): (row: Pick<PriceRow, 'grade' | 'spec' | 'mill'>) => string {
  const tradeName = useTradeName();
  return (row) => `${row.grade} ${row.spec} ${tradeName('mills', row.mill)}`;
}

/** A change against the previous trading day in market colours; — when either day is blank. */
export function CellChange({ change }: { change: number | null }) {
  const { t } = useTranslation();
  if (change === null) {
    return (
      <span className="sp-trend sp-trend--flat" title={t('priceTable.cell.noChange')}>
        {MISSING}
      </span>
    );
  }
  return <ChangeText value={change} format={formatYuan} />;
}

/**
 * One cell: the median price, the number of quotes behind it (small) and the change, as a button
 * that opens the cell's history and quotes. A thin cell (fewer than two quotes) is underlined
 * with dots and says 样本不足 (tooltip, and to screen readers); a blank cell is a dash that says
 * 无报价, never a price carried forward.
 */
export function PriceCellView({
  cell,
  itemText,
  cityText,
  onOpen,
}: {
  cell: PriceCell;
  itemText: string;
  cityText: string;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  if (cell.price === null) {
    return (
      <span
        className="sp-pt-blank"
        role="img"
        aria-label={t('priceTable.cell.blank')}
        data-testid="price-cell"
        data-city={cell.city}
        data-blank="1"
      >
        {MISSING}
      </span>
    );
  }
  const button = (
    <button
      type="button"
      className={cell.thin ? 'sp-pt-cell sp-pt-cell--thin' : 'sp-pt-cell'}
      onClick={onOpen}
      data-testid="price-cell"
      data-city={cell.city}
      data-price={cell.price}
      data-quotes={cell.quotes}
      data-change={cell.change ?? ''}
      data-thin={cell.thin ? '1' : '0'}
    >
      <span className="sp-sr-only">{t('priceTable.cell.open', { city: cityText, item: itemText })}</span>
      <span className="sp-pt-cell__price">{formatPrice(cell.price) ?? MISSING}</span>
      <span className="sp-pt-cell__meta">
        <span className="sp-pt-cell__quotes" data-testid="price-cell-quotes">
          {t('priceTable.cell.quotes', { count: cell.quotes })}
        </span>
        <span data-testid="price-cell-change">
          <CellChange change={cell.change} />
        </span>
      </span>
      {cell.thin && <span className="sp-sr-only">{t('priceTable.cell.thin')}</span>}
    </button>
  );
  if (!cell.thin) return button;
  return <HoverTooltip title={t('priceTable.cell.thinTip', { count: cell.quotes })}>{button}</HoverTooltip>;
}
