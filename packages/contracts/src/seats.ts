/**
 * 企业会员 seats (issue 30 item 6): the buyer of a per-seat commodity (the owner) holds one seat
 * and gives the others to colleagues by phone. A registered phone is seated at once; another is
 * invited (SMS) and seated when it registers. A seat belongs to the owner and the commodity, so a
 * renewal keeps it; a seated colleague has the commodity's benefits while the owner's period is
 * active. Phones are masked in the owner's list; the console sees them whole.
 */
import { type Static, Type } from 'typebox';
import { Phone } from './account.ts';
import { Id } from './envelope.ts';

/** A seat is held (seated) or waiting for its phone to register (invited). */
export const SEAT_STATES = ['seated', 'invited'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

const DateTime = Type.String({ format: 'date-time' });

/** One seat of the owner's list: the owner's own first, then colleagues' in the order given. */
export const SeatItem = Type.Object({
  /** null for the owner's own seat, which cannot be removed or reassigned */
  id: Type.Union([Type.Integer(), Type.Null()]),
  /** the holder's contact name; null while invited */
  name: Type.Union([Type.String(), Type.Null()]),
  /** masked: 138****1234 */
  phone: Type.String(),
  state: Type.Enum(SEAT_STATES),
  owner: Type.Boolean(),
  /** when the seat was given (seated) or the invitation sent */
  since: DateTime,
  /** false when the owner's period has ended or holds fewer seats than are given (newest first) */
  effective: Type.Boolean(),
});
export type SeatItem = Static<typeof SeatItem>;

/** The owner's seats of one per-seat commodity. */
export const SeatGroup = Type.Object({
  commodityId: Type.Integer(),
  name: Type.String(),
  /** seats of the period covering now; 0 when none does */
  bought: Type.Integer(),
  /** seats given, the owner's own included */
  used: Type.Integer(),
  /** a period covers now */
  active: Type.Boolean(),
  /** end of the latest period */
  expiresAt: Type.Union([DateTime, Type.Null()]),
  seats: Type.Array(SeatItem),
});
export type SeatGroup = Static<typeof SeatGroup>;

/** The seat the caller holds of someone else's membership. */
export const HeldSeat = Type.Object({
  seatId: Type.Integer(),
  commodityId: Type.Integer(),
  /** the commodity: 企业会员 */
  name: Type.String(),
  ownerName: Type.String(),
  ownerCompany: Type.Union([Type.String(), Type.Null()]),
  /** masked */
  ownerPhone: Type.String(),
  since: DateTime,
  /** its benefits apply now */
  active: Type.Boolean(),
  expiresAt: Type.Union([DateTime, Type.Null()]),
});
export type HeldSeat = Static<typeof HeldSeat>;

/** GET /api/web/seats: the seats the caller owns (per commodity) and the one they hold. */
export const MySeats = Type.Object({
  groups: Type.Array(SeatGroup),
  held: Type.Union([HeldSeat, Type.Null()]),
});
export type MySeats = Static<typeof MySeats>;

export const SeatInviteBody = Type.Object({
  commodityId: Id('按席位购买的会员商品 id（企业会员）'),
  phone: Phone,
});
export type SeatInviteBody = Static<typeof SeatInviteBody>;

export const SeatReassignBody = Type.Object({ phone: Phone });
export type SeatReassignBody = Static<typeof SeatReassignBody>;

/** An order's seats as the operator console shows them (phones whole). */
export const OrderSeats = Type.Object({
  /** seats the order bought */
  quantity: Type.Integer(),
  /** the owner's seat count now (the period covering now) */
  bought: Type.Integer(),
  used: Type.Integer(),
  holders: Type.Array(
    Type.Object({
      id: Type.Union([Type.Integer(), Type.Null()]),
      name: Type.Union([Type.String(), Type.Null()]),
      phone: Type.String(),
      state: Type.Enum(SEAT_STATES),
      owner: Type.Boolean(),
      since: DateTime,
    }),
  ),
});
export type OrderSeats = Static<typeof OrderSeats>;
