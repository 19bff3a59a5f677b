import type { LotTotals } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPrice, formatTonnes, MISSING } from '../../lib/numbers.ts';

/**
 * 共 N 条 · N 件 · N 吨 · N 家供应商 · 均价 (tonnage-weighted over priced rows). With no priced
 * row the average is —: 电议 is a way to quote one lot, never an average.
 */
export function TotalsLine({ totals }: { totals: LotTotals | undefined }) {
  const { t } = useTranslation();
  if (!totals) return <span className="sp-lots__totals" />;
  const avg = formatPrice(totals.avgPrice);
  return (
    <span className="sp-lots__totals" data-testid="lot-totals">
      {t('lots.totals', {
        rows: formatCount(totals.rows),
        pieces: formatCount(totals.pieces),
        weight: formatTonnes(totals.weight),
        suppliers: formatCount(totals.suppliers),
        avg: avg === null ? MISSING : t('lots.avgUnit', { price: avg }),
      })}
    </span>
  );
}
