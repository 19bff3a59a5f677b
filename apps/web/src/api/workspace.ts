/**
 * The trader's workspace beyond its own rows (issue 17): the import wizard (template, preview and
 * its rows, commit, progress, the rows left out), enquiries received, the firm profile and API keys. Every call goes through
 * `api/client.ts`; the server decides access (`trader`), the screens only spare a member a
 * screen whose data would be refused.
 */
import type {
  ApiKeyCreateBody,
  ApiKeyCreated,
  ApiKeyInfo,
  ImportMode,
  ImportPreview,
  ImportRowsPage,
  ImportStatus,
  PageOf,
  ReceivedEnquiry,
  TraderKind,
  TraderProfile,
  TraderProfileBody,
} from '@steelport/contracts';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useViewer } from '../auth/session.ts';
import { type DownloadedFile, download, get, post, put, request } from './client.ts';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 500;

/** Query keys of the workspace; the viewer is part of each, so another login refetches. */
export const workspaceKeys = {
  all: ['workspace'] as const,
  enquiries: (viewer: unknown, page: number, pageSize: number, unanswered: boolean) =>
    [...workspaceKeys.all, 'enquiries', viewer, page, pageSize, unanswered] as const,
  profile: (viewer: unknown) => [...workspaceKeys.all, 'profile', viewer] as const,
  keys: (viewer: unknown) => [...workspaceKeys.all, 'keys', viewer] as const,
  importStatus: (importId: string) => [...workspaceKeys.all, 'import', importId] as const,
  importRows: (importId: string, page: number, pageSize: number, errorsOnly: boolean) =>
    [...workspaceKeys.all, 'importRows', importId, page, pageSize, errorsOnly] as const,
  invalidateEnquiries: (queryClient: QueryClient) =>
    queryClient.invalidateQueries({ queryKey: [...workspaceKeys.all, 'enquiries'] }),
};

// ---------------------------------------------------------------------------------------------
// Import

/** GET /api/trader/import/template/{kind}: the .xlsx template with one example row. */
export function downloadImportTemplate(kind: TraderKind): Promise<DownloadedFile> {
  return download(`/api/trader/import/template/${kind}`, undefined, { silent: true });
}

/**
 * POST /api/trader/import/{kind}/preview (multipart, field `file`): reads the sheet, writes
 * nothing; silent, the wizard shows the server's message under the upload.
 */
export function previewImport(
  kind: TraderKind,
  file: File,
  onProgress?: (loaded: number, total: number | undefined) => void,
): Promise<ImportPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request<ImportPreview>({
    url: `/api/trader/import/${kind}/preview`,
    method: 'POST',
    data: form,
    silent: true,
    // A big sheet takes longer than an ordinary call to travel and be read.
    timeout: 120_000,
    onUploadProgress: (e) => onProgress?.(e.loaded, e.total),
  });
}

/**
 * POST /api/trader/import/{importId}/commit: writes the previewed rows (append or replace); all
 * or nothing, or with `skipErrors` only the rows without errors.
 */
export function commitImport(importId: string, mode: ImportMode, skipErrors: boolean): Promise<ImportStatus> {
  return post<ImportStatus>(
    `/api/trader/import/${encodeURIComponent(importId)}/commit`,
    { mode, skipErrors },
    { silent: true },
  );
}

/** GET /api/trader/import/{importId}/rows: a page of a preview's rows, or of its rows with errors. */
export function fetchImportRows(
  importId: string,
  page: number,
  pageSize: number,
  errorsOnly: boolean,
): Promise<ImportRowsPage> {
  return get<ImportRowsPage>(
    `/api/trader/import/${encodeURIComponent(importId)}/rows`,
    { page, pageSize, errorsOnly },
    { silent: true },
  );
}

/** GET /api/trader/import/{importId}/bad-rows: the .xlsx of the rows a commit left out. */
export function downloadLeftOutRows(importId: string): Promise<DownloadedFile> {
  return download(`/api/trader/import/${encodeURIComponent(importId)}/bad-rows`, undefined, { silent: true });
}

/** GET /api/trader/import/{importId}: the state and progress of an import. */
export function fetchImportStatus(importId: string): Promise<ImportStatus> {
  return get<ImportStatus>(`/api/trader/import/${encodeURIComponent(importId)}`, undefined, { silent: true });
}

/** Uploads a sheet for a preview. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: ({ kind, file }: { kind: TraderKind; file: File }) => previewImport(kind, file),
  });
}

/** Commits a previewed import. */
export function useCommitImport() {
  return useMutation({
    mutationFn: ({
      importId,
      mode,
      skipErrors,
    }: {
      importId: string;
      mode: ImportMode;
      skipErrors: boolean;
    }) => commitImport(importId, mode, skipErrors),
  });
}

/** A page of a preview's rows; a preview never changes, and the last page stays while the next loads. */
export function useImportRows(importId: string, page: number, pageSize: number, errorsOnly: boolean) {
  return useQuery({
    queryKey: workspaceKeys.importRows(importId, page, pageSize, errorsOnly),
    queryFn: () => fetchImportRows(importId, page, pageSize, errorsOnly),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Polls an import every IMPORT_POLL_MS while it runs; idle without an id. */
export function useImportStatus(importId: string | null, initial: ImportStatus | null) {
  return useQuery({
    queryKey: workspaceKeys.importStatus(importId ?? ''),
    queryFn: () => fetchImportStatus(importId ?? ''),
    enabled: importId !== null,
    initialData: initial ?? undefined,
    // The commit's own answer is fresh; the next look is one poll later.
    initialDataUpdatedAt: () => Date.now(),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? IMPORT_POLL_MS : false),
  });
}

// ---------------------------------------------------------------------------------------------
// Enquiries received

/** GET /api/trader/enquiries: newest first; the buyer's phone in full (the trader's lead). */
export function fetchEnquiries(
  page: number,
  pageSize: number,
  unanswered: boolean,
): Promise<PageOf<ReceivedEnquiry>> {
  return get<PageOf<ReceivedEnquiry>>('/api/trader/enquiries', {
    page,
    pageSize,
    ...(unanswered ? { unanswered: true } : {}),
  });
}

/** One page of enquiries; the previous page stays on screen while the next loads. */
export function useEnquiries(page: number, pageSize: number, unanswered: boolean) {
  const viewer = useViewer();
  return useQuery({
    queryKey: workspaceKeys.enquiries(viewer, page, pageSize, unanswered),
    queryFn: () => fetchEnquiries(page, pageSize, unanswered),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === viewer ? previous : undefined,
    staleTime: 15_000,
    retry: false,
  });
}

/** POST /api/trader/enquiries/{id}/answer: marks an enquiry answered. */
export function answerEnquiry(id: number): Promise<unknown> {
  return post<unknown>(`/api/trader/enquiries/${id}/answer`);
}

/** Marks an enquiry answered and refetches the list. */
export function useAnswerEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerEnquiry,
    onSuccess: () => workspaceKeys.invalidateEnquiries(queryClient),
  });
}

// ---------------------------------------------------------------------------------------------
// Firm profile

/** GET /api/trader/profile. */
export function fetchTraderProfile(): Promise<TraderProfile> {
  return get<TraderProfile>('/api/trader/profile');
}

/** The trader's firm profile. */
export function useTraderProfile() {
  const viewer = useViewer();
  return useQuery({
    queryKey: workspaceKeys.profile(viewer),
    queryFn: fetchTraderProfile,
    staleTime: 60_000,
    retry: false,
  });
}

/** PUT /api/trader/profile; silent: the form shows the server's message. */
export function updateTraderProfile(body: TraderProfileBody): Promise<TraderProfile> {
  return put<TraderProfile>('/api/trader/profile', body, { silent: true });
}

/** Saves the profile; the answer replaces the cached one. */
export function useUpdateTraderProfile() {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: updateTraderProfile,
    onSuccess: (next) => queryClient.setQueryData(workspaceKeys.profile(viewer), next),
  });
}

// ---------------------------------------------------------------------------------------------
// API keys

/** GET /api/trader/keys: newest first, revoked ones included. */
export function fetchApiKeys(): Promise<ApiKeyInfo[]> {
  return get<{ list: ApiKeyInfo[] }>('/api/trader/keys').then((answer) => answer.list);
}

/** The company's API keys. */
export function useApiKeys() {
  const viewer = useViewer();
  return useQuery({
    queryKey: workspaceKeys.keys(viewer),
    queryFn: fetchApiKeys,
    staleTime: 30_000,
    retry: false,
  });
}

/** POST /api/trader/keys: the full key is in this answer only. */
export function createApiKey(body: ApiKeyCreateBody): Promise<ApiKeyCreated> {
  return post<ApiKeyCreated>('/api/trader/keys', body, { silent: true });
}

/** DELETE /api/trader/keys/{id}: revokes a key at once. */
export function revokeApiKey(id: number): Promise<unknown> {
  return request<unknown>({ method: 'DELETE', url: `/api/trader/keys/${id}` });
}

/** Creates a key; the list refetches (without the secret). */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...workspaceKeys.all, 'keys'] }),
  });
}

/** Revokes a key; the list refetches. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...workspaceKeys.all, 'keys'] }),
  });
}
