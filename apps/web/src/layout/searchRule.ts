/**
 * The search bar's rule (docs/portal.md#search-bar): a search is sent only when the trimmed text
 * is non-empty, except when the current URL already carries indexSearch; then it is sent
 * regardless, so clearing the box on a result page shows the unfiltered list.
 */
export const SEARCH_PATH = '/quotation';
export const SEARCH_PARAM = 'indexSearch';

/** Returns where a search for `text` goes from a page whose query is `currentSearch`, or null. */
export function searchTarget(text: string, currentSearch: string): string | null {
  const trimmed = text.trim();
  const hasIndexSearch = new URLSearchParams(currentSearch).has(SEARCH_PARAM);
  if (trimmed === '' && !hasIndexSearch) return null;
  return `${SEARCH_PATH}?${SEARCH_PARAM}=${encodeURIComponent(trimmed)}`;
}
