import '../../i18n/market.ts';
import type { QuotationTotals } from '@steelport/contracts';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangeText } from '../../components/steelIndex/ChangeText.tsx';
import { TradeName } from '../../i18n/tradeNames.tsx';
import { formatCount, formatPrice, formatYuan } from '../../lib/numbers.ts';

/** Products shown with their mean price; the most quoted first (the server orders them). */
const SHOWN_PRODUCTS = 8;

/**
 * The totals of the filter (list-index-total): the day, rows (priced and 电议), traders and
 * tonnage, then per product the mean price and its change against the previous quote day.
 * It keeps its height while loading, so the table does not move when the totals arrive.
 */
export function TotalsBar({ totals }: { totals: QuotationTotals | undefined }) {
  const { t } = useTranslation();
  if (!totals) {
    return (
      <div className="sp-qtotals" aria-busy="true">
        <Skeleton active title={false} paragraph={{ rows: 2, width: ['70%', '100%'] }} />
      </div>
    );
  }
  const parts = [
    t('quotes.totals.rows', { rows: formatCount(totals.rows) }),
    t('quotes.totals.split', {
      priced: formatCount(totals.priced),
      callForPrice: formatCount(totals.callForPrice),
    }),
    t('quotes.totals.traders', { count: formatCount(totals.traders) }),
  ];
  if (totals.weight > 0) parts.push(t('quotes.totals.weight', { weight: formatCount(totals.weight) }));
  return (
    <div className="sp-qtotals" data-testid="quote-totals">
      <div className="sp-qtotals__line">
        {totals.date && <b>{t('quotes.totals.day', { date: totals.date })}</b>}
        <span>{parts.join(' · ')}</span>
        {totals.previousDate && totals.products.length > 0 && (
          <span className="sp-quotes__muted">
            {t('quotes.totals.compare', { date: totals.previousDate })}
          </span>
        )}
      </div>
      {totals.products.length > 0 && (
        <ul className="sp-qtotals__products" aria-label={t('quotes.totals.averages')}>
          {totals.products.slice(0, SHOWN_PRODUCTS).map((product) => {
            const avg = formatPrice(product.avgPrice);
            return (
              <li key={product.product}>
                <span>
                  <TradeName kind="products" name={product.product} />
                </span>
                <b className="sp-quotes__num">
                  {avg === null ? t('quotes.callForPrice') : t('quotes.perTonnePrice', { price: avg })}
                </b>
                {product.change !== null && <ChangeText value={product.change} format={formatYuan} />}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
