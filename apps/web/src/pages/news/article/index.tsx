import '../../../components/news.css';
import '../../../i18n/news.ts';
import { Alert, Result, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useNewsArticle } from '../../../api/articles.ts';
import { useSiteConfig } from '../../../api/common.ts';
import { loginSiteHref } from '../../../layout/links.ts';
import { formatCount } from '../../../lib/numbers.ts';
import { MembersTag, NewsGeneratedTag } from '../ArticleMeta.tsx';

/**
 * Names the page after the article: the document title and the description meta. Set after the
 * layout's own effect (which names the screen), so the article's name wins.
 */
function useArticleHead(title: string | undefined, description: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!title) return;
    const timer = setTimeout(() => {
      document.title = t('app.documentTitle', { page: title });
      if (description)
        document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }, 0);
    return () => clearTimeout(timer);
  }, [title, description, t]);
}

/**
 * /moreInfo/article/:id: a news article — title, meta, tags, the sanitized body, previous and
 * next, related articles. A members-only article shows a visitor its summary and a login that
 * returns here; logged in, the text comes from detail-login.
 */
export function NewsArticlePage() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const id = Number(useParams().id);
  const { data, isPending, isError } = useNewsArticle(id);
  useArticleHead(data?.title, data?.summary);
  const valid = Number.isInteger(id) && id > 0;
  return (
    <div className="sp-container sp-page sp-news">
      <div className="sp-news-article-layout">
        <article className="sp-box sp-news-article">
          <div className="sp-box__body">
            <Link to="/moreInfo" className="sp-news-back">
              ← {t('news.back')}
            </Link>
            {valid && isPending && (
              <div className="sp-news-article__skeleton">
                <Skeleton active title paragraph={{ rows: 10 }} />
              </div>
            )}
            {(isError || !valid) && !data && <Result status="404" title={t('news.notFound')} />}
            {data && (
              <>
                <h1 className="sp-article-title" lang="zh">
                  {data.title}
                </h1>
                <p className="sp-muted sp-news-article__meta">
                  {dayjs(data.publishedAt).format('YYYY-MM-DD HH:mm')} ·{' '}
                  <span lang="zh">{data.categoryName}</span> · {t('news.source', { source: '' })}
                  <span lang="zh">{data.source}</span> · {t('news.author', { author: '' })}
                  <span lang="zh">{data.author}</span> · {t('news.views', { views: formatCount(data.views) })}
                  {data.membersOnly && (
                    <>
                      {' '}
                      <MembersTag />
                    </>
                  )}
                  {data.generated && (
                    <>
                      {' '}
                      <NewsGeneratedTag />
                    </>
                  )}
                </p>
                {data.tags.length > 0 && (
                  <p className="sp-news-article__tags">
                    <span className="sp-muted">
                      {t('news.tagList')}
                      {t('news.colon')}
                    </span>
                    {data.tags.map((tag) => (
                      <Link key={tag.id} className="sp-news-tag" to={`/moreInfo?tag=${tag.id}`} lang="zh">
                        {tag.name}
                      </Link>
                    ))}
                  </p>
                )}
                {data.loginRequired ? (
                  <div data-testid="article-locked">
                    <p className="sp-article-body" lang="zh">
                      {data.summary}
                    </p>
                    <Alert
                      type="info"
                      showIcon
                      title={t('news.loginRequired')}
                      action={
                        <a
                          className="sp-buttonlink"
                          href={loginSiteHref(site.loginSiteUrl, window.location.href)}
                        >
                          {t('news.login')}
                        </a>
                      }
                    />
                  </div>
                ) : (
                  // Article HTML is sanitised with an allow-list when it is written and again when served.
                  <div
                    className="sp-article-body"
                    data-testid="article-body"
                    lang="zh"
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on write and on read (modules/article/html.ts)
                    dangerouslySetInnerHTML={{ __html: data.contentHtml }}
                  />
                )}
                <nav className="sp-news-article__pager" aria-label={`${t('news.prev')} / ${t('news.next')}`}>
                  <div>
                    <span className="sp-muted">
                      {t('news.prev')}
                      {t('news.colon')}
                    </span>
                    {data.prev ? (
                      <Link to={`/moreInfo/article/${data.prev.id}`} lang="zh">
                        {data.prev.title}
                      </Link>
                    ) : (
                      t('news.none')
                    )}
                  </div>
                  <div>
                    <span className="sp-muted">
                      {t('news.next')}
                      {t('news.colon')}
                    </span>
                    {data.next ? (
                      <Link to={`/moreInfo/article/${data.next.id}`} lang="zh">
                        {data.next.title}
                      </Link>
                    ) : (
                      t('news.none')
                    )}
                  </div>
                </nav>
              </>
            )}
          </div>
        </article>
        <aside className="sp-box sp-news-related" aria-labelledby="sp-news-related-title">
          <h2 className="sp-box__title" id="sp-news-related-title">
            {t('news.related')}
          </h2>
          <ul className="sp-box__body sp-news-related__list">
            {isPending && valid && (
              <li aria-hidden>
                <Skeleton active title={false} paragraph={{ rows: 5 }} />
              </li>
            )}
            {data?.related.map((r) => (
              <li key={r.id}>
                <Link to={`/moreInfo/article/${r.id}`} lang="zh">
                  {r.title}
                </Link>
                <span className="sp-muted">{dayjs(r.publishedAt).format('YYYY-MM-DD')}</span>
              </li>
            ))}
            {data && data.related.length === 0 && <li className="sp-muted">{t('news.noRelated')}</li>}
          </ul>
        </aside>
      </div>
    </div>
  );
}
