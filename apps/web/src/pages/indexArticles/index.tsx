import '../../components/news.css';
import '../../components/steelIndex/steelIndex.css';
import '../../i18n/indexArticles.ts';
import { Empty, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useIndexArticles } from '../../api/steelIndex.ts';
import { Pager } from '../../components/Pager.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { usePageHref } from '../../components/pageLinks.tsx';
import { NewsSections } from '../../layout/NewsSections.tsx';
import { formatCount } from '../../lib/numbers.ts';
import { ArticleSide } from './ArticleSide.tsx';
import { GeneratedTag } from './GeneratedTag.tsx';
import { WeeklyReviews } from './WeeklyReviews.tsx';

const PAGE_SIZE = 10;
/** Placeholder rows while the first page loads (the list's own look, as on /moreInfo). */
const SKELETON_ROWS = 4;

/**
 * /morepage: every index's newest weekly review, then the index articles (指数分析), newest
 * first, paged; `?page=` keeps the place. Generated articles carry the 数据生成 tag.
 */
export function IndexArticlesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pageHref = usePageHref();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending } = useIndexArticles(page, PAGE_SIZE);
  return (
    <div className="sp-container sp-page">
      <NewsSections current="/morepage" />
      <PageTitle>{t('pages.morepage.title')}</PageTitle>
      <div className="sp-article-layout">
        <div className="sp-article-main">
          <WeeklyReviews />
          <section className="sp-box">
            <ul className="sp-news-items" aria-busy={isPending}>
              {isPending &&
                Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
                  <li key={i} className="sp-news-item sp-news-item--skeleton" aria-hidden>
                    <Skeleton active title paragraph={{ rows: 2 }} />
                  </li>
                ))}
              {data?.list.map((a) => (
                <li key={a.id} className="sp-news-item sp-article-item">
                  <h3 className="sp-news-item__title">
                    <Link to={`/morepage/article/${a.id}`} lang="zh">
                      {a.title}
                    </Link>
                  </h3>
                  <p className="sp-news-item__summary">
                    {a.membersOnly && <Tag color="gold">{t('steelIndex.articles.membersOnly')}</Tag>}
                    {a.generated && <GeneratedTag />}
                    <span lang="zh">{a.summary}</span>
                  </p>
                  <p className="sp-muted sp-news-item__meta">
                    {dayjs(a.publishedAt).format('YYYY-MM-DD HH:mm')} · <span lang="zh">{a.author}</span> ·{' '}
                    {t('steelIndex.articles.views', { views: formatCount(a.views) })}
                  </p>
                </li>
              ))}
            </ul>
            {data?.list.length === 0 && <Empty description={t('steelIndex.articles.empty')} />}
            {data && data.total > PAGE_SIZE && (
              <Pager
                className="sp-pagination"
                current={page}
                pageSize={PAGE_SIZE}
                total={data.total}
                hrefOf={pageHref}
                onChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}
              />
            )}
          </section>
        </div>
        <ArticleSide />
      </div>
    </div>
  );
}
