import '../../i18n/content.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActivityRank } from '../../api/quotations.ts';
import { firmPathOf } from '../../components/quotes/firm.ts';
import { TradeName } from '../../i18n/tradeNames.tsx';
import { formatCount } from '../../lib/numbers.ts';
import { blockState, HomeBlock } from './HomeBlock.tsx';

const DAYS = 7;
const ROWS = 10;

/** 活跃商家排行: the most active traders of the last week (quotes, stock, answered enquiries). */
export function RankBlock() {
  const { t } = useTranslation();
  const query = useActivityRank(DAYS);
  const rows = (query.data?.list ?? []).slice(0, ROWS);
  return (
    <HomeBlock
      id="rank"
      title={t('content.home.rankTitle')}
      extra={
        <span className="sp-muted sp-home-block__range">{t('content.home.rankRange', { days: DAYS })}</span>
      }
      state={blockState(query, rows.length)}
      skeletonRows={ROWS}
      emptyText={t('content.home.rankEmpty')}
    >
      <ol className="sp-home-rank">
        {rows.map((r) => {
          const firm = firmPathOf(r.userId);
          return (
            <li key={r.companyId} className="sp-home-rank__row">
              <span className={`sp-home-rank__no${r.rank <= 3 ? ' sp-home-rank__no--top' : ''}`}>
                {r.rank}
              </span>
              {firm ? (
                <Link to={firm} className="sp-home-rank__name" lang="zh">
                  {r.shortName || r.name}
                </Link>
              ) : (
                <span className="sp-home-rank__name" lang="zh">
                  {r.shortName || r.name}
                </span>
              )}
              <span className="sp-muted">
                <TradeName kind="cities" name={r.city} />
              </span>
              <span className="sp-home-rank__score">
                {t('content.home.rankScore', { score: formatCount(r.score) })}
              </span>
            </li>
          );
        })}
      </ol>
    </HomeBlock>
  );
}
