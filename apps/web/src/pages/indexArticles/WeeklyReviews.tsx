import '../../i18n/indexArticles.ts';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIndexWeekly } from '../../api/steelIndex.ts';
import { useIndexName } from '../../components/steelIndex/names.tsx';
import { renderShown } from '../../i18n/tradeNames.tsx';
import { GeneratedTag } from './GeneratedTag.tsx';

/** Placeholder lines while the reviews load: the box keeps the height of a typical answer. */
const SKELETON_LINES = 12;

/**
 * 各指数周评: every index with its newest weekly review, so no index is left without one on
 * /morepage (the list below is by date, where one week's twelve reviews fill a page).
 */
export function WeeklyReviews() {
  const { t } = useTranslation();
  const indexName = useIndexName();
  const { data } = useIndexWeekly();
  if (data && data.length === 0) return null;
  return (
    <section className="sp-box sp-weekly" aria-labelledby="sp-weekly-title" data-testid="weekly-reviews">
      <h2 className="sp-box__title" id="sp-weekly-title">
        <span>{t('steelIndex.articles.weekly')}</span>
        {data && (
          <small className="sp-muted">{t('steelIndex.articles.weeklyNote', { count: data.length })}</small>
        )}
      </h2>
      <ul className="sp-weekly__list">
        {data
          ? data.map((w) => (
              <li key={w.indexId} className="sp-weekly__item">
                <b className="sp-weekly__index">
                  {renderShown(indexName({ id: w.indexId, indexName: w.indexName }))}
                </b>
                <Link
                  to={`/morepage/article/${w.article.id}`}
                  className="sp-weekly__link"
                  title={w.article.title}
                >
                  {t('steelIndex.articles.weekOf', { start: w.weekStart.slice(5), end: w.weekEnd.slice(5) })}
                </Link>
                {w.article.generated && <GeneratedTag />}
              </li>
            ))
          : Array.from({ length: SKELETON_LINES }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <li key={i} className="sp-weekly__item" aria-hidden>
                <Skeleton.Input active size="small" block />
              </li>
            ))}
      </ul>
    </section>
  );
}
