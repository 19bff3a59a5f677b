import { useLocation, useMatches } from 'react-router';
import { type RouteMeta, resolveRouteMeta } from './routeMeta.ts';

/**
 * Layout flags, menu entry and page of the current route, from the route table's handles (and,
 * for a screen opened from several sections, the `?from=` of its URL).
 */
export function useRouteMeta(): RouteMeta {
  const { search } = useLocation();
  return resolveRouteMeta(useMatches(), new URLSearchParams(search));
}
