/**
 * 免费订阅 (issue 19): saved searches, index alerts, the digest settings and the inbox they fill,
 * with the live unread count. Every call goes through `api/client.ts`; the server decides who
 * may keep how many (member 1, VIP 50) and answers a limit reached with code 1 and its reason.
 */
import type {
  DigestSettings,
  DigestSettingsUpdate,
  InboxEvent,
  InboxItem,
  InboxRead,
  IndexAlert,
  IndexAlertCreate,
  PageOf,
  SavedSearch,
  SavedSearchCreate,
  SavedSearchUpdate,
  SubscriptionOverview,
} from '@steelport/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession, useViewer, type Viewer } from '../auth/session.ts';
import { get, post, put, request } from './client.ts';

/** Query keys; the viewer is part of each, so another login never sees the last one's inbox. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  overview: (viewer: Viewer) => [...subscriptionKeys.all, 'overview', viewer] as const,
  matches: (viewer: Viewer, id: number) => [...subscriptionKeys.all, 'matches', viewer, id] as const,
  settings: (viewer: Viewer) => [...subscriptionKeys.all, 'settings', viewer] as const,
  inbox: (viewer: Viewer, page: number, pageSize: number, unreadOnly: boolean) =>
    [...subscriptionKeys.all, 'inbox', viewer, page, pageSize, unreadOnly] as const,
  unread: (viewer: Viewer) => [...subscriptionKeys.all, 'unread', viewer] as const,
  /** Fetches the list, matches and inbox again after a change. */
  invalidate: (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
};

// ---------------------------------------------------------------------------------------------
// Saved searches and index alerts

/** GET /api/web/subscription/list: the caller's searches and alerts, with its limits. */
export function fetchSubscriptions(): Promise<SubscriptionOverview> {
  return get<SubscriptionOverview>('/api/web/subscription/list');
}

/** The caller's subscriptions; idle for a visitor. */
export function useSubscriptions(enabled = true) {
  const viewer = useViewer();
  return useQuery({
    queryKey: subscriptionKeys.overview(viewer),
    queryFn: fetchSubscriptions,
    enabled: enabled && viewer !== 'visitor',
    staleTime: 15_000,
    retry: false,
  });
}

/** POST /api/web/subscription/search (silent: the dialog shows the server's reason). */
export function createSavedSearch(body: SavedSearchCreate): Promise<SavedSearch> {
  return post<SavedSearch>('/api/web/subscription/search', body, { silent: true });
}

/** PATCH /api/web/subscription/search/{id}: rename, pause or resume. */
export function updateSavedSearch(id: number, body: SavedSearchUpdate): Promise<SavedSearch> {
  return request<SavedSearch>({ method: 'PATCH', url: `/api/web/subscription/search/${id}`, data: body });
}

/** DELETE /api/web/subscription/search/{id}: the search and the inbox items it found. */
export function removeSavedSearch(id: number): Promise<unknown> {
  return request({ method: 'DELETE', url: `/api/web/subscription/search/${id}` });
}

/** GET /api/web/subscription/search/{id}/matches: its latest matches, newest first. */
export function fetchSearchMatches(id: number): Promise<InboxItem[]> {
  return get<InboxItem[]>(`/api/web/subscription/search/${id}/matches`);
}

/** The latest matches of one saved search, fetched when `enabled` (the row is opened). */
export function useSearchMatches(id: number, enabled: boolean) {
  const viewer = useViewer();
  return useQuery({
    queryKey: subscriptionKeys.matches(viewer, id),
    queryFn: () => fetchSearchMatches(id),
    enabled,
    staleTime: 15_000,
    retry: false,
  });
}

/** POST /api/web/subscription/index-alert (silent: the dialog shows the server's reason). */
export function createIndexAlert(body: IndexAlertCreate): Promise<IndexAlert> {
  return post<IndexAlert>('/api/web/subscription/index-alert', body, { silent: true });
}

/** PATCH /api/web/subscription/index-alert/{id}: pause or resume. */
export function updateIndexAlert(id: number, paused: boolean): Promise<IndexAlert> {
  return request<IndexAlert>({
    method: 'PATCH',
    url: `/api/web/subscription/index-alert/${id}`,
    data: { paused },
  });
}

/** DELETE /api/web/subscription/index-alert/{id}. */
export function removeIndexAlert(id: number): Promise<unknown> {
  return request({ method: 'DELETE', url: `/api/web/subscription/index-alert/${id}` });
}

/** Runs a subscription change and refetches the list, matches and inbox afterwards. */
export function useSubscriptionChange<A, R>(run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => subscriptionKeys.invalidate(queryClient),
  });
}

// ---------------------------------------------------------------------------------------------
// Digest settings

/** GET /api/web/subscription/settings. */
export function useDigestSettings() {
  const viewer = useViewer();
  return useQuery({
    queryKey: subscriptionKeys.settings(viewer),
    queryFn: () => get<DigestSettings>('/api/web/subscription/settings'),
    enabled: viewer !== 'visitor',
    retry: false,
  });
}

/** PUT /api/web/subscription/settings: the answer replaces the cached settings. */
export function useSaveDigestSettings() {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DigestSettingsUpdate) => put<DigestSettings>('/api/web/subscription/settings', body),
    onSuccess: (settings) => queryClient.setQueryData(subscriptionKeys.settings(viewer), settings),
  });
}

// ---------------------------------------------------------------------------------------------
// Inbox

/** GET /api/web/inbox/page: newest first. */
export function fetchInbox(page: number, pageSize: number, unreadOnly: boolean): Promise<PageOf<InboxItem>> {
  return get<PageOf<InboxItem>>('/api/web/inbox/page', {
    page,
    pageSize,
    ...(unreadOnly ? { unreadOnly: true } : {}),
  });
}

/** One page of the inbox; the previous page stays on screen while the next loads. */
export function useInbox(page: number, pageSize: number, unreadOnly: boolean) {
  const viewer = useViewer();
  return useQuery({
    queryKey: subscriptionKeys.inbox(viewer, page, pageSize, unreadOnly),
    queryFn: () => fetchInbox(page, pageSize, unreadOnly),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === viewer ? previous : undefined,
    retry: false,
  });
}

/** POST /api/web/inbox/read: the named items, or all of them. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InboxRead) => post<InboxEvent>('/api/web/inbox/read', body),
    onSettled: () => subscriptionKeys.invalidate(queryClient),
  });
}

/** The stream's address; EventSource cannot send the token header, so it rides in the query. */
export function inboxStreamUrl(token: string): string {
  return `/api/web/inbox/stream?token=${encodeURIComponent(token)}`;
}

/**
 * The caller's unread count, kept live: fetched once, then every `inbox` event of the server's
 * stream (server-sent events) replaces it and refetches the open inbox and lists, so a match
 * found on any instance shows in this tab within moments, without a reload. The stream closes on
 * logout (the session changes) and when the server says the session ended.
 */
export function useUnreadCount(): number {
  const session = useSession();
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const token = session.token;
  const unread = useQuery({
    queryKey: subscriptionKeys.unread(viewer),
    queryFn: () => get<InboxEvent>('/api/web/inbox/unread', undefined, { silent: true }),
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let parked = false;
    const onInbox = (event: MessageEvent<string>) => {
      const data = JSON.parse(event.data) as InboxEvent;
      queryClient.setQueryData(subscriptionKeys.unread(viewer), data);
      if (data.added > 0) {
        void queryClient.invalidateQueries({
          queryKey: subscriptionKeys.all,
          predicate: (query) => query.queryKey[1] !== 'unread',
        });
      }
    };
    const open = () => {
      parked = false;
      const current = new EventSource(inboxStreamUrl(token));
      source = current;
      current.addEventListener('inbox', onInbox);
      // The session ended on the server (logout elsewhere, account disabled): stop reconnecting;
      // the next call answers code 3 and the client clears the session.
      current.addEventListener('logout', () => current.close());
      // More of this user's tabs stream than the server keeps, and this one is the oldest: wait
      // until the tab is looked at again (the stream then starts with the unread count), rather
      // than reconnect at once and push another tab out in turn.
      current.addEventListener('replaced', () => {
        current.close();
        parked = true;
      });
    };
    const onVisible = () => {
      if (parked && document.visibilityState === 'visible') open();
    };
    open();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      source?.close();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token, viewer, queryClient]);

  return token ? (unread.data?.unread ?? 0) : 0;
}
