import '../../i18n/news.ts';
import { Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useArticleHeadlines } from '../../api/articles.ts';
import { MembersTag, NewsGeneratedTag } from './ArticleMeta.tsx';

/** How many headlines lead /moreInfo: one large and the rest as lines. */
const LEAD = 5;

/** The newest articles across the sections, in a block of fixed height (no shift while loading). */
export function Headlines() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useArticleHeadlines(5);
  const list = (data?.headlines ?? []).slice(0, LEAD);
  const [first, ...rest] = list;
  return (
    <section className="sp-box sp-news-headlines" aria-labelledby="sp-news-headlines-title">
      <h2 className="sp-box__title" id="sp-news-headlines-title">
        {t('news.headlines')}
      </h2>
      <div className="sp-box__body sp-news-headlines__body">
        {isPending && <Skeleton active title paragraph={{ rows: 4 }} />}
        {!isPending && (isError || !first) && <p className="sp-muted">{t('news.homeEmpty')}</p>}
        {first && (
          <>
            <div className="sp-news-headlines__lead">
              <Link to={`/moreInfo/article/${first.id}`} className="sp-news-headlines__leadlink" lang="zh">
                {first.title}
              </Link>
              <p className="sp-news-headlines__summary">
                {first.membersOnly && <MembersTag />}
                {first.generated && <NewsGeneratedTag />}
                <span lang="zh">{first.summary}</span>
              </p>
            </div>
            <ul className="sp-news-headlines__list">
              {rest.map((a) => (
                <li key={a.id}>
                  <span className="sp-news-headlines__cat" lang="zh">
                    [{a.categoryName}]
                  </span>
                  <Link to={`/moreInfo/article/${a.id}`} lang="zh">
                    {a.title}
                  </Link>
                  <span className="sp-muted sp-news-headlines__date">
                    {dayjs(a.publishedAt).format('MM-DD')}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
