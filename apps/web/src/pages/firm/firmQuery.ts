/**
 * What a firm page (/firminfo/:userId/:type) keeps in its URL: the tab (priced quotes, 电议, spot
 * stock or surplus), the screen the visitor came from, the day, the sort and the page, so a shared
 * link and the back button restore them. Values a hand-edited URL gets wrong are dropped, as on
 * the other search screens.
 */
import {
  type FirmProfile,
  type FirmQuoteQuery,
  QUOTATION_LIMITS as LIMITS,
  LOT_SORTS,
  type LotSort,
  QUOTATION_SORTS,
  type QuotationSort,
} from '@steelport/contracts';
import type { FirmQuoteKind } from '../../api/quotations.ts';
import {
  DEFAULT_PAGE_SIZE,
  type LotQuery,
  PAGE_SIZES,
  readPositiveInt,
} from '../../components/lots/lotQuery.ts';
import { FIRM_ORIGINS, type FirmOrigin } from '../../components/quotes/firm.ts';
import { isDay } from '../../components/quotes/quoteQuery.ts';

/** A firm page's lot tabs: the firm's spot stock (现货) and its surplus (余料). */
export type FirmLotTab = 'stock' | 'surplus';
/** A tab of the firm page, in the order the page shows them. */
export type FirmTab = FirmQuoteKind | FirmLotTab;
export const FIRM_TABS: readonly FirmTab[] = ['priced', 'callForPrice', 'stock', 'surplus'];

/** The firm page's state: which tab (absent: the page picks, `firmTabOf`), and that tab's request. */
export interface FirmQuery {
  tab?: FirmTab;
  /** the screen whose link opened the page: it picks the tab and keeps its menu entry lit */
  from?: FirmOrigin;
  page: number;
  pageSize: number;
  /** the quote tabs' day */
  date?: string;
  /** a quotation sort on the quote tabs, a lot sort on the lot tabs */
  sort?: QuotationSort | LotSort;
  order?: 'asc' | 'desc';
}

/** Whether a tab lists lots (the lot search) rather than quotes (list-user). */
export function isLotTab(tab: FirmTab | undefined): tab is FirmLotTab {
  return tab === 'stock' || tab === 'surplus';
}

/** The trader's user id of the path, or null when it is not a positive whole number. */
export function parseUserId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2 ** 31 - 1 ? id : null;
}

/** Reads the firm page's state from the query string. */
export function parseFirmQuery(params: URLSearchParams): FirmQuery {
  const query: FirmQuery = {
    page: readPositiveInt(params.get('page'), 1, LIMITS.pageMax),
    pageSize: DEFAULT_PAGE_SIZE,
  };
  const tab = FIRM_TABS.find((name) => name === params.get('tab'));
  if (tab) query.tab = tab;
  const from = FIRM_ORIGINS.find((name) => name === params.get('from'));
  if (from) query.from = from;
  const pageSize = readPositiveInt(params.get('pageSize'), DEFAULT_PAGE_SIZE, LIMITS.pageSizeMax);
  if ((PAGE_SIZES as readonly number[]).includes(pageSize)) query.pageSize = pageSize;
  const date = params.get('date');
  if (date && isDay(date) && !isLotTab(tab)) query.date = date;
  const sort = params.get('sort');
  const sorts: readonly (string | null)[] = isLotTab(tab) ? LOT_SORTS : QUOTATION_SORTS;
  if (sorts.includes(sort)) {
    query.sort = sort as QuotationSort | LotSort;
    query.order = params.get('order') === 'asc' ? 'asc' : 'desc';
  }
  return query;
}

/** Writes the firm page's state; a tab once chosen is written, defaults (page 1, 20 rows) are left out. */
export function firmQueryToParams(query: FirmQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.tab) params.set('tab', query.tab);
  if (query.from) params.set('from', query.from);
  if (query.date) params.set('date', query.date);
  if (query.sort) {
    params.set('sort', query.sort);
    params.set('order', query.order ?? 'desc');
  }
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params;
}

/** The tab a link from `from` means: the market it came from. */
const TAB_OF_ORIGIN: Partial<Record<FirmOrigin, FirmTab>> = { wareHouse: 'stock', surplus: 'surplus' };

/**
 * The tab to show when the URL names none (issue 35: a supplier with 71 lots in stock opened on
 * an empty 报价 tab): the market the link came from when the firm has rows there, else the first
 * tab with rows, else 报价.
 */
export function firmTabOf(
  from: FirmOrigin | undefined,
  firm: Pick<FirmProfile, 'quoteCount' | 'callForPriceCount' | 'cargoCount' | 'surplusCount'>,
): FirmTab {
  const rows: Record<FirmTab, number> = {
    priced: firm.quoteCount,
    callForPrice: firm.callForPriceCount,
    stock: firm.cargoCount,
    surplus: firm.surplusCount,
  };
  const preferred = from ? TAB_OF_ORIGIN[from] : undefined;
  if (preferred && rows[preferred] > 0) return preferred;
  return FIRM_TABS.find((tab) => rows[tab] > 0) ?? 'priced';
}

/** The quote request of a quote tab (list-user or list-user-zero take no tab). */
export function firmRequestOf(query: FirmQuery): FirmQuoteQuery {
  const request: FirmQuoteQuery = { page: query.page, pageSize: query.pageSize };
  if (query.date) request.date = query.date;
  if ((QUOTATION_SORTS as readonly string[]).includes(query.sort ?? '')) {
    request.sort = query.sort as QuotationSort;
    request.order = query.order ?? 'desc';
  }
  return request;
}

/** The lot search of a lot tab: the firm's company as the supplier, its page and sort. */
export function firmLotQueryOf(query: FirmQuery, companyId: number): LotQuery {
  const lots: LotQuery = { supplierId: companyId, page: query.page, pageSize: query.pageSize };
  if ((LOT_SORTS as readonly string[]).includes(query.sort ?? '')) {
    lots.sort = query.sort as LotSort;
    lots.order = query.order ?? 'desc';
  }
  return lots;
}
