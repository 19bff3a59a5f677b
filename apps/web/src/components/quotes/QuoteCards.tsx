import '../../i18n/market.ts';
import type { QuotationItem } from '@steelport/contracts';
import { Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { renderShown, useShownName } from '../../i18n/tradeNames.tsx';
import { formatCount, formatTonnes as formatTonnage } from '../../lib/numbers.ts';
import { formatUpdatedAt } from '../lots/format.ts';
import { Pager } from '../Pager.tsx';
import { usePageHref } from '../pageLinks.tsx';
import { QuoteChange, QuotePrice } from './QuoteFigures.tsx';
import type { SortedPage } from './QuoteTable.tsx';
import { type LinkTarget, TraderContact } from './TraderContact.tsx';

/** Where a quote lies: mill, then warehouse (or the market city when it names none). */
function Place({ row }: { row: QuotationItem }) {
  const shown = useShownName();
  const mill = row.origin ? shown('mills', row.origin) : null;
  const where = row.warehouse
    ? shown('warehouses', row.warehouse)
    : row.city
      ? shown('cities', row.city)
      : null;
  return (
    <>
      {mill && renderShown(mill)}
      {mill && where && ' · '}
      {where && renderShown(where)}
    </>
  );
}

/** One quote as a phone card: the item, its price and change, where it lies, and its trader. */
export function QuoteCard({
  row,
  showTrader,
  target,
}: {
  row: QuotationItem;
  showTrader: boolean;
  target?: LinkTarget;
}) {
  const { t } = useTranslation();
  const shown = useShownName();
  return (
    <article className="sp-qcard" data-testid="quote-card">
      <div className="sp-qcard__row">
        <span className="sp-qcard__item">
          <b>{renderShown(shown('products', row.product))}</b> {row.material} {row.spec}
        </span>
        <span className="sp-qcard__price">
          <QuotePrice price={row.price} unit />
        </span>
      </div>
      <div className="sp-qcard__row sp-qcard__meta">
        <span>
          <Place row={row} />
          {row.weight > 0 && ` · ${t('quotes.tonnes', { weight: formatTonnage(row.weight) })}`}
        </span>
        <QuoteChange change={row.change} />
      </div>
      <div className="sp-qcard__row sp-qcard__foot">
        {showTrader ? <TraderContact trader={row.trader} target={target} /> : <span />}
        <time className="sp-qcard__time" dateTime={row.time}>
          {formatUpdatedAt(row.time)}
        </time>
      </div>
    </article>
  );
}

/**
 * The phone layout of a quote list: one card per quote instead of the wide table (nothing
 * scrolls sideways), paging with thumb-sized buttons. The first load shows cards of the final
 * size; empty shows 清空筛选 when a filter is set.
 */
export function QuoteCardList<Q extends SortedPage>({
  rows,
  total,
  query,
  pending,
  showTrader = true,
  target,
  emptyText,
  emptyExtra,
  onChange,
  onClear,
}: {
  rows: QuotationItem[];
  total: number;
  query: Q;
  /** nothing to show yet (the first answer is on its way) */
  pending: boolean;
  showTrader?: boolean;
  target?: LinkTarget;
  emptyText: string;
  /** shown in the empty state above the clear button: the wider searches (Relaxations) */
  emptyExtra?: ReactNode;
  onChange: (next: Q) => void;
  onClear: (() => void) | null;
}) {
  const { t } = useTranslation();
  const pageHref = usePageHref();
  if (pending) {
    return (
      <div className="sp-qcards" aria-busy="true">
        {Array.from({ length: query.pageSize }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className="sp-qcard sp-qcard--skeleton">
            <Skeleton active title={false} paragraph={{ rows: 3 }} />
          </div>
        ))}
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <Empty description={emptyText}>
        {emptyExtra}
        {onClear && (
          <Button type="primary" onClick={onClear}>
            {t('quotes.clear')}
          </Button>
        )}
      </Empty>
    );
  }
  return (
    <>
      <div className="sp-qcards">
        {rows.map((row) => (
          <QuoteCard key={row.id} row={row} showTrader={showTrader} target={target} />
        ))}
      </div>
      <Pager
        className="sp-quotes__pager"
        current={query.page}
        pageSize={query.pageSize}
        total={total}
        totalText={t('quotes.pageTotal', { total: formatCount(total) })}
        hrefOf={pageHref}
        onChange={(page) => onChange({ ...query, page })}
      />
    </>
  );
}
