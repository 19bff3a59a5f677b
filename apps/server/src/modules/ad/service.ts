/**
 * Ads by position (homeBanner, floatAd, sideBar, listTop): only an active ad whose date window
 * contains now is served, so an operator schedules a campaign once and it starts and stops by
 * itself. Every page view asks, so answers are kept 30 s per position.
 */
import type { AdList } from '@steelport/contracts';
import { createCache } from '../../cache.ts';
import { SECOND_MS } from '../../dates.ts';
import type { DbOrTx } from '../../db/client.ts';
import { presentAd } from './present.ts';
import { activeAds } from './repo.ts';

/** How long a position's answer is reused: a scheduled ad starts at most this late. */
export const AD_CACHE_SECONDS = 30;

/** The ad service over the database. */
export function adService(deps: { db: DbOrTx }) {
  const { db } = deps;
  const cache = createCache<AdList>({ name: 'ads', freshMs: AD_CACHE_SECONDS * SECOND_MS, maxEntries: 50 });
  return {
    /** The ads a position shows now, in order. */
    byPosition(positionName: string): Promise<AdList> {
      return cache.get(positionName, async () => (await activeAds(db, positionName)).map(presentAd));
    },
    /**
     * Forgets every position's answer, after an operator's write: this process serves the change
     * at once, other instances within AD_CACHE_SECONDS (as a scheduled start).
     */
    forget(): void {
      cache.clear();
    },
  };
}

/** What `adService` gives. */
export type AdService = ReturnType<typeof adService>;
