/**
 * 企业会员 seats (issue 30 item 6): a per-seat commodity's buyer (the owner) gives seats to
 * colleagues. A seat belongs to the owner and the commodity, not to one period, so a renewal keeps
 * it: the owner's seat count at a time is the seats of their period(s) of that commodity covering
 * it. The owner always holds one seat themselves (no row); each row is a colleague's seat, held
 * (`holder_user_id` set) or an invitation of a phone not registered yet (holder null), which the
 * registration of that phone turns into a held seat.
 *
 * `membership_periods` is the one relation every benefit check reads: a user's own periods, and
 * for a held seat the owner's periods of the commodity, as long as the seat is within the
 * period's count (seats in the order they were given; the owner's own is the first). A renewal
 * with fewer seats thus suspends the newest seats instead of dropping a colleague at random.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  pgView,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './users.ts';
import { vipCommodities } from './vip.ts';

export const enterpriseSeats = pgTable(
  'enterprise_seats',
  {
    id: serial('id').primaryKey(),
    /** the buyer of the per-seat commodity */
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => vipCommodities.id),
    /** the phone invited; the holder's phone when the seat was given */
    phone: varchar('phone', { length: 11 }).notNull(),
    /** the colleague holding the seat; null while the phone is not registered */
    holderUserId: integer('holder_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** when the holder took the seat; null while invited */
    seatedAt: timestamp('seated_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('enterprise_seats_owner_idx').on(t.ownerUserId, t.commodityId, t.id),
    // A colleague holds at most one enterprise seat, and a phone has one open invitation.
    uniqueIndex('enterprise_seats_holder_uq').on(t.holderUserId).where(sql`${t.holderUserId} is not null`),
    uniqueIndex('enterprise_seats_invited_phone_uq').on(t.phone).where(sql`${t.holderUserId} is null`),
    check('enterprise_seats_seated_ck', sql`(${t.holderUserId} is null) = (${t.seatedAt} is null)`),
  ],
);

/**
 * Every membership period that gives a user benefits: their own (`seat_id` null) and those of the
 * owners whose seats they hold (`seat_id`, `owner_user_id` set). Read it, never `user_memberships`,
 * when deciding what a user may do.
 */
export const membershipPeriods = pgView('membership_periods', {
  userId: integer('user_id').notNull(),
  commodityId: integer('commodity_id').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  seats: smallint('seats').notNull(),
  seatId: integer('seat_id'),
  ownerUserId: integer('owner_user_id'),
}).as(
  sql`select m.user_id, m.commodity_id, m.starts_at, m.expires_at, m.seats, null::integer as seat_id, null::integer as owner_user_id
  from user_memberships m
  union all
  select s.holder_user_id, m.commodity_id, m.starts_at, m.expires_at, 1::smallint, s.id, s.owner_user_id
  from enterprise_seats s
  join user_memberships m on m.user_id = s.owner_user_id and m.commodity_id = s.commodity_id
  where s.holder_user_id is not null
    and (select count(*) from enterprise_seats o
         where o.owner_user_id = s.owner_user_id and o.commodity_id = s.commodity_id and o.id <= s.id) < m.seats`,
);
