/**
 * Every query of shared processing (共享加工): offers with their group orders, the filter
 * menus, a member's enquiry or share, and the operators' writes (offers, enquiries' follow-up,
 * their row locks). Functions take `DbOrTx` and run their queries one after another.
 */
import { and, asc, count, desc, eq, gt, gte, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import { type EnquiryStatus, processingEnquiries, processingOffers } from '../../db/schema/index.ts';

export interface OfferFilter {
  lineType?: string;
  city?: string;
  thickness?: number;
  width?: number;
  groupOnly?: boolean;
  sort: 'default' | 'price' | 'capacity' | 'deadline';
}

const o = processingOffers;

/** Offers whose group order a member can join on `today` (YYYY-MM-DD, Shanghai). */
export function joinableCondition(today: string): SQL {
  return and(
    eq(o.groupOpen, true),
    lt(o.groupJoinedTonnes, o.groupTargetTonnes),
    or(isNull(o.groupDeadline), gte(o.groupDeadline, today)),
  ) as SQL;
}

function offerConditions(filter: OfferFilter, today: string): SQL[] {
  const where: SQL[] = [eq(o.active, true)];
  if (filter.lineType) where.push(eq(o.lineType, filter.lineType as (typeof o.lineType.enumValues)[number]));
  if (filter.city) where.push(eq(o.city, filter.city));
  if (filter.thickness !== undefined)
    where.push(lte(o.thicknessMin, filter.thickness), gte(o.thicknessMax, filter.thickness));
  if (filter.width !== undefined) where.push(lte(o.widthMin, filter.width), gte(o.widthMax, filter.width));
  if (filter.groupOnly) where.push(joinableCondition(today));
  return where;
}

const ORDER: Record<OfferFilter['sort'], SQL[]> = {
  // joinable group orders first, then the operators' order
  default: [desc(o.groupOpen), asc(o.sort), asc(o.id)],
  price: [asc(o.priceFen), asc(o.id)],
  capacity: [desc(o.freeCapacityTonnes), asc(o.id)],
  deadline: [sql`${o.groupDeadline} asc nulls last`, asc(o.id)],
};

/**
 * One page of active offers with each group order's member count and, for a member, their own
 * share (null for a visitor or when they have no share).
 */
export async function offersPage(
  db: DbOrTx,
  filter: OfferFilter,
  today: string,
  page: number,
  pageSize: number,
  userId: number | null,
) {
  const where = and(...offerConditions(filter, today));
  // Qualified by hand: inside sql`` Drizzle writes a one-table select's columns unqualified.
  const members = sql<number>`(select count(*)::int from processing_enquiries pe where pe.offer_id = "processing_offers"."id" and pe.tonnes > 0)`;
  const mine =
    userId === null
      ? sql<number | null>`null::int`
      : sql<
          number | null
        >`(select pe.tonnes from processing_enquiries pe where pe.offer_id = "processing_offers"."id" and pe.user_id = ${userId})`;
  const [rows, [total]] = await inSequence([
    db
      .select({
        id: o.id,
        plantName: o.plantName,
        lineType: o.lineType,
        thicknessMin: o.thicknessMin,
        thicknessMax: o.thicknessMax,
        widthMin: o.widthMin,
        widthMax: o.widthMax,
        city: o.city,
        address: o.address,
        priceFen: o.priceFen,
        freeCapacityTonnes: o.freeCapacityTonnes,
        intro: o.intro,
        groupOpen: o.groupOpen,
        groupTargetTonnes: o.groupTargetTonnes,
        groupJoinedTonnes: o.groupJoinedTonnes,
        groupDeadline: o.groupDeadline,
        members,
        myTonnes: mine,
      })
      .from(o)
      .where(where)
      .orderBy(...ORDER[filter.sort])
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(o).where(where),
  ] as const);
  return { rows, total: total?.n ?? 0 };
}
export type OfferRow = Awaited<ReturnType<typeof offersPage>>['rows'][number];

/** Counts of active offers per line type and per city, and of joinable group orders. */
export async function menuCounts(db: DbOrTx, today: string) {
  const active = eq(o.active, true);
  const [lines, cities, [open]] = await inSequence([
    db.select({ value: o.lineType, count: count() }).from(o).where(active).groupBy(o.lineType),
    db
      .select({ value: o.city, count: count() })
      .from(o)
      .where(active)
      .groupBy(o.city)
      .orderBy(desc(count()), asc(o.city)),
    db
      .select({ n: count() })
      .from(o)
      .where(and(active, joinableCondition(today))),
  ] as const);
  return { lines, cities, open: open?.n ?? 0 };
}

/** An active offer, locked for the rest of the transaction (joins of one group order queue here). */
export async function lockOffer(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.id, id), eq(o.active, true)))
    .for('update');
  return row ?? null;
}
export type LockedOffer = NonNullable<Awaited<ReturnType<typeof lockOffer>>>;

/** The member's enquiry row of an offer, if any. */
export async function findEnquiry(db: DbOrTx, offerId: number, userId: number) {
  const [row] = await db
    .select({ id: processingEnquiries.id, tonnes: processingEnquiries.tonnes })
    .from(processingEnquiries)
    .where(and(eq(processingEnquiries.offerId, offerId), eq(processingEnquiries.userId, userId)));
  return row ?? null;
}

/**
 * Records the member's enquiry or share: one row per member and offer (unique), so a second
 * call updates it. `tonnes` undefined keeps the share as it is (a plain enquiry).
 */
export async function upsertEnquiry(
  db: DbOrTx,
  input: { offerId: number; userId: number; tonnes?: number; remark?: string },
): Promise<number> {
  const set: Partial<typeof processingEnquiries.$inferInsert> = { updatedAt: new Date() };
  if (input.tonnes !== undefined) set.tonnes = input.tonnes;
  if (input.remark) set.remark = input.remark;
  const [row] = await db
    .insert(processingEnquiries)
    .values({
      offerId: input.offerId,
      userId: input.userId,
      tonnes: input.tonnes ?? 0,
      remark: input.remark ?? '',
    })
    .onConflictDoUpdate({ target: [processingEnquiries.offerId, processingEnquiries.userId], set })
    .returning({ tonnes: processingEnquiries.tonnes });
  return row?.tonnes ?? 0;
}

/** Moves the offer's joined tonnage by `delta` (the check constraint keeps it within the target). */
export async function addJoined(db: DbOrTx, offerId: number, delta: number): Promise<number> {
  const [row] = await db
    .update(o)
    .set({ groupJoinedTonnes: sql`${o.groupJoinedTonnes} + ${delta}`, updatedAt: new Date() })
    .where(eq(o.id, offerId))
    .returning({ joined: o.groupJoinedTonnes });
  return row?.joined ?? 0;
}

/** Members holding a share of the offer's group order. */
export async function memberCount(db: DbOrTx, offerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(processingEnquiries)
    .where(and(eq(processingEnquiries.offerId, offerId), gt(processingEnquiries.tonnes, 0)));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- operators' writes

/** Locks offer `id` in any state until the transaction ends (an operator's write); false when there is none. */
export async function lockOfferRow(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: o.id }).from(o).where(eq(o.id, id)).for('update');
  return row !== undefined;
}

export type OfferWrite = Omit<typeof o.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'groupJoinedTonnes'>;

/** Inserts an offer; returns its id. */
export async function insertOffer(db: DbOrTx, row: OfferWrite): Promise<number> {
  const [made] = await db.insert(o).values(row).returning({ id: o.id });
  return made!.id;
}

/** Changes an offer (the joined tonnage stays: members' shares decide it). */
export async function updateOffer(db: DbOrTx, id: number, set: Partial<OfferWrite>): Promise<void> {
  await db
    .update(o)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(o.id, id));
}

/** Deletes an offer (its enquiries go with it). */
export async function deleteOffer(db: DbOrTx, id: number): Promise<void> {
  await db.delete(o).where(eq(o.id, id));
}

/** Locks enquiry `id` until the transaction ends (an operator's follow-up); false when there is none. */
export async function lockEnquiryRow(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: processingEnquiries.id })
    .from(processingEnquiries)
    .where(eq(processingEnquiries.id, id))
    .for('update');
  return row !== undefined;
}

/** Sets an enquiry's follow-up state and note (not updated_at: that is the member's last join). */
export async function updateEnquiry(
  db: DbOrTx,
  id: number,
  set: { status: EnquiryStatus; handledNote: string },
): Promise<void> {
  await db.update(processingEnquiries).set(set).where(eq(processingEnquiries.id, id));
}
