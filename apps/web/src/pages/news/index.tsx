import '../../components/news.css';
import '../../i18n/news.ts';
import { INFINITE_SCROLL_DELAY_MS } from '@steelport/contracts';
import { Alert, Button, Empty, Input, Skeleton } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type NewsFilter, useArticleCategories, useArticleList, useArticleTags } from '../../api/articles.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { NewsSections } from '../../layout/NewsSections.tsx';
import { formatCount } from '../../lib/numbers.ts';
import { ArticleMetaLine, MembersTag, NewsGeneratedTag } from './ArticleMeta.tsx';
import { Headlines } from './Headlines.tsx';

/** Positive integer of a query parameter, or undefined. */
function idParam(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The skeleton rows shown while the first page loads: each as tall as a loaded row. */
const SKELETON_ROWS = 5;

/**
 * /moreInfo: the news. Headlines, the section tabs, tags and a keyword, and the list that loads
 * the next page when its end scrolls into view (after the spec's 200 ms delay, so a fling past
 * the end does not fire a burst). The whole search lives in the URL (`category`, `tag`,
 * `keyword`), so a reload or a shared link restores it.
 */
export function NewsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter: NewsFilter = useMemo(() => {
    const categoryId = idParam(params.get('category'));
    const tagId = idParam(params.get('tag'));
    const keyword = params.get('keyword')?.trim().slice(0, 30) || undefined;
    return {
      ...(categoryId ? { categoryId } : {}),
      ...(tagId ? { tagId } : {}),
      ...(keyword ? { keyword } : {}),
    };
  }, [params]);
  const [draft, setDraft] = useState(filter.keyword ?? '');
  useEffect(() => setDraft(filter.keyword ?? ''), [filter.keyword]);

  const categories = useArticleCategories();
  const tags = useArticleTags();
  const list = useArticleList(filter);
  const rows = list.data?.pages.flatMap((p) => p.list) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  const update = (change: Partial<Record<'category' | 'tag' | 'keyword', string | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  // Infinite scroll: the sentinel below the list asks for the next page once it has stayed in
  // view for INFINITE_SCROLL_DELAY_MS.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (timer) clearTimeout(timer);
        if (entry?.isIntersecting && !isFetchingNextPage) {
          timer = setTimeout(() => void fetchNextPage(), INFINITE_SCROLL_DELAY_MS);
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const tabs = [
    { key: '', label: t('news.all') },
    // Sections are named by the editors, in Chinese.
    ...(categories.data ?? []).map((c) => ({
      key: String(c.value),
      label: <span lang="zh">{c.label}</span>,
    })),
  ];
  const filtered = Boolean(filter.categoryId || filter.tagId || filter.keyword);

  return (
    <div className="sp-container sp-page sp-news">
      <NewsSections current="/moreInfo" />
      <PageTitle>{t('pages.moreInfo.title')}</PageTitle>
      <Headlines />
      <section className="sp-box sp-news-list" aria-label={t('news.categories')}>
        <Tabs
          className="sp-news-tabs"
          activeKey={filter.categoryId ? String(filter.categoryId) : ''}
          items={tabs}
          onChange={(key) => update({ category: key || undefined })}
        />
        <div className="sp-news-filters">
          <Input.Search
            className="sp-news-search"
            aria-label={t('news.keyword')}
            placeholder={t('news.keyword')}
            value={draft}
            maxLength={30}
            allowClear
            enterButton={t('news.search')}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={(value) => update({ keyword: value.trim() || undefined })}
          />
          <fieldset className="sp-news-tags">
            <legend className="sp-muted sp-news-tags__label">{t('news.tagsLabel')}</legend>
            <button
              type="button"
              className="sp-news-tag"
              aria-pressed={!filter.tagId}
              onClick={() => update({ tag: undefined })}
            >
              {t('news.allTags')}
            </button>
            {(tags.data ?? []).slice(0, 16).map((tag) => (
              <button
                type="button"
                key={tag.id}
                className="sp-news-tag"
                aria-pressed={filter.tagId === tag.id}
                onClick={() => update({ tag: filter.tagId === tag.id ? undefined : String(tag.id) })}
              >
                <span lang="zh">{tag.name}</span>
                <span className="sp-news-tag__count">{formatCount(tag.count)}</span>
              </button>
            ))}
          </fieldset>
        </div>
        <div className="sp-news-summary">
          <span className="sp-muted" data-testid="news-total">
            {list.isPending ? '\u00a0' : t('news.total', { count: total })}
          </span>
          {filtered && (
            <Button type="link" onClick={() => setParams({})}>
              {t('news.clear')}
            </Button>
          )}
        </div>
        {list.isError && !list.data && (
          <Alert
            type="error"
            showIcon
            title={t('news.error')}
            action={<Button onClick={() => void list.refetch()}>{t('news.retry')}</Button>}
          />
        )}
        <ul className="sp-news-items">
          {list.isPending &&
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
              <li key={i} className="sp-news-item sp-news-item--skeleton" aria-hidden>
                <Skeleton active title paragraph={{ rows: 2 }} />
              </li>
            ))}
          {rows.map((a) => (
            <li key={a.id} className="sp-news-item">
              <h3 className="sp-news-item__title">
                <Link to={`/moreInfo/article/${a.id}`} lang="zh">
                  {a.title}
                </Link>
              </h3>
              <p className="sp-news-item__summary">
                {a.membersOnly && <MembersTag />}
                {a.generated && <NewsGeneratedTag />}
                <span lang="zh">{a.summary}</span>
              </p>
              <p className="sp-muted sp-news-item__meta">
                <ArticleMetaLine article={a} />
              </p>
            </li>
          ))}
        </ul>
        {!list.isPending && !list.isError && rows.length === 0 && (
          <Empty
            className="sp-news-empty"
            description={t('news.emptyLine', { empty: t('news.empty'), hint: t('news.emptyHint') })}
          />
        )}
        <div ref={sentinel} className="sp-news-more" aria-live="polite">
          {isFetchingNextPage && <span className="sp-muted">{t('news.loadingMore')}</span>}
          {!isFetchingNextPage && hasNextPage && (
            <Button onClick={() => void fetchNextPage()}>{t('news.loadMore')}</Button>
          )}
          {!hasNextPage && rows.length > 0 && <span className="sp-muted">{t('news.noMore')}</span>}
        </div>
      </section>
    </div>
  );
}
