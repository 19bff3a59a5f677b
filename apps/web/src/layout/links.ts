/** Link to the login site that brings the user back to `currentUrl` afterwards. */
export function loginSiteHref(loginSiteUrl: string, currentUrl: string, register = false): string {
  const separator = loginSiteUrl.includes('?') ? '&' : '?';
  const mode = register ? '&mode=register' : '';
  return `${loginSiteUrl}${separator}redirect=${encodeURIComponent(currentUrl)}${mode}`;
}
