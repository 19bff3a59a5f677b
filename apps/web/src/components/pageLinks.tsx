import { useLocation } from 'react-router';

/**
 * The address of each page of a screen that keeps its search in the URL with the page under
 * `page` (left out for the first), as /beginMain and the firm pages do: this address with only
 * the page changed. For `Pager` and `DataTable`'s `hrefOf`.
 */
export function usePageHref(): (page: number) => string {
  const { pathname, search } = useLocation();
  return (page) => {
    const params = new URLSearchParams(search);
    if (page > 1) params.set('page', String(page));
    else params.delete('page');
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
}
