import '../../i18n/content.ts';
import { useTranslation } from 'react-i18next';
import { useNewestCargo } from '../../api/content.ts';
import { QuotePrice } from '../../components/quotes/QuoteFigures.tsx';
import { TradeName } from '../../i18n/tradeNames.tsx';
import { formatLotWeight, UNIT } from '../../lib/numbers.ts';
import { blockState, HomeBlock } from './HomeBlock.tsx';

/** 最新现货: the lots on sale updated last; a table on a desktop, two-line cards on a phone (CSS). */
export function StockBlock() {
  const { t } = useTranslation();
  const query = useNewestCargo();
  const rows = query.data?.list ?? [];
  const col = (key: StockCol) => t(`content.home.stockCols.${key}`);
  return (
    <HomeBlock
      id="stock"
      title={t('content.home.stockTitle')}
      more="/wareHouse"
      state={blockState(query, rows.length)}
      skeletonRows={9}
      emptyText={t('content.home.stockEmpty')}
    >
      <table className="sp-home-stock">
        <thead>
          <tr>
            <th scope="col">{col('product')}</th>
            <th scope="col">{col('material')}</th>
            <th scope="col">{col('spec')}</th>
            <th scope="col">{col('origin')}</th>
            <th scope="col">{col('warehouse')}</th>
            <th scope="col" className="sp-num">
              {col('weight')}
            </th>
            <th scope="col" className="sp-num">
              {col('price')}
            </th>
            <th scope="col">{col('supplier')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td data-label={col('product')}>
                <TradeName kind="products" name={r.product} />
              </td>
              <td data-label={col('material')}>{r.material}</td>
              <td data-label={col('spec')}>{r.spec}</td>
              <td data-label={col('origin')}>
                <TradeName kind="mills" name={r.origin} />
              </td>
              <td data-label={col('warehouse')} className="sp-home-stock__wh">
                {r.warehouse ? (
                  <TradeName kind="warehouses" name={r.warehouse} />
                ) : (
                  <TradeName kind="cities" name={r.city} />
                )}
              </td>
              <td data-label={col('weight')} className="sp-num">
                {formatLotWeight(r.weight)}
                {/* the column header names the unit on a desktop; a phone's card has no header */}
                <span className="sp-home-stock__unit"> {UNIT.tonne}</span>
              </td>
              <td data-label={col('price')} className="sp-num">
                <QuotePrice price={r.price} />
                {r.price > 0 && <span className="sp-home-stock__unit"> {UNIT.pricePerTonne}</span>}
              </td>
              <td data-label={col('supplier')} className="sp-home-stock__supplier" lang="zh">
                {r.supplier}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </HomeBlock>
  );
}

type StockCol = 'product' | 'material' | 'spec' | 'origin' | 'warehouse' | 'weight' | 'price' | 'supplier';
