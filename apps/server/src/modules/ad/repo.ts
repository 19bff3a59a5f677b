/** SQL of ads: the ads a position shows now. */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';

/**
 * The active ads of a position whose window contains now (an open end is no limit), by sort:
 * switched-off, expired and not-yet-started ads are never returned.
 */
export async function activeAds(db: DbOrTx, positionName: string) {
  return db
    .select({
      id: ads.id,
      positionName: ads.positionName,
      title: ads.title,
      imageUrl: ads.imageUrl,
      linkUrl: ads.linkUrl,
      sort: ads.sort,
      startsAt: ads.startsAt,
      endsAt: ads.endsAt,
    })
    .from(ads)
    .where(
      and(
        eq(ads.positionName, positionName),
        eq(ads.active, true),
        or(isNull(ads.startsAt), lte(ads.startsAt, sql`now()`)),
        or(isNull(ads.endsAt), gt(ads.endsAt, sql`now()`)),
      ),
    )
    .orderBy(asc(ads.sort), asc(ads.id))
    .limit(20);
}
export type AdRow = Awaited<ReturnType<typeof activeAds>>[number];
