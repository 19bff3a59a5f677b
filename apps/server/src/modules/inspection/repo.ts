/**
 * SQL of warehouse inspection: partner warehouses with their latest stock, requests, their
 * attachments and traced steps, and the operators' workflow writes (the console's moves: a
 * request's lock, its workflow columns, appended steps). Queries run one after another, so a
 * transaction may be passed.
 */
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  cargo,
  type InspectionStatus,
  inspectionAttachments,
  inspectionSteps,
  inspections,
  warehouses,
} from '../../db/schema/index.ts';

export interface PartnerWarehouseRow {
  id: number;
  name: string;
  city: string;
  province: string;
  region: string;
  address: string;
  capacityTonnes: number;
  /** stock of the latest day with figures, kg; null without figures */
  stockKg: number | null;
}

/**
 * Active inspection partners in region, sort and name order, each with the stock of its latest
 * day of figures (one correlated look-up per warehouse: there are a few dozen partners).
 */
export async function partnerWarehouses(db: DbOrTx): Promise<PartnerWarehouseRow[]> {
  // Qualified by hand: inside sql`` Drizzle writes a column of the outer table unqualified.
  const stock = sql<string | null>`(
    select sum(d.stock_kg) from warehouse_daily d
    where d.warehouse_id = "warehouses"."id"
      and d.day = (select max(d2.day) from warehouse_daily d2 where d2.warehouse_id = "warehouses"."id")
  )`;
  const rows = await db
    .select({
      id: warehouses.id,
      name: warehouses.name,
      city: warehouses.city,
      province: warehouses.province,
      region: warehouses.region,
      address: warehouses.address,
      capacityTonnes: warehouses.capacityTonnes,
      stockKg: stock,
    })
    .from(warehouses)
    .where(and(eq(warehouses.inspectionPartner, true), eq(warehouses.active, true)))
    .orderBy(asc(warehouses.region), asc(warehouses.sort), asc(warehouses.name));
  return rows.map((r) => ({ ...r, stockKg: r.stockKg === null ? null : Number(r.stockKg) }));
}

/** An active inspection partner by id, or null. */
export async function partnerWarehouse(db: DbOrTx, id: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(and(eq(warehouses.id, id), eq(warehouses.inspectionPartner, true), eq(warehouses.active, true)));
  return row ?? null;
}

/** How many of `ids` are cargo rows that exist (and were not deleted by their trader). */
export async function countCargo(db: DbOrTx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(cargo)
    .where(and(inArray(cargo.id, ids), ne(cargo.status, 'deleted')));
  return row?.n ?? 0;
}

export type InspectionRow = typeof inspections.$inferSelect;
export type NewInspection = typeof inspections.$inferInsert;

/** The caller's earlier request made with the same submission key, or null. */
export async function findByRequestKey(
  db: DbOrTx,
  userId: number,
  key: string,
): Promise<InspectionRow | null> {
  const [row] = await db
    .select()
    .from(inspections)
    .where(and(eq(inspections.userId, userId), eq(inspections.requestKey, key)));
  return row ?? null;
}

/** Inserts a request. */
export async function insertInspection(db: DbOrTx, row: NewInspection): Promise<InspectionRow> {
  const [made] = await db.insert(inspections).values(row).returning();
  return made!;
}

/** Locks request `id` until the transaction ends (an operator's move); false when there is none. */
export async function lockInspection(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: inspections.id })
    .from(inspections)
    .where(eq(inspections.id, id))
    .for('update');
  return row !== undefined;
}

export type InspectionWorkflow = Partial<
  Pick<NewInspection, 'status' | 'conclusion' | 'inspectorName' | 'inspectorPhone'>
>;

/** Changes a request's workflow columns (and touches updated_at). */
export async function updateInspection(db: DbOrTx, id: number, set: InspectionWorkflow): Promise<void> {
  await db
    .update(inspections)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(inspections.id, id));
}

/** Links uploads to a request, in the order given. */
export async function attachUploads(db: DbOrTx, inspectionId: number, uploadIds: number[]): Promise<void> {
  if (uploadIds.length === 0) return;
  await db
    .insert(inspectionAttachments)
    .values(uploadIds.map((uploadId, sort) => ({ inspectionId, uploadId, sort })));
}

export interface InspectionListRow extends InspectionRow {
  warehouseName: string;
  city: string;
  steps: number;
}

const listColumns = {
  row: inspections,
  warehouseName: warehouses.name,
  city: warehouses.city,
  steps: sql<number>`(select count(*)::int from inspection_steps s where s.inspection_id = "inspections"."id")`,
};

const flatten = (r: {
  row: InspectionRow;
  warehouseName: string;
  city: string;
  steps: number;
}): InspectionListRow => ({
  ...r.row,
  warehouseName: r.warehouseName,
  city: r.city,
  steps: Number(r.steps),
});

/** One page of a member's requests, newest first, optionally of one status. */
export async function historyPage(
  db: DbOrTx,
  userId: number,
  status: InspectionStatus | undefined,
  page: number,
  pageSize: number,
): Promise<{ list: InspectionListRow[]; total: number }> {
  const where: SQL = status
    ? and(eq(inspections.userId, userId), eq(inspections.status, status))!
    : eq(inspections.userId, userId);
  const rows = await db
    .select(listColumns)
    .from(inspections)
    .innerJoin(warehouses, eq(warehouses.id, inspections.warehouseId))
    .where(where)
    .orderBy(desc(inspections.createdAt), desc(inspections.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(inspections).where(where);
  return { list: rows.map(flatten), total: total?.n ?? 0 };
}

/** One request with its warehouse, or null. */
export async function findInspection(db: DbOrTx, id: number): Promise<InspectionListRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(inspections)
    .innerJoin(warehouses, eq(warehouses.id, inspections.warehouseId))
    .where(eq(inspections.id, id));
  return row ? flatten(row) : null;
}

/** Upload ids attached to each of `inspectionIds`, in their order. */
export async function attachmentIds(db: DbOrTx, inspectionIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (inspectionIds.length === 0) return out;
  const rows = await db
    .select({ inspectionId: inspectionAttachments.inspectionId, uploadId: inspectionAttachments.uploadId })
    .from(inspectionAttachments)
    .where(inArray(inspectionAttachments.inspectionId, inspectionIds))
    .orderBy(asc(inspectionAttachments.inspectionId), asc(inspectionAttachments.sort));
  for (const r of rows) out.set(r.inspectionId, [...(out.get(r.inspectionId) ?? []), r.uploadId]);
  return out;
}

export type InspectionStepRow = typeof inspectionSteps.$inferSelect;

/** The traced steps of one request in order. */
export function stepsOf(db: DbOrTx, inspectionId: number): Promise<InspectionStepRow[]> {
  return db
    .select()
    .from(inspectionSteps)
    .where(eq(inspectionSteps.inspectionId, inspectionId))
    .orderBy(asc(inspectionSteps.step), asc(inspectionSteps.at));
}

export interface NewInspectionStep {
  inspectionId: number;
  title: string;
  findings: string;
  inspector: string;
  photos: number[];
  operatorUserId: number | null;
  at: Date;
}

/** Appends a traced step as the next number of the request. */
export async function appendStep(db: DbOrTx, step: NewInspectionStep): Promise<void> {
  const [last] = await db
    .select({ n: sql<number>`coalesce(max(${inspectionSteps.step}), 0)::int` })
    .from(inspectionSteps)
    .where(eq(inspectionSteps.inspectionId, step.inspectionId));
  await db.insert(inspectionSteps).values({
    inspectionId: step.inspectionId,
    step: Number(last?.n ?? 0) + 1,
    title: step.title,
    at: step.at,
    findings: step.findings,
    inspector: step.inspector,
    photos: step.photos.map(String),
    operatorUserId: step.operatorUserId,
  });
}
