import type { LotTotals } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPrice, formatWeight } from './format.ts';

/** 共 N 条 · N 件 · N 吨 · N 家供应商 · 均价 (tonnage-weighted over priced rows; 电议 when none). */
export function TotalsLine({ totals }: { totals: LotTotals | undefined }) {
  const { t } = useTranslation();
  if (!totals) return <span className="sp-lots__totals" />;
  const avg = formatPrice(totals.avgPrice);
  return (
    <span className="sp-lots__totals" data-testid="lot-totals">
      {t('lots.totals', {
        rows: formatCount(totals.rows),
        pieces: formatCount(totals.pieces),
        weight: formatWeight(totals.weight),
        suppliers: formatCount(totals.suppliers),
        avg: avg === null ? t('lots.callForPrice') : t('lots.avgUnit', { price: avg }),
      })}
    </span>
  );
}
