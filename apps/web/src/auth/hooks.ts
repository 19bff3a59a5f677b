/** Session hooks the header and layout use. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSiteConfig } from '../api/common.ts';
import { postLogout, useMyInfo, userKeys } from '../api/user.ts';
import { postTokenToParent } from './embedBridge.ts';
import { clearSession, getToken, useSession } from './session.ts';

/** Refreshes loginUser, VIPINFO and memberVipInfo from myInfo whenever a token is stored. */
export function useMyInfoSync(): void {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const { data } = useMyInfo();
  useEffect(() => {
    // The answer may belong to a token that was replaced or removed meanwhile.
    if (data && token && getToken() === token) userKeys.rememberMyInfo(queryClient, data);
  }, [data, token, queryClient]);
}

/**
 * Logout (docs/portal.md#logout-and-expired-sessions): clear the stored session, go to `to`
 * (`/`; null stays on the screen, as the login page does), and revoke the token on the server.
 */
export function useLogout(to: string | null = '/'): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    const token = getToken();
    const end = () => {
      clearSession();
      userKeys.removeAll(queryClient);
      // A failed revoke changes nothing for the user: the token is gone from this browser.
      if (token) postLogout(token).catch(() => undefined);
    };
    // Leave first: a members-only screen that saw the session end before the navigation would
    // send the user to the login page instead of home.
    if (to === null) end();
    else void Promise.resolve(navigate(to)).finally(end);
  }, [navigate, queryClient, to]);
}

/** Posts the token to an embedding parent window, only for the configured origins. */
export function useEmbedTokenBridge(): void {
  const { token } = useSession();
  const { allowedEmbedOrigins } = useSiteConfig();
  useEffect(() => {
    postTokenToParent(window, token, allowedEmbedOrigins);
  }, [token, allowedEmbedOrigins]);
}
