/**
 * The console's reads of the trade services: inspection requests with their members and
 * warehouses; processing offers with their group orders and the members' enquiries (the service
 * switches are open-check's own list). The writes and row locks are the owning modules' (`inspection/service.ts`,
 * `processing/service.ts`, `open-check/service.ts`, `upload/service.ts`). Every function takes
 * `DbOrTx` and runs its queries one after another. These tables hold hundreds to a few thousand
 * rows, so keyword search is a plain `ILIKE`.
 */
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import {
  beanLedger,
  companies,
  type EnquiryStatus,
  type InspectionStatus,
  inspections,
  processingEnquiries,
  processingOffers,
  users,
  warehouses,
} from '../../db/schema/index.ts';

/** `%text%` with LIKE's wildcards taken literally. */
function likeLiteral(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/** A keyword that is a whole number within int4 also matches an id. */
function idOf(keyword: string): number | null {
  if (!/^\d{1,10}$/.test(keyword)) return null;
  const n = Number(keyword);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

// ---------------------------------------------------------------- inspections

const inspectionColumns = {
  row: inspections,
  memberPhone: users.phone,
  memberName: users.linkMan,
  companyName: sql<string>`coalesce(${companies.name}, '')`,
  warehouseName: warehouses.name,
  city: warehouses.city,
  // Qualified by hand: inside sql`` Drizzle writes the outer table's column unqualified.
  steps: sql<number>`(select count(*)::int from inspection_steps s where s.inspection_id = "inspections"."id")`,
};

export interface AdminInspectionDbRow extends Omit<typeof inspections.$inferSelect, never> {
  memberPhone: string;
  memberName: string;
  companyName: string;
  warehouseName: string;
  city: string;
  steps: number;
}

const flattenInspection = (r: {
  row: typeof inspections.$inferSelect;
  memberPhone: string;
  memberName: string;
  companyName: string;
  warehouseName: string;
  city: string;
  steps: number;
}): AdminInspectionDbRow => ({
  ...r.row,
  memberPhone: r.memberPhone,
  memberName: r.memberName,
  companyName: r.companyName,
  warehouseName: r.warehouseName,
  city: r.city,
  steps: Number(r.steps),
});

const inspectionFrom = (db: DbOrTx) =>
  db
    .select(inspectionColumns)
    .from(inspections)
    .innerJoin(users, eq(users.id, inspections.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(warehouses, eq(warehouses.id, inspections.warehouseId));

/** One page of requests, newest first, by keyword (id, member, contact, warehouse) and status. */
export async function inspectionsPage(
  db: DbOrTx,
  f: { keyword?: string | undefined; status?: InspectionStatus | undefined },
  page: number,
  pageSize: number,
): Promise<{ list: AdminInspectionDbRow[]; total: number }> {
  const where: SQL[] = [];
  if (f.status) where.push(eq(inspections.status, f.status));
  if (f.keyword) {
    const p = likeLiteral(f.keyword);
    const id = idOf(f.keyword);
    const match = or(
      ...(id !== null ? [eq(inspections.id, id)] : []),
      ilike(users.phone, p),
      ilike(users.linkMan, p),
      ilike(inspections.contactName, p),
      ilike(inspections.contactPhone, p),
      ilike(warehouses.name, p),
    );
    if (match) where.push(match);
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await inSequence([
    inspectionFrom(db)
      .where(cond)
      .orderBy(desc(inspections.createdAt), desc(inspections.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db
      .select({ n: count() })
      .from(inspections)
      .innerJoin(users, eq(users.id, inspections.userId))
      .innerJoin(warehouses, eq(warehouses.id, inspections.warehouseId))
      .where(cond),
  ] as const);
  return { list: rows.map(flattenInspection), total: total?.n ?? 0 };
}

/**
 * One request with its member and warehouse, or null. The audited load takes the row's lock
 * first through the inspection module (`inspection/service.ts#lockInspection`).
 */
export async function findAdminInspection(db: DbOrTx, id: number): Promise<AdminInspectionDbRow | null> {
  const [row] = await inspectionFrom(db).where(eq(inspections.id, id));
  return row ? flattenInspection(row) : null;
}

/** Beans given back for a cancelled request (its `refunded` ledger lines). */
export async function refundedBeans(db: DbOrTx, inspectionId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${beanLedger.delta}), 0)::int` })
    .from(beanLedger)
    .where(
      and(
        eq(beanLedger.refType, 'inspection'),
        eq(beanLedger.refId, inspectionId),
        eq(beanLedger.reason, 'refunded'),
      ),
    );
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- processing offers

const o = processingOffers;

const offerColumns = {
  row: o,
  members: sql<number>`(select count(*)::int from processing_enquiries pe where pe.offer_id = "processing_offers"."id" and pe.tonnes > 0)`,
  enquiries: sql<number>`(select count(*)::int from processing_enquiries pe where pe.offer_id = "processing_offers"."id")`,
};

export type OfferDbRow = typeof o.$inferSelect & { members: number; enquiries: number };
const flattenOffer = (r: { row: typeof o.$inferSelect; members: number; enquiries: number }): OfferDbRow => ({
  ...r.row,
  members: Number(r.members),
  enquiries: Number(r.enquiries),
});

/** One page of offers (active or not), in the portal's order, by keyword, line type and state. */
export async function offersPage(
  db: DbOrTx,
  f: { keyword?: string | undefined; lineType?: string | undefined; active?: boolean | undefined },
  page: number,
  pageSize: number,
): Promise<{ list: OfferDbRow[]; total: number }> {
  const where: SQL[] = [];
  if (f.lineType) where.push(eq(o.lineType, f.lineType as (typeof o.lineType.enumValues)[number]));
  if (f.active !== undefined) where.push(eq(o.active, f.active));
  if (f.keyword) {
    const p = likeLiteral(f.keyword);
    const match = or(ilike(o.plantName, p), ilike(o.city, p));
    if (match) where.push(match);
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await inSequence([
    db
      .select(offerColumns)
      .from(o)
      .where(cond)
      .orderBy(asc(o.sort), asc(o.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db.select({ n: count() }).from(o).where(cond),
  ] as const);
  return { list: rows.map(flattenOffer), total: total?.n ?? 0 };
}

/**
 * One offer with its counts, or null. The audited load takes the row's lock first through the
 * processing module (`processing/service.ts#lockProcessingOffer`: joins of its group order queue on it).
 */
export async function findOffer(db: DbOrTx, id: number): Promise<OfferDbRow | null> {
  const [row] = await db.select(offerColumns).from(o).where(eq(o.id, id));
  return row ? flattenOffer(row) : null;
}

// ---------------------------------------------------------------- processing enquiries

const e = processingEnquiries;
const enquiryColumns = {
  id: e.id,
  offerId: e.offerId,
  plantName: o.plantName,
  lineType: o.lineType,
  userId: e.userId,
  memberPhone: users.phone,
  memberName: users.linkMan,
  companyName: sql<string>`coalesce(${companies.name}, '')`,
  tonnes: e.tonnes,
  remark: e.remark,
  status: e.status,
  handledNote: e.handledNote,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
};

const enquiryFrom = (db: DbOrTx) =>
  db
    .select(enquiryColumns)
    .from(e)
    .innerJoin(o, eq(o.id, e.offerId))
    .innerJoin(users, eq(users.id, e.userId))
    .leftJoin(companies, eq(companies.id, users.companyId));

/** One page of enquiries and group-order shares, latest first. */
export async function enquiriesPage(
  db: DbOrTx,
  f: { offerId?: number | undefined; status?: EnquiryStatus | undefined; keyword?: string | undefined },
  page: number,
  pageSize: number,
) {
  const where: SQL[] = [];
  if (f.offerId !== undefined) where.push(eq(e.offerId, f.offerId));
  if (f.status) where.push(eq(e.status, f.status));
  if (f.keyword) {
    const p = likeLiteral(f.keyword);
    const match = or(ilike(users.phone, p), ilike(users.linkMan, p), ilike(o.plantName, p));
    if (match) where.push(match);
  }
  const cond = where.length ? and(...where) : undefined;
  const [list, [total]] = await inSequence([
    enquiryFrom(db)
      .where(cond)
      .orderBy(desc(e.updatedAt), desc(e.id))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize)),
    db
      .select({ n: count() })
      .from(e)
      .innerJoin(o, eq(o.id, e.offerId))
      .innerJoin(users, eq(users.id, e.userId))
      .where(cond),
  ] as const);
  return { list, total: total?.n ?? 0 };
}
export type EnquiryDbRow = Awaited<ReturnType<typeof enquiriesPage>>['list'][number];

/**
 * One enquiry, or null. The audited load takes the row's lock first through the processing
 * module (`processing/service.ts#lockProcessingEnquiry`).
 */
export async function findEnquiry(db: DbOrTx, id: number): Promise<EnquiryDbRow | null> {
  const [row] = await enquiryFrom(db).where(eq(e.id, id));
  return row ?? null;
}
