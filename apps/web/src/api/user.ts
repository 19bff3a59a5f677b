/** user and uaa domains: the caller's profile, password and logout (API.md account). */
import { type MyInfo, TOKEN_HEADER } from '@steelport/contracts';
import { useQuery } from '@tanstack/react-query';
import type { AxiosRequestConfig } from 'axios';
import { get, post, put } from './client.ts';

/** Query keys of the user domain; the token is part of the key so a new login refetches. */
export const userKeys = {
  all: ['user'] as const,
  myInfo: (token: string | null) => [...userKeys.all, 'myInfo', token] as const,
};

/** GET /api/web/user/myInfo (member). */
export function fetchMyInfo(options?: AxiosRequestConfig): Promise<MyInfo> {
  return get<MyInfo>('/api/web/user/myInfo', undefined, options);
}

/**
 * The logged-in user's profile; idle while no token is stored. `options` go to the request
 * (the login pages pass keepPageOnExpiry).
 */
export function useMyInfo(token: string | null, options?: AxiosRequestConfig) {
  return useQuery({
    queryKey: userKeys.myInfo(token),
    queryFn: () => fetchMyInfo(options),
    enabled: Boolean(token),
    staleTime: 60_000,
    retry: false,
  });
}

/** PUT /api/web/user/profile: contact name and company (naming a company makes a trader). */
export function updateProfile(body: { linkMan: string; company?: string }): Promise<MyInfo> {
  return put<MyInfo>('/api/web/user/profile', body, { silent: true });
}

/** POST /api/web/user/password. */
export function changePassword(body: { oldPassword: string; newPassword: string }): Promise<null> {
  return post<null>('/api/web/user/password', body, { silent: true });
}

/**
 * POST /api/uaa/logout with the given token. The token is passed explicitly because the
 * session is cleared locally before the call: logging out must work even when the server is
 * unreachable or the token already expired, so the answer is never shown.
 */
export function postLogout(token: string): Promise<null> {
  return post<null>('/api/uaa/logout', undefined, { silent: true, headers: { [TOKEN_HEADER]: token } });
}
