/**
 * The search of today's quotations (/beginMain) and its round trip through the URL: the header
 * search (indexSearch), every facet, the size ranges, the trader, the day, the sort, the page
 * and the view (table or three-per-trader cards) live in the query string, so reload, back and
 * a shared link restore them. Facets use the names of the lot screens (products=热轧卷板), so a
 * link reads the same on /wareHouse and /beginMain. Values a hand-edited URL gets wrong are
 * dropped rather than sent: the server would refuse the whole search for one bad field.
 */
import {
  filterNumberBounds,
  filterNumberFields,
  QUOTATION_LIMITS as LIMITS,
  parseSpec,
  QUOTATION_SORTS,
  type QuotationFilter,
  type QuotationSearch,
  type QuotationSort,
  type QuotationThreeSearch,
} from '@steelport/contracts';
import dayjs from 'dayjs';
import {
  DEFAULT_PAGE_SIZE,
  FACET_FIELDS,
  PAGE_SIZES,
  readNames,
  readNumber,
  readPositiveInt,
} from '../lots/lotQuery.ts';

/** The table, or the cards of the three newest quotes per trader (list-index-three). */
export type QuoteView = 'table' | 'cards';

/** What /beginMain holds in its URL: the table's search plus the view. */
export type QuoteQuery = QuotationSearch & { view?: 'cards' };

/** The path of today's quotations. */
export const QUOTES_PATH = '/beginMain';

/** Traders per page of the card view: four rows of three cards on a desktop. */
export const TRADERS_PER_PAGE = 12;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Numeric filter fields (sizes, the trader) with the bounds their schemas state. */
const NUMBER_FIELD_NAMES = filterNumberFields('quotation') as (
  | 'thicknessMin'
  | 'thicknessMax'
  | 'widthMin'
  | 'widthMax'
  | 'traderId'
)[];

/** Whether `day` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isDay(day: string): boolean {
  return DAY.test(day) && dayjs(day).format('YYYY-MM-DD') === day;
}

/** Reads the search from the query string. */
export function parseQuoteQuery(params: URLSearchParams): QuoteQuery {
  const query: QuoteQuery = { page: 1, pageSize: DEFAULT_PAGE_SIZE };
  const indexSearch = params.get('indexSearch')?.trim();
  if (indexSearch) query.indexSearch = indexSearch.slice(0, LIMITS.keywordLength);
  for (const field of FACET_FIELDS) {
    const names = readNames(params, field, LIMITS);
    if (names) query[field] = names;
  }
  for (const field of NUMBER_FIELD_NAMES) {
    const value = readNumber(params.get(field), filterNumberBounds(field));
    if (value !== undefined) query[field] = value;
  }
  const spec = params.get('spec')?.trim();
  if (spec && spec.length <= LIMITS.specLength && parseSpec(spec)) query.spec = spec;
  const date = params.get('date');
  if (date && isDay(date)) query.date = date;
  const sort = params.get('sort');
  if ((QUOTATION_SORTS as readonly (string | null)[]).includes(sort)) {
    query.sort = sort as QuotationSort;
    query.order = params.get('order') === 'asc' ? 'asc' : 'desc';
  }
  if (params.get('view') === 'cards') query.view = 'cards';
  query.page = readPositiveInt(params.get('page'), 1, LIMITS.pageMax);
  const pageSize = readPositiveInt(params.get('pageSize'), DEFAULT_PAGE_SIZE, LIMITS.pageSizeMax);
  query.pageSize = (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE;
  return query;
}

/** Writes the search as a query string; defaults (page 1, 20 rows, newest first, table) are left out. */
export function quoteQueryToParams(query: QuoteQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.indexSearch) params.set('indexSearch', query.indexSearch);
  for (const field of FACET_FIELDS) for (const name of query[field] ?? []) params.append(field, name);
  if (query.spec) params.set('spec', query.spec);
  for (const field of NUMBER_FIELD_NAMES) {
    const value = query[field];
    if (value !== undefined) params.set(field, String(value));
  }
  if (query.date) params.set('date', query.date);
  if (query.sort) {
    params.set('sort', query.sort);
    params.set('order', query.order ?? 'desc');
  }
  if (query.view) params.set('view', query.view);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params;
}

/** The filter part (totals and facet menus take no paging, sort or view). */
export function quoteFilterOf(query: QuoteQuery): QuotationFilter {
  const { page: _p, pageSize: _s, sort: _o, order: _d, view: _v, ...filter } = query;
  return filter;
}

/** What list-index is sent: the filter, the sort and the page. */
export function quoteSearchOf(query: QuoteQuery): QuotationSearch {
  const { view: _view, ...search } = query;
  return search;
}

/** What list-index-three is sent: the filter and a page of traders (it has no sort). */
export function quoteThreeSearchOf(query: QuoteQuery): QuotationThreeSearch {
  return { ...quoteFilterOf(query), page: query.page, pageSize: TRADERS_PER_PAGE };
}

/** Whether anything narrows the quotes beyond the day (the empty state offers 清空筛选 then). */
export function hasQuoteFilter(query: QuoteQuery): boolean {
  const { date: _date, ...filter } = quoteFilterOf(query);
  return Object.values(filter).some((value) => value !== undefined);
}

/** The search without any filter: the same day, view and page size. */
export function clearQuoteFilter(query: QuoteQuery): QuoteQuery {
  const cleared: QuoteQuery = { page: 1, pageSize: query.pageSize };
  if (query.date) cleared.date = query.date;
  if (query.view) cleared.view = query.view;
  return cleared;
}

/**
 * The address of today's quotations for a filter, e.g. a product with one material from the
 * home product map: /beginMain?products=热轧卷板&materials=Q235B.
 */
export function quotesPath(filter: Partial<QuotationFilter> = {}): string {
  const search = quoteQueryToParams({ ...filter, page: 1, pageSize: DEFAULT_PAGE_SIZE }).toString();
  return search ? `${QUOTES_PATH}?${search}` : QUOTES_PATH;
}
