import '../../../components/steelIndex/steelIndex.css';
import '../../../i18n/indexArticles.ts';
import { Alert, Result, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSiteConfig } from '../../../api/common.ts';
import { useArticle } from '../../../api/steelIndex.ts';
import { loginSiteHref } from '../../../layout/links.ts';
import { formatCount } from '../../../lib/numbers.ts';
import { ArticleSide } from '../ArticleSide.tsx';
import { GeneratedTag } from '../GeneratedTag.tsx';

/** /morepage/article/:id: an index article; members-only text asks a visitor to log in. */
export function IndexArticlePage() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const id = Number(useParams().id);
  const { data, isPending, isError } = useArticle(id);
  return (
    <div className="sp-container sp-page">
      <div className="sp-article-layout">
        <article className="sp-box">
          <div className="sp-box__body">
            <Link to="/morepage">← {t('steelIndex.articles.back')}</Link>
            {isPending && <Skeleton active paragraph={{ rows: 8 }} />}
            {(isError || !Number.isInteger(id)) && !data && (
              <Result status="404" title={t('notFound.title')} />
            )}
            {data && (
              <>
                <h1 className="sp-article-title">{data.title}</h1>
                <p className="sp-muted">
                  {dayjs(data.publishedAt).format('YYYY-MM-DD HH:mm')} ·{' '}
                  {t('steelIndex.articles.source', { source: data.source })} ·{' '}
                  {t('steelIndex.articles.author', { author: data.author })} ·{' '}
                  {t('steelIndex.articles.views', { views: formatCount(data.views) })}
                  {data.generated && (
                    <>
                      {' '}
                      <GeneratedTag />
                    </>
                  )}
                </p>
                {data.loginRequired ? (
                  <>
                    <p className="sp-article-body">{data.summary}</p>
                    <Alert
                      type="info"
                      showIcon
                      title={t('steelIndex.articles.loginRequired')}
                      action={
                        <a
                          className="sp-buttonlink"
                          href={loginSiteHref(site.loginSiteUrl, window.location.href)}
                        >
                          {t('steelIndex.articles.login')}
                        </a>
                      }
                    />
                  </>
                ) : (
                  // Article HTML is sanitised with an allow-list when it is written (db/schema/content.ts).
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on write
                  <div className="sp-article-body" dangerouslySetInnerHTML={{ __html: data.contentHtml }} />
                )}
              </>
            )}
          </div>
        </article>
        <ArticleSide />
      </div>
    </div>
  );
}
