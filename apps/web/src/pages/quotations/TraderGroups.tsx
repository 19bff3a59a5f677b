import '../../i18n/market.ts';
import type { QuotationTraderGroup } from '@steelport/contracts';
import { Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUpdatedAt } from '../../components/lots/format.ts';
import { Pager } from '../../components/Pager.tsx';
import { usePageHref } from '../../components/pageLinks.tsx';
import { firmPathOf } from '../../components/quotes/firm.ts';
import { QuoteChange, QuotePrice } from '../../components/quotes/QuoteFigures.tsx';
import { TraderContact } from '../../components/quotes/TraderContact.tsx';
import { TradeName } from '../../i18n/tradeNames.tsx';
import { formatCount } from '../../lib/numbers.ts';

/** One trader with its newest quotes (at most three) and a way to all of them. */
function TraderGroupCard({ group }: { group: QuotationTraderGroup }) {
  const { t } = useTranslation();
  const { trader } = group;
  const firm = firmPathOf(trader.userId);
  const name = trader.shortName || trader.name;
  return (
    <article className="sp-tgroup" data-testid="trader-group">
      <header className="sp-tgroup__head">
        {firm ? (
          <Link to={firm} className="sp-tgroup__name" title={trader.name} lang="zh">
            {name}
          </Link>
        ) : (
          <span className="sp-tgroup__name" title={trader.name} lang="zh">
            {name}
          </span>
        )}
        <span className="sp-quotes__muted">
          <TradeName kind="cities" name={trader.city} />
        </span>
      </header>
      <TraderContact trader={trader} showName={false} />
      <ul className="sp-tgroup__quotes">
        {group.quotes.map((quote) => (
          <li key={quote.id} className="sp-tgroup__quote" data-testid="trader-quote">
            <span className="sp-tgroup__item">
              <span>
                <b>
                  <TradeName kind="products" name={quote.product} />
                </b>{' '}
                {quote.material}
              </span>
              <span className="sp-quotes__muted">
                {quote.spec} · <TradeName kind="mills" name={quote.origin} />
              </span>
            </span>
            <span className="sp-tgroup__figures">
              <QuotePrice price={quote.price} />
              <QuoteChange change={quote.change} />
            </span>
          </li>
        ))}
      </ul>
      <footer className="sp-tgroup__foot">
        {firm ? (
          <Link to={firm}>{t('quotes.group.all', { count: formatCount(group.count) })}</Link>
        ) : (
          <span>{t('quotes.group.count', { count: formatCount(group.count) })}</span>
        )}
        <time className="sp-quotes__muted" dateTime={group.latest}>
          {formatUpdatedAt(group.latest)}
        </time>
      </footer>
    </article>
  );
}

/**
 * The card view (list-index-three): per trader its three newest quotes under the same filter,
 * the trader that quoted last first, paged by trader.
 */
export function TraderGroups({
  groups,
  total,
  page,
  pageSize,
  pending,
  emptyText,
  emptyExtra,
  onPage,
  onClear,
}: {
  groups: QuotationTraderGroup[];
  total: number;
  page: number;
  pageSize: number;
  pending: boolean;
  emptyText: string;
  /** shown in the empty state above the clear button: the wider searches (Relaxations) */
  emptyExtra?: ReactNode;
  onPage: (page: number) => void;
  onClear: (() => void) | null;
}) {
  const { t } = useTranslation();
  const pageHref = usePageHref();
  if (pending) {
    return (
      <div className="sp-tgroups" aria-busy="true">
        {Array.from({ length: pageSize }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className="sp-tgroup sp-tgroup--skeleton">
            <Skeleton active paragraph={{ rows: 5 }} />
          </div>
        ))}
      </div>
    );
  }
  if (groups.length === 0) {
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
      <div className="sp-tgroups">
        {groups.map((group) => (
          <TraderGroupCard key={group.trader.companyId} group={group} />
        ))}
      </div>
      <Pager
        className="sp-quotes__pager"
        current={page}
        pageSize={pageSize}
        total={total}
        totalText={t('quotes.tradersTotal', { total: formatCount(total) })}
        hrefOf={pageHref}
        onChange={onPage}
      />
    </>
  );
}
