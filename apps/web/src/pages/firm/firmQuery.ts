/**
 * What a firm page (/firminfo/:userId/:type) keeps in its URL: the tab (priced quotes or 电议),
 * the day, the sort and the page, so a shared link and the back button restore them. Values a
 * hand-edited URL gets wrong are dropped, as on the other search screens.
 */
import {
  type FirmQuoteQuery,
  QUOTATION_LIMITS as LIMITS,
  QUOTATION_SORTS,
  type QuotationSort,
} from '@steelport/contracts';
import type { FirmQuoteKind } from '../../api/quotations.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, readPositiveInt } from '../../components/lots/lotQuery.ts';
import { isDay } from '../../components/quotes/quoteQuery.ts';

/** The firm page's state: which tab, and that tab's request. */
export type FirmQuery = FirmQuoteQuery & { tab: FirmQuoteKind };

/** The URL value of the 电议 tab (the priced quotes are the default and leave it out). */
const CALL_FOR_PRICE_TAB = 'callForPrice';

/** The trader's user id of the path, or null when it is not a positive whole number. */
export function parseUserId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2 ** 31 - 1 ? id : null;
}

/** Reads the firm page's state from the query string. */
export function parseFirmQuery(params: URLSearchParams): FirmQuery {
  const query: FirmQuery = {
    tab: params.get('tab') === CALL_FOR_PRICE_TAB ? 'callForPrice' : 'priced',
    page: readPositiveInt(params.get('page'), 1, LIMITS.pageMax),
    pageSize: DEFAULT_PAGE_SIZE,
  };
  const pageSize = readPositiveInt(params.get('pageSize'), DEFAULT_PAGE_SIZE, LIMITS.pageSizeMax);
  if ((PAGE_SIZES as readonly number[]).includes(pageSize)) query.pageSize = pageSize;
  const date = params.get('date');
  if (date && isDay(date)) query.date = date;
  const sort = params.get('sort');
  if ((QUOTATION_SORTS as readonly (string | null)[]).includes(sort)) {
    query.sort = sort as QuotationSort;
    query.order = params.get('order') === 'asc' ? 'asc' : 'desc';
  }
  return query;
}

/** Writes the firm page's state; defaults (the priced tab, page 1, 20 rows, newest first) are left out. */
export function firmQueryToParams(query: FirmQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.tab === 'callForPrice') params.set('tab', CALL_FOR_PRICE_TAB);
  if (query.date) params.set('date', query.date);
  if (query.sort) {
    params.set('sort', query.sort);
    params.set('order', query.order ?? 'desc');
  }
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params;
}

/** The request of the tab (list-user or list-user-zero take no tab). */
export function firmRequestOf(query: FirmQuery): FirmQuoteQuery {
  const { tab: _tab, ...request } = query;
  return request;
}
