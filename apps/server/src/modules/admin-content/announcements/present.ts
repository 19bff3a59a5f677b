/** Presenter of the console's home announcements: dates as ISO instants, `live`. */
import type { AdminAnnouncementRow } from '@steelport/contracts';
import { iso } from '../present.ts';
import type { AdminAnnouncementData } from './repo.ts';

/** One announcement; `live` when it is the one the home page shows now. */
export function presentAdminAnnouncement(
  r: AdminAnnouncementData,
  liveId: number | null,
): AdminAnnouncementRow {
  return {
    ...r,
    startsAt: iso(r.startsAt),
    endsAt: iso(r.endsAt),
    live: r.id === liveId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
