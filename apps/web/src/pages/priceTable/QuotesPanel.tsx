import '../../i18n/priceTable.ts';
import { Empty, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePriceQuotes } from '../../api/priceTable.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { firmPath } from '../../components/quotes/firm.ts';
import { TradeName, Zh } from '../../i18n/tradeNames.tsx';
import { formatLotWeight, formatPrice, MISSING, UNIT } from '../../lib/numbers.ts';
import type { OpenCell } from './HistoryPanel.tsx';

/**
 * The quotes behind a cell on the table's day, the cheapest first as the API lists them: each
 * trader links to their firm page, with the price, the weight (未注明 when not given), the
 * warehouse and when it was last updated. The median of these prices is the cell's price.
 */
export function QuotesPanel({ cell }: { cell: OpenCell }) {
  const { t } = useTranslation();
  const quotes = usePriceQuotes(cell);
  const list = quotes.data?.list;
  return (
    <section className="sp-pt-quotes" aria-label={t('priceTable.drawer.quotes', { date: cell.date })}>
      <h3 className="sp-pt-drawer__heading">
        {t('priceTable.drawer.quotes', { date: cell.date })}
        {list && list.length > 0 && (
          <span className="sp-muted sp-pt-quotes__count" data-testid="price-quotes-count">
            {t('priceTable.quotes.count', {
              count: list.length,
              median: formatPrice(quotes.data?.median) ?? MISSING,
            })}
          </span>
        )}
      </h3>
      {quotes.isError && !list ? (
        <LoadError error={quotes.error} onRetry={() => quotes.refetch()} />
      ) : !list ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('priceTable.drawer.noQuotes')} />
      ) : (
        <ul className="sp-pt-quotes__list" data-testid="price-quotes">
          {list.map((quote) => (
            <li key={quote.id} className="sp-pt-quote" data-testid="price-quote" data-price={quote.price}>
              <Link className="sp-pt-quote__firm" to={firmPath(quote.userId)}>
                <Zh>{quote.companyName}</Zh>
              </Link>
              <span className="sp-pt-quote__price">
                {formatPrice(quote.price) ?? MISSING}
                <small className="sp-muted"> {UNIT.pricePerTonne}</small>
              </span>
              <span className="sp-pt-quote__meta sp-muted">
                <TradeName kind="warehouses" name={quote.warehouseName} />
                <span>
                  {quote.weight > 0
                    ? `${formatLotWeight(quote.weight)} ${UNIT.tonne}`
                    : t('priceTable.quotes.weightUnknown')}
                </span>
                <time dateTime={quote.updateTime}>{dayjs(quote.updateTime).format('MM-DD HH:mm')}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
