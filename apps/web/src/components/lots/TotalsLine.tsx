import '../../i18n/market.ts';
import type { LotProductTotal, LotTotals } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { useTradeName } from '../../i18n/tradeNames.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { formatCount, formatPriceText, formatTonnes, MISSING } from '../../lib/numbers.ts';

/** Products whose average the line names: the most tonnes first (the server orders them). */
const SHOWN_AVERAGES = { desktop: 4, phone: 2 } as const;

/** The products of a result that have an average: a product quoted only as 电议 has none. */
function pricedProducts(products: readonly LotProductTotal[]): LotProductTotal[] {
  return products.filter((p) => p.avgPrice !== null && p.avgPrice > 0);
}

/**
 * 共 N 条 · N 件 · N 吨 · N 家供应商 · 均价 per product (issue 35): the server averages each
 * product's priced rows, tonnage-weighted, over the whole filtered result; hot-rolled and
 * galvanized are never averaged together. With no priced row the average is —: 电议 is a way to
 * quote one lot, never an average. The averages have a line of their own (the box keeps two
 * lines while loading, so nothing moves); a phone names fewer products.
 */
export function TotalsLine({ totals }: { totals: LotTotals | undefined }) {
  const { t } = useTranslation();
  const tradeName = useTradeName();
  const isPhone = useMediaQuery(PHONE_QUERY);
  if (!totals) return <span className="sp-lots__totals" />;
  const priced = pricedProducts(totals.products);
  const shown = priced.slice(0, isPhone ? SHOWN_AVERAGES.phone : SHOWN_AVERAGES.desktop);
  const more = priced.length - shown.length;
  return (
    <span className="sp-lots__totals" data-testid="lot-totals">
      <span>
        {t('lots.totals', {
          rows: formatCount(totals.rows),
          pieces: formatCount(totals.pieces),
          weight: formatTonnes(totals.weight),
          suppliers: formatCount(totals.suppliers),
        })}
      </span>{' '}
      <span className="sp-lots__avgs" data-testid="lot-averages">
        {t('lots.avgLabel')}{' '}
        {shown.length === 0
          ? MISSING
          : shown.map((p, i) => (
              <span key={p.product} className="sp-lots__avg">
                {i > 0 && ' · '}
                {tradeName('products', p.product)} <b>{formatPriceText(p.avgPrice)}</b>
              </span>
            ))}
        {more > 0 && <span className="sp-muted"> {t('lots.avgMore', { count: more })}</span>}
      </span>
    </span>
  );
}
