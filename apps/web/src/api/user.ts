/**
 * user and uaa domains (docs/api.md#account): the caller's profile, bean history, password and
 * logout.
 */
import {
  type BeanMovement,
  type ChangePasswordBody,
  type Lang,
  type MyInfo,
  type PageOf,
  type ProfileBody,
  type SignInResult,
  TOKEN_HEADER,
} from '@steelport/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveMyInfo, useSession, useViewer, type Viewer } from '../auth/session.ts';
import { get, post, put, type RequestOptions } from './client.ts';

/**
 * Query keys of the user domain, and the cache updates that go with them. The key carries the
 * viewer (the user id), so another login refetches; never the token.
 */
export const userKeys = {
  all: ['user'] as const,
  myInfo: (viewer: Viewer) => [...userKeys.all, 'myInfo', viewer] as const,
  /** One page of the viewer's bean ledger; an unlock (invalidateAll) refetches it with myInfo. */
  beans: (viewer: Viewer, page: number, pageSize: number) =>
    [...userKeys.all, 'beans', viewer, page, pageSize] as const,

  /** Fetches the account again (an unlock spent beans). */
  invalidateAll: (queryClient: QueryClient): Promise<void> =>
    queryClient.invalidateQueries({ queryKey: userKeys.all }),

  /** Forgets the account (logout): the next user must not see it, not even for a moment. */
  removeAll: (queryClient: QueryClient): void => queryClient.removeQueries({ queryKey: userKeys.all }),

  /**
   * Remembers a fresh profile under its user's key and in storage (loginUser, VIP entries), so
   * the header greets the new name at once. Cached first: storing names the viewer, and a token
   * carried over without its user would otherwise fetch the same profile again under the id.
   */
  rememberMyInfo: (queryClient: QueryClient, info: MyInfo): void => {
    queryClient.setQueryData(userKeys.myInfo(info.id), info);
    saveMyInfo(info);
  },
};

/** GET /api/web/user/myInfo (member). */
export function fetchMyInfo(options?: RequestOptions): Promise<MyInfo> {
  return get<MyInfo>('/api/web/user/myInfo', undefined, options);
}

/**
 * The logged-in user's profile; idle while no token is stored or `enabled` is false. `options`
 * go to the request (the login pages pass keepPageOnExpiry).
 */
export function useMyInfo(enabled = true, options?: RequestOptions) {
  const { token } = useSession();
  const viewer = useViewer();
  return useQuery({
    queryKey: userKeys.myInfo(viewer),
    queryFn: () => fetchMyInfo(options),
    enabled: Boolean(token) && enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** GET /api/web/user/beans (member): the caller's bean ledger, newest first. */
export function fetchBeanHistory(page: number, pageSize: number): Promise<PageOf<BeanMovement>> {
  return get<PageOf<BeanMovement>>('/api/web/user/beans', { page, pageSize });
}

/**
 * One page of the logged-in user's bean history (钢豆明细). The previous page stays on screen
 * while the next loads, so the table keeps its height and the pager its place.
 */
export function useBeanHistory(page: number, pageSize: number) {
  const { token } = useSession();
  const viewer = useViewer();
  return useQuery({
    queryKey: userKeys.beans(viewer, page, pageSize),
    queryFn: () => fetchBeanHistory(page, pageSize),
    enabled: Boolean(token),
    // Another page of the same viewer only: a different user must never see these lines.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === viewer ? previous : undefined,
    staleTime: 30_000,
    retry: false,
  });
}

/** POST /api/web/user/signIn (member): 每日签到; `earned` is 0 when already signed in today. */
export function signIn(): Promise<SignInResult> {
  return post<SignInResult>('/api/web/user/signIn', undefined, { silent: true });
}

/** The daily sign-in; the balance and the history are fetched again after it. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => userKeys.invalidateAll(queryClient),
  });
}

/** PUT /api/web/user/profile: contact name and company (naming a company makes a trader). */
export function updateProfile(body: ProfileBody): Promise<MyInfo> {
  return put<MyInfo>('/api/web/user/profile', body, { silent: true });
}

/** Saves contact name and company; the answer replaces the cached profile and loginUser. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (next) => userKeys.rememberMyInfo(queryClient, next),
  });
}

/** PUT /api/web/user/lang: keeps a logged-in user's language choice in their profile. */
export function putLanguage(lang: Lang): Promise<null> {
  return put<null>('/api/web/user/lang', { lang }, { silent: true });
}

/** POST /api/web/user/password. */
export function changePassword(body: ChangePasswordBody): Promise<null> {
  return post<null>('/api/web/user/password', body, { silent: true });
}

/** Changes the password; the session stays, so nothing cached changes. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/**
 * POST /api/uaa/logout with the given token. The token is passed explicitly because the
 * session is cleared locally before the call: logging out must work even when the server is
 * unreachable or the token already expired, so the answer is never shown.
 */
export function postLogout(token: string): Promise<null> {
  return post<null>('/api/uaa/logout', undefined, { silent: true, headers: { [TOKEN_HEADER]: token } });
}
