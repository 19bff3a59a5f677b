import '../../components/steelIndex/steelIndex.css';
import '../../i18n/indexArticles.ts';
import { Empty, List, Pagination, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useIndexArticles } from '../../api/steelIndex.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { pageLinks, usePageHref } from '../../components/pageLinks.tsx';
import { NewsSections } from '../../layout/NewsSections.tsx';
import { formatCount } from '../../lib/numbers.ts';
import { ArticleSide } from './ArticleSide.tsx';
import { GeneratedTag } from './GeneratedTag.tsx';
import { WeeklyReviews } from './WeeklyReviews.tsx';

const PAGE_SIZE = 10;

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
            <List
              itemLayout="vertical"
              loading={isPending}
              dataSource={data?.list ?? []}
              locale={{ emptyText: <Empty description={t('steelIndex.articles.empty')} /> }}
              renderItem={(a) => (
                <List.Item key={a.id} className="sp-article-item">
                  <List.Item.Meta
                    title={
                      <Link to={`/morepage/article/${a.id}`}>
                        {a.membersOnly && <Tag color="gold">{t('steelIndex.articles.membersOnly')}</Tag>}
                        {a.generated && <GeneratedTag />}
                        <span lang="zh">{a.title}</span>
                      </Link>
                    }
                    description={
                      <>
                        {dayjs(a.publishedAt).format('YYYY-MM-DD HH:mm')} · <span lang="zh">{a.author}</span>{' '}
                        · {t('steelIndex.articles.views', { views: formatCount(a.views) })}
                      </>
                    }
                  />
                  <span lang="zh">{a.summary}</span>
                </List.Item>
              )}
            />
            {data && data.total > PAGE_SIZE && (
              <Pagination
                className="sp-pagination"
                current={page}
                pageSize={PAGE_SIZE}
                total={data.total}
                showSizeChanger={false}
                itemRender={pageLinks(pageHref)}
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
