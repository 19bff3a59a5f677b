import { Code, type FirmProfile } from '@steelport/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useLotPage } from '../../api/lots.ts';
import { useFirmQuotes } from '../../api/quotations.ts';
import { DEFAULT_PAGE_SIZE } from '../../components/lots/lotQuery.ts';
import {
  type FirmQuery,
  type FirmTab,
  firmLotQueryOf,
  firmQueryToParams,
  firmRequestOf,
  firmTabOf,
  isLotTab,
  parseFirmQuery,
} from './firmQuery.ts';

/** The tab, page, sort, day and origin of the firm page, held in its URL. */
export function useFirmQuery(): [FirmQuery, (next: FirmQuery) => void] {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  const query = useMemo(() => parseFirmQuery(new URLSearchParams(text)), [text]);
  return [query, (next) => setParams(firmQueryToParams(next))];
}

/** The first page of priced quotes: on a lot tab, asked only for the firm's profile it carries. */
const PROFILE_REQUEST = { page: 1, pageSize: DEFAULT_PAGE_SIZE };

/**
 * The reads of a firm page. The priced quotes' answer (list-user) carries the firm's profile and
 * its counts, from which the page picks its tab when the URL names none (firmTabOf); the 电议
 * answer carries the profile too, and a lot tab asks the lot search with the firm as supplier.
 */
export function useFirmPage(userId: number | null, query: FirmQuery) {
  const id = userId ?? 0;
  const named = query.tab;
  const priced = useFirmQuotes(
    'priced',
    id,
    named === undefined || named === 'priced' ? firmRequestOf(query) : PROFILE_REQUEST,
    userId !== null && named !== 'callForPrice',
  );
  const tab: FirmTab | undefined =
    named ?? (priced.data ? firmTabOf(query.from, priced.data.firm) : undefined);
  const callForPrice = useFirmQuotes(
    'callForPrice',
    id,
    firmRequestOf(query),
    userId !== null && tab === 'callForPrice',
  );
  const quotes = tab === 'callForPrice' ? callForPrice : priced;
  const firm: FirmProfile | undefined = quotes.data?.firm ?? priced.data?.firm;
  const companyId = firm?.companyId ?? 0;
  const lotQuery = firmLotQueryOf(query, companyId);
  const lots = useLotPage(
    tab === 'surplus' ? 'surplus' : 'cargo',
    lotQuery,
    isLotTab(tab) && firm !== undefined,
  );

  // What the page shows decides which errors count: a lot tab's search, else the quotes.
  const shown = isLotTab(tab) ? lots : quotes;
  const error = quotes.error ?? shown.error;
  const notFound = userId === null || (error instanceof ApiError && error.code === Code.NotFound);
  const tooMany = error instanceof ApiError && error.code === Code.TooMany;
  return { tab, firm, quotes, lots, lotQuery, shown, notFound, tooMany };
}
