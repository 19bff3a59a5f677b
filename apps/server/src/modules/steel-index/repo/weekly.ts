/**
 * SQL of the weekly index reviews: the index days they are written from. The reviews are filed
 * through the article module's writer of generated articles (article/generated.ts).
 */
import { and, asc, gte, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { indexDays } from '../../../db/schema/index.ts';

/** Every index's days from `from` to `to` with the fields a review quotes. */
export async function reviewDays(db: DbOrTx, from: string, to: string) {
  return db
    .select({
      indexId: indexDays.indexId,
      day: indexDays.day,
      priceFen: indexDays.priceFen,
      points: indexDays.points,
      stockKg: indexDays.stockKg,
      dealKg: indexDays.dealKg,
      tradingKg: indexDays.tradingKg,
      sampleCount: indexDays.sampleCount,
      removedOutliers: indexDays.removedOutliers,
      provisional: indexDays.provisional,
    })
    .from(indexDays)
    .where(and(gte(indexDays.day, from), lte(indexDays.day, to)))
    .orderBy(asc(indexDays.indexId), asc(indexDays.day));
}
