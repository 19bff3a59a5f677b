import { useMatches } from 'react-router';
import { type RouteMeta, resolveRouteMeta } from './routeMeta.ts';

/** Layout flags, menu entry and page of the current route, from the route table's handles. */
export function useRouteMeta(): RouteMeta {
  return resolveRouteMeta(useMatches());
}
