/**
 * The end of every login on the login site (password, registration, QR): remember the session
 * here, then return to the `redirect` target through the carry-over query, exactly as a login
 * site on another origin must, since it cannot write the portal's storage.
 */
import type { LoginUser, MyInfo } from '@steelport/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { loadSiteConfig } from '../../api/common.ts';
import { buildCarryOverUrl } from '../../auth/carryOver.ts';
import { rememberLogin } from '../../auth/login.ts';
import { safeRedirectTarget } from '../../auth/redirect.ts';
import type { Language } from '../../i18n/index.ts';
import { currentLanguage } from '../../i18n/language.ts';

/**
 * Returns `leaving` (true once a login is being handed on: the page shows a short notice
 * instead of its forms) and `complete`, which stores the login and leaves for the redirect.
 * `returnTo` hands an existing session on without storing anything (您已登录 → 返回).
 */
export function useCompleteLogin() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const redirect = params.get('redirect');

  const returnTo = useCallback(
    async (
      token: string,
      user: LoginUser | MyInfo,
      lang: Language = currentLanguage(),
      options: { registered?: boolean } = {},
    ) => {
      setLeaving(true);
      const site = await loadSiteConfig(queryClient);
      const target = safeRedirectTarget(redirect, window.location.origin, site.allowedEmbedOrigins);
      window.location.assign(buildCarryOverUrl(target, { token, user }, lang, options));
    },
    [queryClient, redirect],
  );

  /** `registered`: the login is a new account's, so the page it returns to welcomes it. */
  const complete = useCallback(
    (login: { token: string; user: MyInfo }, options: { registered?: boolean } = {}) => {
      setLeaving(true);
      // The language carried on: the user's own choice, else the one this page shows.
      void rememberLogin(login.token, login.user).then((lang) =>
        returnTo(login.token, login.user, lang, options),
      );
    },
    [returnTo],
  );

  return { leaving, complete, returnTo, hasRedirect: Boolean(redirect) };
}
