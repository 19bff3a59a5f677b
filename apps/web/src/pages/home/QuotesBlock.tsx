import '../../i18n/content.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuoteThree } from '../../api/quotations.ts';
import { firmPathOf } from '../../components/quotes/firm.ts';
import { QuoteChange, QuotePrice } from '../../components/quotes/QuoteFigures.tsx';
import { TradeName } from '../../i18n/tradeNames.tsx';
import { formatCount } from '../../lib/numbers.ts';
import { blockState, HomeBlock } from './HomeBlock.tsx';

/** Traders shown: two rows of two cards on a desktop. */
const TRADERS = 4;
const SEARCH = { page: 1, pageSize: TRADERS };

/** 今日报价: the traders who quoted last today, each with its three newest quotes (list-index-three). */
export function QuotesBlock() {
  const { t } = useTranslation();
  const query = useQuoteThree(SEARCH);
  const groups = query.data?.list ?? [];
  return (
    <HomeBlock
      id="quotes"
      title={t('content.home.quotesTitle')}
      more="/beginMain"
      state={blockState(query, groups.length)}
      skeletonRows={8}
      emptyText={t('content.home.quotesEmpty')}
    >
      <ul className="sp-home-quotes">
        {groups.map((g) => {
          const firm = firmPathOf(g.trader.userId);
          return (
            <li key={g.trader.companyId} className="sp-home-quotes__card">
              <div className="sp-home-quotes__head">
                {firm ? (
                  <Link to={firm} lang="zh">
                    {g.trader.shortName || g.trader.name}
                  </Link>
                ) : (
                  <span lang="zh">{g.trader.shortName}</span>
                )}
                <span className="sp-muted">
                  <TradeName kind="cities" name={g.trader.city} /> ·{' '}
                  {t('content.home.quotesCount', { n: formatCount(g.count) })}
                </span>
              </div>
              <ul className="sp-home-quotes__rows">
                {g.quotes.slice(0, 3).map((q) => (
                  <li key={q.id} className="sp-home-quotes__row">
                    <span className="sp-home-quotes__item">
                      <TradeName kind="products" name={q.product} /> {q.material} {q.spec}{' '}
                      <TradeName kind="mills" name={q.origin} />
                    </span>
                    <span className="sp-home-quotes__price">
                      <QuotePrice price={q.price} />
                      <QuoteChange change={q.change} />
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </HomeBlock>
  );
}
