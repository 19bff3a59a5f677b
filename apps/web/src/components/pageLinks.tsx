import type { PaginationProps } from 'antd';
import {
  type AnchorHTMLAttributes,
  cloneElement,
  isValidElement,
  type MouseEvent,
  type ReactElement,
} from 'react';
import { useLocation } from 'react-router';

type PageItemRender = NonNullable<PaginationProps['itemRender']>;

/**
 * Page numbers as real links. antd draws them as `<a>` without an address, which search engines
 * cannot follow (Lighthouse: "Links are not crawlable"); a search kept in the URL has an address
 * for every page, so each page link gets it. A plain click still pages in place through antd
 * (the address is not loaded); a click that opens a new tab or window only opens it.
 */
export function pageLinks(hrefOf: (page: number) => string): PageItemRender {
  return (page, type, element) => {
    if (type !== 'page' && type !== 'jump-prev' && type !== 'jump-next') return element;
    if (!isValidElement(element)) return element;
    return cloneElement(element as ReactElement<AnchorHTMLAttributes<HTMLAnchorElement>>, {
      href: hrefOf(page),
      rel: undefined,
      onClick: (event: MouseEvent<HTMLAnchorElement>) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
          event.stopPropagation();
        } else {
          event.preventDefault();
        }
      },
    });
  };
}

/**
 * The address of each page of a screen that keeps its search in the URL with the page under
 * `page` (left out for the first), as /beginMain and the firm pages do: this address with only
 * the page changed. For `pageLinks`.
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
