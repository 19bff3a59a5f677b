import { useTranslation } from 'react-i18next';
import { formatPrice, formatYuan } from '../../lib/numbers.ts';
import { ChangeText } from '../steelIndex/ChangeText.tsx';

/** A quoted price in yuan per tonne; 0 reads 电议 (call for price), never a price of zero. */
export function QuotePrice({ price, unit = false }: { price: number; unit?: boolean }) {
  const { t } = useTranslation();
  const text = formatPrice(price);
  if (text === null) return <span className="sp-quotes__call">{t('quotes.callForPrice')}</span>;
  return (
    <span className="sp-quotes__price">
      {text}
      {unit && <small className="sp-quotes__unit">{t('quotes.perTonne')}</small>}
    </span>
  );
}

/**
 * The change against the same trader's previous quote of the item, in market colours (a rise
 * red, a fall green); a first quote, or one where either side is 电议, has none (—).
 */
export function QuoteChange({ change }: { change: number | null }) {
  const { t } = useTranslation();
  if (change === null) {
    return (
      <span className="sp-trend sp-trend--flat" title={t('quotes.noChange')}>
        —
      </span>
    );
  }
  return <ChangeText value={change} format={formatYuan} />;
}
