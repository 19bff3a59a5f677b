/**
 * Every query of the seats module: the owner's per-seat periods, their seats with holders, the
 * seat a user holds, and the writes (invite, seat, remove, reassign, claim on registration). Each
 * function takes `DbOrTx` and runs its queries one after another.
 */
import { and, asc, count, eq, gt, inArray, isNull, lte, max, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  companies,
  enterpriseSeats,
  membershipPeriods,
  orders,
  userMemberships,
  users,
  vipCommodities,
} from '../../db/schema/index.ts';

/** A per-seat commodity by id (on sale or not), or null. */
export async function findCommodity(db: DbOrTx, id: number) {
  const rows = await db
    .select({ id: vipCommodities.id, name: vipCommodities.name, perSeat: vipCommodities.perSeat })
    .from(vipCommodities)
    .where(eq(vipCommodities.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Per per-seat commodity the owner has periods of (own periods only): the seats of the period(s)
 * covering `now` (the largest, 0 when none), the end of the latest one and the first start.
 */
export async function ownerGroups(db: DbOrTx, ownerId: number, now: Date) {
  const at = now.toISOString();
  return db
    .select({
      commodityId: userMemberships.commodityId,
      name: vipCommodities.name,
      bought: sql<number>`coalesce(max(${userMemberships.seats}) filter (where ${userMemberships.startsAt} <= ${at}::timestamptz and ${userMemberships.expiresAt} > ${at}::timestamptz), 0)::int`,
      expiresAt: max(userMemberships.expiresAt),
      firstStart: min(userMemberships.startsAt),
    })
    .from(userMemberships)
    .innerJoin(vipCommodities, eq(vipCommodities.id, userMemberships.commodityId))
    .where(and(eq(userMemberships.userId, ownerId), eq(vipCommodities.perSeat, true)))
    .groupBy(userMemberships.commodityId, vipCommodities.name, vipCommodities.sort)
    .orderBy(asc(vipCommodities.sort), asc(userMemberships.commodityId));
}
export type OwnerGroupRow = Awaited<ReturnType<typeof ownerGroups>>[number];

/** The owner's seats of a commodity (all commodities when null), in the order given. */
export async function seatRows(db: DbOrTx, ownerId: number, commodityId: number | null) {
  const conditions = [eq(enterpriseSeats.ownerUserId, ownerId)];
  if (commodityId !== null) conditions.push(eq(enterpriseSeats.commodityId, commodityId));
  return db
    .select({
      id: enterpriseSeats.id,
      commodityId: enterpriseSeats.commodityId,
      phone: enterpriseSeats.phone,
      holderUserId: enterpriseSeats.holderUserId,
      holderName: users.linkMan,
      seatedAt: enterpriseSeats.seatedAt,
      createdAt: enterpriseSeats.createdAt,
    })
    .from(enterpriseSeats)
    .leftJoin(users, eq(users.id, enterpriseSeats.holderUserId))
    .where(and(...conditions))
    .orderBy(asc(enterpriseSeats.id));
}
export type SeatRow = Awaited<ReturnType<typeof seatRows>>[number];

/** Of these seats, those whose benefits apply at `now` (membership_periods decides). */
export async function effectiveSeats(db: DbOrTx, seatIds: number[], now: Date): Promise<Set<number>> {
  if (!seatIds.length) return new Set();
  const rows = await db
    .selectDistinct({ seatId: membershipPeriods.seatId })
    .from(membershipPeriods)
    .where(
      and(
        inArray(membershipPeriods.seatId, seatIds),
        lte(membershipPeriods.startsAt, now),
        gt(membershipPeriods.expiresAt, now),
      ),
    );
  return new Set(rows.map((r) => r.seatId).filter((id): id is number => id !== null));
}

/** The seat a user holds of someone else's membership, with its owner, or null. */
export async function heldSeat(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      seatId: enterpriseSeats.id,
      commodityId: enterpriseSeats.commodityId,
      name: vipCommodities.name,
      ownerName: users.linkMan,
      ownerPhone: users.phone,
      ownerCompany: companies.name,
      seatedAt: enterpriseSeats.seatedAt,
      createdAt: enterpriseSeats.createdAt,
    })
    .from(enterpriseSeats)
    .innerJoin(users, eq(users.id, enterpriseSeats.ownerUserId))
    .innerJoin(vipCommodities, eq(vipCommodities.id, enterpriseSeats.commodityId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(enterpriseSeats.holderUserId, userId))
    .limit(1);
  return rows[0] ?? null;
}

/** The end of the latest period a seat gives (the owner's, within the seat's count), or null. */
export async function seatExpiry(db: DbOrTx, seatId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(membershipPeriods.expiresAt) })
    .from(membershipPeriods)
    .where(eq(membershipPeriods.seatId, seatId));
  return row?.at ?? null;
}

/**
 * Locks the owner's user row until the transaction ends: two invitations of one owner run one
 * after another, so each counts the seats the other gave.
 */
export async function lockOwner(db: DbOrTx, ownerId: number) {
  const rows = await db
    .select({
      id: users.id,
      phone: users.phone,
      linkMan: users.linkMan,
      lang: users.lang,
      company: companies.name,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, ownerId))
    .limit(1)
    .for('update', { of: users });
  return rows[0] ?? null;
}

/** Seats the owner has given of a commodity (colleagues', held or invited). */
export async function countSeats(db: DbOrTx, ownerId: number, commodityId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(enterpriseSeats)
    .where(and(eq(enterpriseSeats.ownerUserId, ownerId), eq(enterpriseSeats.commodityId, commodityId)));
  return row?.n ?? 0;
}

/** A registered user by phone, or null. */
export async function userByPhone(db: DbOrTx, phone: string) {
  const rows = await db
    .select({ id: users.id, linkMan: users.linkMan })
    .from(users)
    .where(eq(users.phone, phone))
    .limit(1);
  return rows[0] ?? null;
}

/** The seat a user holds (any owner), or null. */
export async function seatHeldBy(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ id: enterpriseSeats.id, ownerUserId: enterpriseSeats.ownerUserId })
    .from(enterpriseSeats)
    .where(eq(enterpriseSeats.holderUserId, userId))
    .limit(1);
  return rows[0] ?? null;
}

/** The open invitation of a phone (any owner), or null. */
export async function invitationOf(db: DbOrTx, phone: string) {
  const rows = await db
    .select({ id: enterpriseSeats.id, ownerUserId: enterpriseSeats.ownerUserId })
    .from(enterpriseSeats)
    .where(and(eq(enterpriseSeats.phone, phone), isNull(enterpriseSeats.holderUserId)))
    .limit(1);
  return rows[0] ?? null;
}

/** One seat with its owner, locked until the transaction ends, or null. */
export async function lockSeat(db: DbOrTx, seatId: number) {
  const rows = await db
    .select()
    .from(enterpriseSeats)
    .where(eq(enterpriseSeats.id, seatId))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}
export type StoredSeat = typeof enterpriseSeats.$inferSelect;

/** Gives a seat (held when `holderUserId` is set, else an invitation); returns the row. */
export async function insertSeat(
  db: DbOrTx,
  input: { ownerUserId: number; commodityId: number; phone: string; holderUserId: number | null; at: Date },
): Promise<StoredSeat> {
  const [row] = await db
    .insert(enterpriseSeats)
    .values({
      ownerUserId: input.ownerUserId,
      commodityId: input.commodityId,
      phone: input.phone,
      holderUserId: input.holderUserId,
      seatedAt: input.holderUserId === null ? null : input.at,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  if (!row) throw new Error('seat not inserted');
  return row;
}

/** Gives an existing seat to another phone (held or invited); keeps its place in the order. */
export async function reassignSeat(
  db: DbOrTx,
  seatId: number,
  input: { phone: string; holderUserId: number | null; at: Date },
): Promise<StoredSeat> {
  const [row] = await db
    .update(enterpriseSeats)
    .set({
      phone: input.phone,
      holderUserId: input.holderUserId,
      seatedAt: input.holderUserId === null ? null : input.at,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .where(eq(enterpriseSeats.id, seatId))
    .returning();
  if (!row) throw new Error('seat not updated');
  return row;
}

/** Removes a seat. */
export async function deleteSeat(db: DbOrTx, seatId: number): Promise<void> {
  await db.delete(enterpriseSeats).where(eq(enterpriseSeats.id, seatId));
}

/** Seats the invitations of `phone` for the user who just registered it; the rows seated. */
export async function claimInvitations(db: DbOrTx, userId: number, phone: string, at: Date) {
  return db
    .update(enterpriseSeats)
    .set({ holderUserId: userId, seatedAt: at, updatedAt: at })
    .where(and(eq(enterpriseSeats.phone, phone), isNull(enterpriseSeats.holderUserId)))
    .returning();
}

/** The buyer, commodities and seat count of an order, or null. */
export async function findOrder(db: DbOrTx, orderId: number) {
  const rows = await db
    .select({ userId: orders.userId, commodityIds: orders.commodityIds, quantity: orders.quantity })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return rows[0] ?? null;
}

/** The phone and name of a user (the owner's own seat in the console). */
export async function userContact(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ phone: users.phone, linkMan: users.linkMan })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}
