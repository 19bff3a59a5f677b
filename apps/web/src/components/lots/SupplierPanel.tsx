import '../../i18n/market.ts';
import type { LotTotals, Supplier } from '@steelport/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TradeName } from '../../i18n/tradeNames.tsx';
import { formatCount, formatTonnesText } from '../../lib/numbers.ts';
import { useFirmPathOf } from '../quotes/firm.ts';

/**
 * The banner over the table when the search is one supplier's stock: who it is, how much it
 * holds under the filter, its firm page, and a way back to every supplier.
 */
export function SupplierBanner({
  supplierId,
  supplier,
  supplierUserId,
  totals,
  onClear,
}: {
  supplierId: number;
  /** the supplier as the rows on screen carry it; absent when nothing matched */
  supplier: Supplier | undefined;
  /** its trader user (the firm page); absent when nothing matched or the firm has none */
  supplierUserId: number | null | undefined;
  totals: LotTotals | undefined;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const firm = useFirmPathOf()(supplierUserId);
  const name = supplier?.name ?? `#${supplierId}`;
  return (
    <div className="sp-lots__supplier-panel" data-testid="supplier-panel">
      {firm ? (
        <Link className="sp-lots__supplier-name" to={firm} lang="zh">
          {name}
        </Link>
      ) : (
        <span className="sp-lots__supplier-name" lang="zh">
          {name}
        </span>
      )}
      {supplier?.city && (
        <span>
          <TradeName kind="cities" name={supplier.city} />
        </span>
      )}
      {totals && (
        <span>
          {t('lots.supplier.stock')} {t('lots.supplier.stockCount', { count: formatCount(totals.rows) })} ·{' '}
          {formatTonnesText(totals.weight)}
        </span>
      )}
      <span className="sp-muted">{t('lots.supplier.panel')}</span>
      {firm && <Link to={firm}>{t('lots.supplier.firm')}</Link>}
      <Button size="small" onClick={onClear}>
        {t('lots.supplier.clear')}
      </Button>
    </div>
  );
}
