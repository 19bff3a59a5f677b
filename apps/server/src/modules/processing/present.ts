/** Processing offers and group orders as the API shows them: fen -> 元, progress in %. */
import {
  type GroupOrder,
  type GroupOrderState,
  PROCESSING_LINE_TYPES,
  type ProcessingEnquiryResult,
  type ProcessingMenus,
  type ProcessingOffer,
} from '@steelport/contracts';
import { toPercent, toYuan } from '../../present.ts';
import type { LockedOffer, menuCounts, OfferRow } from './repo.ts';

interface GroupFields {
  groupOpen: boolean;
  groupTargetTonnes: number;
  groupJoinedTonnes: number;
  groupDeadline: string | null;
}

/** A group order's state on `today`: full beats closed, so a filled order reads 已满. */
export function groupState(g: GroupFields, today: string): GroupOrderState {
  if (g.groupJoinedTonnes >= g.groupTargetTonnes) return 'full';
  if (!g.groupOpen || (g.groupDeadline !== null && g.groupDeadline < today)) return 'closed';
  return 'open';
}

/** The group order of an offer, or null when the plant runs none on it. */
export function presentGroup(g: GroupFields, members: number, today: string): GroupOrder | null {
  if (g.groupTargetTonnes <= 0) return null;
  return {
    targetTonnes: g.groupTargetTonnes,
    joinedTonnes: g.groupJoinedTonnes,
    leftTonnes: Math.max(0, g.groupTargetTonnes - g.groupJoinedTonnes),
    progress: toPercent(g.groupJoinedTonnes / g.groupTargetTonnes),
    deadline: g.groupDeadline,
    state: groupState(g, today),
    members,
  };
}

/** One offer of the list. */
export function presentOffer(r: OfferRow, today: string): ProcessingOffer {
  return {
    id: r.id,
    plantName: r.plantName,
    lineType: r.lineType,
    thicknessMin: r.thicknessMin,
    thicknessMax: r.thicknessMax,
    widthMin: r.widthMin,
    widthMax: r.widthMax,
    city: r.city,
    address: r.address,
    price: toYuan(r.priceFen),
    freeCapacityTonnes: r.freeCapacityTonnes,
    intro: r.intro,
    group: presentGroup(r, Number(r.members), today),
    myTonnes: r.myTonnes ? Number(r.myTonnes) : null,
  };
}

/** The menus: every line type in its fixed order (0 when none), cities by count. */
export function presentMenus(m: Awaited<ReturnType<typeof menuCounts>>): ProcessingMenus {
  const byLine = new Map(m.lines.map((l) => [l.value, l.count]));
  return {
    lineTypes: PROCESSING_LINE_TYPES.map((value) => ({ value, count: byLine.get(value) ?? 0 })),
    cities: m.cities.map((c) => ({ value: c.value, count: c.count })),
    openGroups: m.open,
  };
}

/** The answer of an enquiry or join: the plant's contact and the group order as it stands now. */
export function presentEnquiry(
  offer: LockedOffer,
  myTonnes: number,
  members: number,
  today: string,
): ProcessingEnquiryResult {
  return {
    offerId: offer.id,
    plantName: offer.plantName,
    contactName: offer.contactName,
    contactPhone: offer.contactPhone,
    address: offer.address,
    city: offer.city,
    myTonnes: myTonnes > 0 ? myTonnes : null,
    group: presentGroup(offer, members, today),
  };
}
