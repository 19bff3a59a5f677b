/**
 * Seat rows -> contract shapes: phones masked for the owner and the holder (the console sees them
 * whole), dates as ISO strings.
 */
import { type HeldSeat, type MySeats, maskPhone, type OrderSeats, type SeatItem } from '@steelport/contracts';
import type { heldSeat, OwnerGroupRow, SeatRow } from './repo.ts';

/** The owner as the first seat of a group. */
export interface OwnerContact {
  linkMan: string;
  phone: string;
}

/** The owner's seats of one commodity: their own first, then colleagues' in the order given. */
export function presentGroup(
  group: OwnerGroupRow,
  owner: OwnerContact,
  rows: SeatRow[],
  effective: Set<number>,
): MySeats['groups'][number] {
  const active = group.bought > 0;
  const own: SeatItem = {
    id: null,
    name: owner.linkMan,
    phone: maskPhone(owner.phone),
    state: 'seated',
    owner: true,
    since: (group.firstStart ?? new Date()).toISOString(),
    effective: active,
  };
  return {
    commodityId: group.commodityId,
    name: group.name,
    bought: group.bought,
    used: rows.length + 1,
    active,
    expiresAt: group.expiresAt ? group.expiresAt.toISOString() : null,
    seats: [own, ...rows.map((r) => presentSeat(r, effective))],
  };
}

/** One colleague's seat. */
export function presentSeat(row: SeatRow, effective: Set<number>): SeatItem {
  const seated = row.holderUserId !== null;
  return {
    id: row.id,
    name: seated ? row.holderName : null,
    phone: maskPhone(row.phone),
    state: seated ? 'seated' : 'invited',
    owner: false,
    since: (row.seatedAt ?? row.createdAt).toISOString(),
    effective: seated && effective.has(row.id),
  };
}

/** The seat the caller holds. */
export function presentHeld(
  row: NonNullable<Awaited<ReturnType<typeof heldSeat>>>,
  active: boolean,
  expiresAt: Date | null,
): HeldSeat {
  return {
    seatId: row.seatId,
    commodityId: row.commodityId,
    name: row.name,
    ownerName: row.ownerName,
    ownerCompany: row.ownerCompany,
    ownerPhone: maskPhone(row.ownerPhone),
    since: (row.seatedAt ?? row.createdAt).toISOString(),
    active,
    expiresAt: expiresAt ? expiresAt.toISOString() : null,
  };
}

/** An order's seats for the console: phones whole. */
export function presentOrderSeats(
  quantity: number,
  group: OwnerGroupRow | undefined,
  owner: OwnerContact,
  rows: SeatRow[],
): OrderSeats {
  return {
    quantity,
    bought: group?.bought ?? 0,
    used: rows.length + 1,
    holders: [
      {
        id: null,
        name: owner.linkMan,
        phone: owner.phone,
        state: 'seated',
        owner: true,
        since: (group?.firstStart ?? new Date()).toISOString(),
      },
      ...rows.map((r) => ({
        id: r.id,
        name: r.holderUserId !== null ? r.holderName : null,
        phone: r.phone,
        state: r.holderUserId !== null ? ('seated' as const) : ('invited' as const),
        owner: false,
        since: (r.seatedAt ?? r.createdAt).toISOString(),
      })),
    ],
  };
}
