/**
 * Where a subscription leads: a saved search opens its screen with the filter it saved, an inbox
 * item the screen that shows what it found (the lot or quote by its own words, the index on the
 * dashboard, the 市场日报 as its article). The screens parse these addresses like any shared link.
 */
import type { InboxItem, SavedSearch, SavedSearchKind } from '@steelport/contracts';
import { type LotQuery, lotQueryToParams } from '../lots/lotQuery.ts';
import { QUOTES_PATH, type QuoteQuery, quoteQueryToParams } from '../quotes/quoteQuery.ts';

const SCREENS: Record<SavedSearchKind, string> = {
  cargo: '/wareHouse',
  surplus: '/surplus',
  quotation: QUOTES_PATH,
};

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The search screen with the saved filter applied. */
export function savedSearchHref(search: Pick<SavedSearch, 'kind' | 'filter'>): string {
  const base = { page: 1, pageSize: 20 };
  const params =
    search.kind === 'quotation'
      ? quoteQueryToParams({ ...base, ...(search.filter as Partial<QuoteQuery>) })
      : lotQueryToParams({ ...base, ...(search.filter as Partial<LotQuery>) });
  return withQuery(SCREENS[search.kind], params);
}

/**
 * The screen that shows what an inbox item found: a lot or quote is searched by its title (品名
 * 材质 规格 产地 城市 仓库, all words the keyword parser understands), an index alert opens the
 * index dashboard, a report alert the 市场日报 article.
 */
export function inboxItemHref(item: Pick<InboxItem, 'kind' | 'title' | 'targetId'>): string {
  if (item.kind === 'index') return '/exponentMain';
  if (item.kind === 'article') return `/moreInfo/article/${item.targetId}`;
  if (item.kind === 'quotation') {
    return withQuery(QUOTES_PATH, new URLSearchParams({ indexSearch: item.title }));
  }
  return withQuery(SCREENS[item.kind], new URLSearchParams({ keyword: item.title }));
}
