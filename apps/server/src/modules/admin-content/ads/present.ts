/** Presenter of the console's ads: dates as ISO instants, the image with its upload id, `live`. */
import type { AdminAdRow } from '@steelport/contracts';
import { inWindow, iso, uploadIdOf } from '../present.ts';
import type { AdminAdData } from './repo.ts';

/** One ad; `live` when the portal serves it now. */
export function presentAdminAd(r: AdminAdData, now: Date): AdminAdRow {
  return {
    ...r,
    imageUploadId: uploadIdOf(r.imageUrl),
    startsAt: iso(r.startsAt),
    endsAt: iso(r.endsAt),
    live: r.active && inWindow(r.startsAt, r.endsAt, now),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
