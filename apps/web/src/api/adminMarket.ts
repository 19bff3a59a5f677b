/**
 * The operator console's market data (issue 18, contracts `admin-market.ts`): warehouse daily
 * figures (list, entry, edit, Excel import) and index corrections, and the public list of
 * corrections the methodology page shows. A write refreshes its list and every steel index
 * answer (the index was recomputed), so the operator's own portal tab shows the change at once.
 */
import type {
  AdminIndexCorrectionsPage,
  IndexCorrectionBody,
  IndexCorrectionResult,
  IndexCorrectionsPage,
  IndexCorrectionsQuery,
  IndexDayView,
  PageOf,
  WarehouseDailyCreateBody,
  WarehouseDailyImportPreview,
  WarehouseDailyImportResult,
  WarehouseDailyOptions,
  WarehouseDailyQuery,
  WarehouseDailyRow,
  WarehouseDailyUpdateBody,
  WarehouseDailyWritten,
} from '@steelport/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '../auth/session.ts';
import { type DownloadedFile, download, get, post, put, request } from './client.ts';
import { steelIndexKeys } from './steelIndex.ts';

// The screens show their own error states; a toast would say it twice.
const QUIET = { silent: true };

export const adminMarketKeys = {
  all: ['adminMarket'] as const,
  daily: (viewer: unknown, q: Partial<WarehouseDailyQuery>) =>
    [...adminMarketKeys.all, 'daily', viewer, q] as const,
  options: (viewer: unknown) => [...adminMarketKeys.all, 'options', viewer] as const,
  indexDay: (viewer: unknown, indexId: number, day: string) =>
    [...adminMarketKeys.all, 'indexDay', viewer, indexId, day] as const,
  corrections: (viewer: unknown, q: Partial<IndexCorrectionsQuery>) =>
    [...adminMarketKeys.all, 'corrections', viewer, q] as const,
};

/** Public: the corrections the methodology lists (not under the console's keys). */
export const correctionNoteKeys = {
  page: (q: Partial<IndexCorrectionsQuery>) => [...steelIndexKeys.all, 'corrections', q] as const,
};

/** GET /api/admin/warehouse-daily */
export function useWarehouseDaily(q: Partial<WarehouseDailyQuery>) {
  const viewer = useViewer();
  return useQuery({
    queryKey: adminMarketKeys.daily(viewer, q),
    queryFn: () => get<PageOf<WarehouseDailyRow>>('/api/admin/warehouse-daily', q, QUIET),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/warehouse-daily/options: warehouses and products to choose from. */
export function useWarehouseDailyOptions() {
  const viewer = useViewer();
  return useQuery({
    queryKey: adminMarketKeys.options(viewer),
    queryFn: () => get<WarehouseDailyOptions>('/api/admin/warehouse-daily/options', undefined, QUIET),
    staleTime: 60_000,
  });
}

/** Refreshes the console's market lists and every index answer (the index was recomputed). */
function useMarketInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: adminMarketKeys.all });
    await queryClient.invalidateQueries({ queryKey: steelIndexKeys.all });
  };
}

/** POST and PUT /api/admin/warehouse-daily: entry and edit of one day's figures. */
export function useWarehouseDailyWrites() {
  const invalidate = useMarketInvalidate();
  return {
    create: useMutation({
      mutationFn: (body: WarehouseDailyCreateBody) =>
        post<WarehouseDailyWritten>('/api/admin/warehouse-daily', body, QUIET),
      onSuccess: invalidate,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: WarehouseDailyUpdateBody }) =>
        put<WarehouseDailyWritten>(`/api/admin/warehouse-daily/${id}`, body, QUIET),
      onSuccess: invalidate,
    }),
  };
}

/** GET /api/admin/warehouse-daily/template: the .xlsx template. */
export function downloadDailyTemplate(): Promise<DownloadedFile> {
  return download('/api/admin/warehouse-daily/template', undefined, QUIET);
}

/** Sends a sheet to the preview or the commit (multipart, field `file`). */
function sendSheet<T>(step: 'preview' | 'commit', file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request<T>({
    url: `/api/admin/warehouse-daily/import/${step}`,
    method: 'POST',
    data: form,
    silent: true,
    timeout: 120_000,
  });
}

/** The import's two steps: preview (writes nothing) and commit (all rows or none). */
export function useDailyImport() {
  const invalidate = useMarketInvalidate();
  return {
    preview: useMutation({
      mutationFn: (file: File) => sendSheet<WarehouseDailyImportPreview>('preview', file),
    }),
    commit: useMutation({
      mutationFn: (file: File) => sendSheet<WarehouseDailyImportResult>('commit', file),
      onSuccess: invalidate,
    }),
  };
}

/** GET /api/admin/index-corrections/day: one index day as published (when both are chosen). */
export function useIndexDayView(indexId: number | undefined, day: string | undefined) {
  const viewer = useViewer();
  return useQuery({
    queryKey: adminMarketKeys.indexDay(viewer, indexId ?? 0, day ?? ''),
    queryFn: () => get<IndexDayView>('/api/admin/index-corrections/day', { indexId, day }, QUIET),
    enabled: indexId !== undefined && day !== undefined,
    retry: false,
  });
}

/** GET /api/admin/index-corrections: past corrections with their operators. */
export function useAdminCorrections(q: Partial<IndexCorrectionsQuery>) {
  const viewer = useViewer();
  return useQuery({
    queryKey: adminMarketKeys.corrections(viewer, q),
    queryFn: () => get<AdminIndexCorrectionsPage>('/api/admin/index-corrections', q, QUIET),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/index-corrections: corrects, recomputes, answers before and after. */
export function useCorrectIndex() {
  const invalidate = useMarketInvalidate();
  return useMutation({
    mutationFn: (body: IndexCorrectionBody) =>
      post<IndexCorrectionResult>('/api/admin/index-corrections', body, QUIET),
    onSuccess: invalidate,
  });
}

/** GET /api/web/2.0/index/corrections: the public list (methodology). */
export function useCorrectionNotes(q: Partial<IndexCorrectionsQuery>) {
  return useQuery({
    queryKey: correctionNoteKeys.page(q),
    queryFn: () => get<IndexCorrectionsPage>('/api/web/2.0/index/corrections', q, QUIET),
    placeholderData: keepPreviousData,
  });
}
