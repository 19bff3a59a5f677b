import '../../components/news.css';
import '../../i18n/news.ts';
import { ReadOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useArticleHeadlines } from '../../api/articles.ts';

/** Titles per section on the home page. */
const PER_CATEGORY = 4;
/** Sections shown (their order is the categories' display order). */
const CATEGORIES = 6;

/**
 * The home page's 资讯头条: the newest titles of each news section, linking to the article and
 * to the section on /moreInfo. Every card has a fixed height, and the skeleton draws the same
 * cards, so the page does not move when the titles arrive.
 */
export function NewsBlock() {
  const { t } = useTranslation();
  const { data, isPending } = useArticleHeadlines(5);
  const categories = (data?.categories ?? []).filter((c) => c.list.length > 0).slice(0, CATEGORIES);
  return (
    <section className="sp-box sp-home-news" aria-labelledby="sp-home-news-title" data-testid="home-news">
      <h2 className="sp-box__title" id="sp-home-news-title">
        <span>
          <ReadOutlined aria-hidden /> {t('news.homeTitle')}
        </span>
        <Link to="/moreInfo" className="sp-home-news__more">
          {t('news.more')} »
        </Link>
      </h2>
      {isPending ? (
        <div className="sp-home-news__grid" aria-hidden>
          {Array.from({ length: CATEGORIES }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <div key={i} className="sp-home-news__card">
              <Skeleton active title={{ width: '40%' }} paragraph={{ rows: PER_CATEGORY }} />
            </div>
          ))}
        </div>
      ) : categories.length === 0 ? (
        <p className="sp-box__body sp-muted sp-home-news__empty">{t('news.homeEmpty')}</p>
      ) : (
        <div className="sp-home-news__grid">
          {categories.map((c) => (
            <div key={c.id} className="sp-home-news__card">
              <h3 className="sp-home-news__cat">
                <Link to={`/moreInfo?category=${c.id}`} lang="zh">
                  {c.name}
                </Link>
              </h3>
              <ul className="sp-home-news__list">
                {c.list.slice(0, PER_CATEGORY).map((a) => (
                  <li key={a.id}>
                    <Link
                      to={c.code === 'index' ? `/morepage/article/${a.id}` : `/moreInfo/article/${a.id}`}
                      lang="zh"
                    >
                      {a.title}
                    </Link>
                    <span className="sp-muted">{dayjs(a.publishedAt).format('MM-DD')}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
