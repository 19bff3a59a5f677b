/**
 * The operator console's content calls (issue 18, contracts `admin-content.ts`): articles,
 * market dynamics, agencies, ads and the home announcement under `/api/admin/...`. Every list
 * is one paged GET with its filters; a write answers the row as stored and refreshes the list it
 * belongs to and the portal's public answers of that kind (so the operator's own portal tab
 * shows it at once; other visitors within the server's cache time).
 */
import type {
  AdminAdBody,
  AdminAdListQuery,
  AdminAdPage,
  AdminAdRow,
  AdminAffairBody,
  AdminAffairDetail,
  AdminAffairListQuery,
  AdminAffairPage,
  AdminAgencyBody,
  AdminAgencyListQuery,
  AdminAgencyPage,
  AdminAgencyRow,
  AdminAnnouncementBody,
  AdminAnnouncementListQuery,
  AdminAnnouncementPage,
  AdminAnnouncementRow,
  AdminArticleBody,
  AdminArticleDetail,
  AdminArticleListQuery,
  AdminArticlePage,
  AdminDeleted,
} from '@steelport/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewer, type Viewer } from '../auth/session.ts';
import { get, post, put, request } from './client.ts';

// The screens show their own error states; a toast would say it twice.
const QUIET = { silent: true };

/** The console's content kinds and their paths under /api/admin. */
export const ADMIN_CONTENT_PATHS = {
  articles: '/api/admin/articles',
  affairs: '/api/admin/affairs',
  agencies: '/api/admin/agencies',
  ads: '/api/admin/ads',
  announcements: '/api/admin/announcements',
} as const;
export type AdminContentKind = keyof typeof ADMIN_CONTENT_PATHS;

/** What each kind lists, reads, and takes on write. */
interface KindTypes {
  articles: {
    query: AdminArticleListQuery;
    page: AdminArticlePage;
    one: AdminArticleDetail;
    body: AdminArticleBody;
  };
  affairs: {
    query: AdminAffairListQuery;
    page: AdminAffairPage;
    one: AdminAffairDetail;
    body: AdminAffairBody;
  };
  agencies: {
    query: AdminAgencyListQuery;
    page: AdminAgencyPage;
    one: AdminAgencyRow;
    body: AdminAgencyBody;
  };
  ads: { query: AdminAdListQuery; page: AdminAdPage; one: AdminAdRow; body: AdminAdBody };
  announcements: {
    query: AdminAnnouncementListQuery;
    page: AdminAnnouncementPage;
    one: AdminAnnouncementRow;
    body: AdminAnnouncementBody;
  };
}
export type ListQueryOf<K extends AdminContentKind> = KindTypes[K]['query'];
export type PageOfKind<K extends AdminContentKind> = KindTypes[K]['page'];
export type RowOf<K extends AdminContentKind> = KindTypes[K]['one'];
export type BodyOf<K extends AdminContentKind> = KindTypes[K]['body'];

/** Query keys: per operator, so a second login in the tab never reads the first one's cache. */
export const adminContentKeys = {
  all: ['adminContent'] as const,
  kind: (kind: AdminContentKind) => [...adminContentKeys.all, kind] as const,
  list: (kind: AdminContentKind, viewer: Viewer, query: object) =>
    [...adminContentKeys.kind(kind), 'list', viewer, query] as const,
  one: (kind: AdminContentKind, viewer: Viewer, id: number) =>
    [...adminContentKeys.kind(kind), 'one', viewer, id] as const,
};

/** The portal's public query keys a write of each kind makes stale. */
const PUBLIC_KEYS: Record<AdminContentKind, readonly string[]> = {
  articles: ['articles'],
  affairs: ['content'],
  agencies: ['content'],
  ads: ['content'],
  announcements: ['content'],
};

/** GET a page of one kind (empty filters left out). */
export function fetchAdminList<K extends AdminContentKind>(
  kind: K,
  query: ListQueryOf<K>,
): Promise<PageOfKind<K>> {
  return get<PageOfKind<K>>(ADMIN_CONTENT_PATHS[kind], withoutEmpty(query), QUIET);
}

/** GET one row with everything the editor needs (articles and affairs carry their HTML). */
export function fetchAdminOne<K extends AdminContentKind>(kind: K, id: number): Promise<RowOf<K>> {
  return get<RowOf<K>>(`${ADMIN_CONTENT_PATHS[kind]}/${id}`, undefined, QUIET);
}

/** POST a new row. */
export function createAdminRow<K extends AdminContentKind>(kind: K, body: BodyOf<K>): Promise<RowOf<K>> {
  return post<RowOf<K>>(ADMIN_CONTENT_PATHS[kind], body, QUIET);
}

/** PUT the whole row. */
export function updateAdminRow<K extends AdminContentKind>(
  kind: K,
  id: number,
  body: BodyOf<K>,
): Promise<RowOf<K>> {
  return put<RowOf<K>>(`${ADMIN_CONTENT_PATHS[kind]}/${id}`, body, QUIET);
}

/** DELETE a row. */
export function deleteAdminRow(kind: AdminContentKind, id: number): Promise<AdminDeleted> {
  return request<AdminDeleted>({ url: `${ADMIN_CONTENT_PATHS[kind]}/${id}`, method: 'delete', ...QUIET });
}

/** A page of one kind; the previous page stays on screen while the next loads. */
export function useAdminList<K extends AdminContentKind>(kind: K, query: ListQueryOf<K>) {
  const viewer = useViewer();
  return useQuery({
    queryKey: adminContentKeys.list(kind, viewer, query),
    queryFn: () => fetchAdminList(kind, query),
    placeholderData: keepPreviousData,
  });
}

/** One row for the editor (id null: nothing to load, a new row). */
export function useAdminOne<K extends AdminContentKind>(kind: K, id: number | null) {
  const viewer = useViewer();
  return useQuery({
    queryKey: adminContentKeys.one(kind, viewer, id ?? 0),
    queryFn: () => fetchAdminOne(kind, id ?? 0),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Create, update and delete of one kind; each refreshes the lists and the portal's answers. */
export function useAdminWrites<K extends AdminContentKind>(kind: K) {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: adminContentKeys.kind(kind) });
    for (const key of PUBLIC_KEYS[kind]) void client.invalidateQueries({ queryKey: [key] });
  };
  const create = useMutation({
    mutationFn: (body: BodyOf<K>) => createAdminRow(kind, body),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: BodyOf<K> }) => updateAdminRow(kind, id, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteAdminRow(kind, id),
    onSuccess: refresh,
  });
  return { create, update, remove };
}

/** The query without empty strings and undefined values (the server refuses an empty keyword). */
function withoutEmpty<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Partial<T>;
}
