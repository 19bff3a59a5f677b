/**
 * The key under which <ScrollRestoration> keeps a page's scroll position. React Router keys by
 * the history entry, but every page opened by a full load (a login returning from the login site,
 * a link from another site, a typed address) has the same entry key, `default`: a page opened so
 * was scrolled to wherever the previous full load had been left (after registering, the home page
 * opened 490 px down, where the register form's button was). Such a page is keyed by its address
 * instead, so it opens where this tab last left that very page (the spot of a gated action the
 * person logged in or registered from), else at the top.
 */
export function scrollKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}
