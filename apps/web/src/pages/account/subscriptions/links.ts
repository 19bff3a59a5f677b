/**
 * Where a subscription leads: a saved search opens its screen with the filter it saved, an inbox
 * item the screen that shows what it found (the lot or quote by its own words, the index on the
 * dashboard, the 市场日报 as its article). The screens parse these addresses like any shared link.
 */
import type { InboxItem, SavedSearch, SavedSearchKind } from '@steelport/contracts';
import { type LotQuery, lotQueryToParams } from '../../../components/lots/lotQuery.ts';
import { QUOTES_PATH, type QuoteQuery, quoteQueryToParams } from '../../../components/quotes/quoteQuery.ts';

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

const LIST_FIELDS = ['products', 'materials', 'origins', 'cities', 'warehouses', 'grades'] as const;

/** Formats a from–to bound pair with its unit: 2–3 mm, ≥ 1250 mm, ≤ 4,000 元/吨. */
function range(min: unknown, max: unknown, unit: string, format: (n: number) => string): string | null {
  const low = typeof min === 'number' ? format(min) : null;
  const high = typeof max === 'number' ? format(max) : null;
  if (low !== null && high !== null) return `${low}–${high} ${unit}`;
  if (low !== null) return `≥ ${low} ${unit}`;
  if (high !== null) return `≤ ${high} ${unit}`;
  return null;
}

/**
 * The words a saved filter reads as, in the order a trader says them: keyword, 品名, 材质, 产地,
 * 城市, 仓库, 等级, spec, thickness and width, price (电议 when only call-for-price lots).
 */
export function describeFilter(
  filter: Record<string, unknown>,
  units: { mm: string; price: string; callForPrice: string },
  formatNumber: (n: number) => string,
): string[] {
  const words: string[] = [];
  for (const key of ['keyword', 'indexSearch'] as const) {
    const text = filter[key];
    if (typeof text === 'string' && text.trim()) words.push(text.trim());
  }
  for (const key of LIST_FIELDS) {
    const names = filter[key];
    if (Array.isArray(names)) words.push(...names.filter((name): name is string => typeof name === 'string'));
  }
  if (typeof filter.spec === 'string') words.push(filter.spec);
  const plain = (n: number) => String(n);
  for (const [min, max] of [
    ['thicknessMin', 'thicknessMax'],
    ['widthMin', 'widthMax'],
  ] as const) {
    const text = range(filter[min], filter[max], units.mm, plain);
    if (text) words.push(text);
  }
  const price = range(filter.priceMin, filter.priceMax, units.price, formatNumber);
  if (price) words.push(price);
  if (filter.callForPrice === true) words.push(units.callForPrice);
  return words;
}
