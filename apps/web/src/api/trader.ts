/**
 * The trader's own rows (docs/api.md#trader-workspace): its quotations, spot stock and
 * surplus as /account/quotations, /account/stock and /account/surplus list and edit them.
 * Every answer is the company's own rows only; the server filters by the session's company.
 */
import type {
  BulkResult,
  CargoInput,
  CopyQuotationsResult,
  LotBulkBody,
  OwnLot,
  OwnLotQuery,
  OwnQuotation,
  OwnQuotationPage,
  OwnQuotationQuery,
  OwnSurplus,
  PageOf,
  QuotationBulkBody,
  QuotationInput,
  SurplusInput,
  TraderKind,
} from '@steelport/contracts';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useViewer, type Viewer } from '../auth/session.ts';
import { type DownloadedFile, download, get, post, put, request } from './client.ts';
import { contentKeys } from './content.ts';
import { lotKeys } from './lots.ts';
import { quoteKeys } from './quotations.ts';

/** The two lot markets of the workspace. */
export type OwnLotKind = 'cargo' | 'surplus';
/** A listed lot of either market. */
export type OwnLotOf<K extends OwnLotKind> = K extends 'surplus' ? OwnSurplus : OwnLot;
/** What the form and the inline edit send for a lot of either market. */
export type LotInputOf<K extends OwnLotKind> = K extends 'surplus' ? SurplusRowInput : CargoInput;

const BASE = '/api/trader';

/** A list of own lots as requested. */
export type OwnLotParams = OwnLotQuery;
/** A bulk action on own lots. */
export type LotBulkRequest = LotBulkBody;
/** A bulk action on own quotes. */
export type QuotationBulkRequest = QuotationBulkBody;
/** A surplus row as written. */
export type SurplusRowInput = SurplusInput;

/**
 * Query keys of the trader's rows: per viewer, so a second login in the same tab never sees the
 * first one's rows from the cache.
 */
export const traderKeys = {
  all: ['trader'] as const,
  lots: (kind: OwnLotKind) => [...traderKeys.all, kind] as const,
  lotPage: (kind: OwnLotKind, viewer: Viewer, query: OwnLotParams) =>
    [...traderKeys.lots(kind), viewer, query] as const,
  quotations: () => [...traderKeys.all, 'quotation'] as const,
  quotationPage: (viewer: Viewer, query: OwnQuotationQuery) =>
    [...traderKeys.quotations(), viewer, query] as const,

  /**
   * After a change to the company's rows of `kind`: its own lists, and everything public that
   * may show them (searches, today's quotes, firm pages), which other screens cache.
   */
  invalidateRows: async (queryClient: QueryClient, kind: TraderKind): Promise<void> => {
    await Promise.all([
      queryClient.invalidateQueries({
        queryKey: kind === 'quotation' ? traderKeys.quotations() : traderKeys.lots(kind),
      }),
      queryClient.invalidateQueries({ queryKey: kind === 'quotation' ? quoteKeys.all : lotKeys.all }),
    ]);
  },

  /**
   * After an import of `kind` ended, whatever its outcome: what `invalidateRows` asks again, and
   * the home page's newest stock, which an import of spot stock may fill at once.
   */
  invalidateAfterImport: async (queryClient: QueryClient, kind: TraderKind): Promise<void> => {
    await Promise.all([
      traderKeys.invalidateRows(queryClient, kind),
      kind === 'cargo' ? queryClient.invalidateQueries({ queryKey: contentKeys.newestCargo() }) : undefined,
    ]);
  },
};

/** GET /api/trader/cargo or /surplus: a page of the company's lots, newest first. */
export function fetchOwnLots<K extends OwnLotKind>(
  kind: K,
  query: OwnLotParams,
): Promise<PageOf<OwnLotOf<K>>> {
  return get<PageOf<OwnLotOf<K>>>(`${BASE}/${kind}`, query, { silent: true });
}

/** POST /api/trader/cargo or /surplus: publishes a lot (silent: the form shows the error). */
export function createOwnLot<K extends OwnLotKind>(kind: K, input: LotInputOf<K>): Promise<OwnLotOf<K>> {
  return post<OwnLotOf<K>>(`${BASE}/${kind}`, input, { silent: true });
}

/** PUT /api/trader/cargo/{id} or /surplus/{id}: the whole row as the trader writes it. */
export function updateOwnLot<K extends OwnLotKind>(
  kind: K,
  id: number,
  input: LotInputOf<K>,
  silent = false,
): Promise<OwnLotOf<K>> {
  return put<OwnLotOf<K>>(`${BASE}/${kind}/${id}`, input, { silent });
}

/** POST /api/trader/cargo/bulk or /surplus/bulk: 标记已售, 重新上架, 调价 or 删除 a selection. */
export function bulkOwnLots(kind: OwnLotKind, body: LotBulkRequest): Promise<BulkResult> {
  return post<BulkResult>(`${BASE}/${kind}/bulk`, body);
}

/** GET /api/trader/quotations: one day's own quotes (today, or the latest day with quotes). */
export function fetchOwnQuotations(query: OwnQuotationQuery): Promise<OwnQuotationPage> {
  return get<OwnQuotationPage>(`${BASE}/quotations`, query, { silent: true });
}

/** POST /api/trader/quotations: a quote dated today (silent: the form shows the error). */
export function createOwnQuotation(input: QuotationInput): Promise<OwnQuotation> {
  return post<OwnQuotation>(`${BASE}/quotations`, input, { silent: true });
}

/** PUT /api/trader/quotations/{id}. */
export function updateOwnQuotation(id: number, input: QuotationInput, silent = false): Promise<OwnQuotation> {
  return put<OwnQuotation>(`${BASE}/quotations/${id}`, input, { silent });
}

/** POST /api/trader/quotations/bulk: 调价 or 删除 selected quotes. */
export function bulkOwnQuotations(body: QuotationBulkRequest): Promise<BulkResult> {
  return post<BulkResult>(`${BASE}/quotations/bulk`, body);
}

/** POST /api/trader/quotations/copy: the latest earlier day's quotes into today, moved by `delta`. */
export function copyQuotations(delta: number): Promise<CopyQuotationsResult> {
  return post<CopyQuotationsResult>(`${BASE}/quotations/copy`, { delta });
}

/** DELETE /api/trader/{kind}/{id}: removes one row (it leaves every public list too). */
export function deleteOwnRow(kind: TraderKind, id: number): Promise<null> {
  const path = kind === 'quotation' ? 'quotations' : kind;
  return request<null>({ method: 'DELETE', url: `${BASE}/${path}/${id}` });
}

/** GET /api/trader/export/{kind}: the company's rows as .xlsx in the import template's columns. */
export function downloadOwnRows(kind: TraderKind): Promise<DownloadedFile> {
  return download(`${BASE}/export/${kind}`, undefined, { silent: true });
}

/** A page of the company's lots; the page on screen stays while the next one loads. */
export function useOwnLots<K extends OwnLotKind>(kind: K, query: OwnLotParams) {
  const viewer = useViewer();
  return useQuery({
    queryKey: traderKeys.lotPage(kind, viewer, query),
    queryFn: () => fetchOwnLots(kind, query),
    placeholderData: keepPreviousData,
  });
}

/** One day's own quotations. */
export function useOwnQuotations(query: OwnQuotationQuery) {
  const viewer = useViewer();
  return useQuery({
    queryKey: traderKeys.quotationPage(viewer, query),
    queryFn: () => fetchOwnQuotations(query),
    placeholderData: keepPreviousData,
  });
}

/**
 * A change to the company's rows of `kind`; its lists are fetched again afterwards, and so is
 * everything public that may show them (searches, today's quotes), which other screens cache.
 */
export function useTraderMutation<V, R>(kind: TraderKind, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void traderKeys.invalidateRows(queryClient, kind),
  });
}
