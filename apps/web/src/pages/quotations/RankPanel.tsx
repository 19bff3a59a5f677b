import '../../i18n/market.ts';
import { Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActivityRank } from '../../api/quotations.ts';
import { PlainAlert } from '../../components/PlainAlert.tsx';
import { firmPathOf } from '../../components/quotes/firm.ts';
import { TradeName } from '../../i18n/tradeNames.tsx';
import { formatCount } from '../../lib/numbers.ts';

/** The ranking looks back a week, as the portal's side panel always has. */
const RANK_DAYS = 7;

/**
 * 活跃贸易商: the traders with the most recorded activity in the last week (quotes published,
 * stock updated, enquiries answered), each linking to its firm page.
 */
export function RankPanel() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch, isFetching } = useActivityRank(RANK_DAYS);

  let body: React.ReactNode;
  if (isPending) {
    body = <Skeleton active title={false} paragraph={{ rows: 10 }} />;
  } else if (isError) {
    body = (
      <PlainAlert
        type="error"
        title={t('quotes.rank.loadError')}
        action={
          <Button size="small" onClick={() => void refetch()} loading={isFetching}>
            {t('quotes.retry')}
          </Button>
        }
      />
    );
  } else if (data.list.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('quotes.rank.empty')} />;
  } else {
    body = (
      <ol className="sp-rank__list">
        {data.list.map((entry) => {
          const firm = firmPathOf(entry.userId);
          const name = entry.shortName || entry.name;
          return (
            <li key={entry.companyId} className="sp-rank__item">
              <span className={entry.rank <= 3 ? 'sp-rank__no sp-rank__no--top' : 'sp-rank__no'}>
                {entry.rank}
              </span>
              <span className="sp-rank__who">
                {firm ? (
                  <Link to={firm} title={entry.name} lang="zh">
                    {name}
                  </Link>
                ) : (
                  <span title={entry.name} lang="zh">
                    {name}
                  </span>
                )}
                <span className="sp-quotes__muted">
                  <TradeName kind="cities" name={entry.city} />
                </span>
              </span>
              <span className="sp-rank__score">
                {t('quotes.rank.score', { score: formatCount(entry.score) })}
              </span>
              <span className="sp-rank__detail">
                {t('quotes.rank.detail', {
                  quotes: formatCount(entry.quotes),
                  stock: formatCount(entry.stock),
                  answered: formatCount(entry.enquiriesAnswered),
                })}
              </span>
            </li>
          );
        })}
      </ol>
    );
  }

  return (
    <aside className="sp-box sp-rank" aria-labelledby="sp-rank-title" data-testid="trader-rank">
      <h2 className="sp-box__title" id="sp-rank-title">
        {t('quotes.rank.title')}
        <span className="sp-quotes__muted">{t('quotes.rank.days', { days: RANK_DAYS })}</span>
      </h2>
      <div className="sp-box__body">
        {body}
        <p className="sp-rank__note">{t('quotes.rank.note')}</p>
      </div>
    </aside>
  );
}
