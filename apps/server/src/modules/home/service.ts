/**
 * The home page's own blocks. Newest spot stock is its own small read rather than a lot search:
 * a search counts against the anti-scraping window (search/guard.ts), and every visit of the home
 * page must not spend a visitor's searches. It names no contact, so nothing is masked, and the
 * answer is shared for a minute.
 */
import { type HomeAnnouncement, NEWEST_CARGO_ROWS, type NewestCargo } from '@steelport/contracts';
import { createCache } from '../../cache.ts';
import { SECOND_MS } from '../../dates.ts';
import type { DbOrTx } from '../../db/client.ts';
import { presentAnnouncement, presentNewestCargo } from './present.ts';
import { currentAnnouncement, newestCargo } from './repo.ts';

const FRESH_SECONDS = 60;

/** The home service over the database. */
export function homeService(deps: { db: DbOrTx }) {
  const { db } = deps;
  const cache = createCache<NewestCargo>({
    name: 'home:newestCargo',
    freshMs: FRESH_SECONDS * SECOND_MS,
    maxEntries: 1,
  });
  return {
    /** The newest lots on sale. */
    newestCargo(): Promise<NewestCargo> {
      return cache.get('newest', async () => ({
        list: (await newestCargo(db, NEWEST_CARGO_ROWS)).map(presentNewestCargo),
        cachedForSeconds: FRESH_SECONDS,
      }));
    },

    /**
     * The announcement shown now (the newest active one in its window), or null. Not cached: one
     * indexed row, and an operator's change shows on the next visit.
     */
    async announcement(): Promise<HomeAnnouncement> {
      return presentAnnouncement(await currentAnnouncement(db));
    },
  };
}
