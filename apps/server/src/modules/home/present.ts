/** Presenters of the home page's blocks: kg -> 吨, fen -> 元. */
import type { HomeAnnouncement, NewestCargoItem } from '@steelport/contracts';
import { toTonnes, toYuan } from '../../present.ts';
import type { AnnouncementRow, NewestCargoRow } from './repo.ts';

/** One newest-stock row. */
export function presentNewestCargo(r: NewestCargoRow): NewestCargoItem {
  const { weightKg, priceFen, updatedAt, ...rest } = r;
  return { ...rest, weight: toTonnes(weightKg), price: toYuan(priceFen), updatedAt: updatedAt.toISOString() };
}

/** The home announcement; a link that is neither a site path nor http(s) is dropped. */
export function presentAnnouncement(r: AnnouncementRow | null): HomeAnnouncement {
  if (!r) return null;
  return {
    ...r,
    linkUrl: /^(\/(?!\/)|https?:\/\/)/i.test(r.linkUrl) ? r.linkUrl : '',
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
  };
}
