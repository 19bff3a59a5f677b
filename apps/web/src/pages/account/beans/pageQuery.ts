import { PageQuery } from '@steelport/contracts';

// The API's own bound on `page` (contracts PageQuery), so the two never disagree.
const MAX_PAGE = Number((PageQuery.properties.page as { maximum?: number }).maximum ?? 100_000);

/**
 * The page number of `?page=` on /account/beans: a whole number from 1 up to the API's limit;
 * a hand-edited value the server would refuse is dropped (page 1), not sent.
 */
export function pageFromQuery(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}
