/**
 * Where a login may send the browser afterwards. The `redirect` query parameter comes from a
 * link anybody can craft, and the carry-over puts the new token into the target's address, so
 * an unchecked target would hand the session to any site (an open redirect that leaks tokens).
 */

/** The login site's own pages: returning there after a login would only show them again. */
function isLoginPage(pathname: string): boolean {
  return pathname === '/login' || pathname.startsWith('/login/') || pathname.startsWith('/m/qr/');
}

/**
 * The absolute URL to go to after a login: `raw` when it is relative, on `currentOrigin`, or on
 * one of `allowedOrigins` (the site config's allowedEmbedOrigins); otherwise `/` of this site.
 */
export function safeRedirectTarget(
  raw: string | null | undefined,
  currentOrigin: string,
  allowedOrigins: readonly string[],
): string {
  const home = new URL('/', currentOrigin).href;
  if (!raw?.trim()) return home;
  let url: URL;
  try {
    // Relative targets resolve against this site; `//evil.example` and `/\evil.example` become
    // absolute URLs on that host and are judged like any other foreign origin.
    url = new URL(raw.trim(), currentOrigin);
  } catch {
    return home;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return home;
  if (url.username || url.password) return home;
  if (url.origin === currentOrigin) {
    return isLoginPage(url.pathname) ? home : url.href;
  }
  // Exact origins only: a '*' in the configuration never allows every site.
  return allowedOrigins.includes(url.origin) ? url.href : home;
}
