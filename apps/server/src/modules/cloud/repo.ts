/**
 * Every query of the cloud warehouse (云仓): partner warehouses with their latest reported
 * stock, and a depositor's coils, stock totals and in/out movements. A movement is not a row of
 * its own: a coil's `in_at` is its 入库 and its `out_at` its 出库, so history and stock can
 * never disagree. Functions take `DbOrTx` and run their queries one after another.
 */
import { and, asc, count, desc, eq, isNotNull, or, type SQL, sql, sum } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import { cloudCoils, products, warehouseDaily, warehouses } from '../../db/schema/index.ts';

/** Whose goods: the caller's own, and their company's when they belong to one. */
export interface Owner {
  userId: number;
  companyId: number | null;
}

/** The filter of the caller's lists. */
export interface CoilFilter {
  coilNo?: string;
  warehouseId?: number;
  status: 'in_stock' | 'out' | 'all';
}

function ownedBy(owner: Owner): SQL {
  const mine = eq(cloudCoils.userId, owner.userId);
  return owner.companyId === null ? mine : (or(mine, eq(cloudCoils.companyId, owner.companyId)) as SQL);
}

function coilConditions(owner: Owner, filter: Omit<CoilFilter, 'status'>): SQL[] {
  const where = [ownedBy(owner)];
  if (filter.coilNo) where.push(eq(cloudCoils.coilNo, filter.coilNo));
  if (filter.warehouseId) where.push(eq(cloudCoils.warehouseId, filter.warehouseId));
  return where;
}

/**
 * Active cloud-partner warehouses, each with the stock of its latest reported day (all
 * products together, kg) and that day; null when it never reported.
 */
export async function partnerWarehouses(db: DbOrTx) {
  // Qualified by hand: in a one-table select Drizzle writes ${warehouses.id} as a bare "id",
  // which inside these subqueries would mean the daily row's own id.
  const latestDay = sql<
    string | null
  >`(select max(d.day) from ${warehouseDaily} d where d.warehouse_id = "warehouses"."id")`;
  return db
    .select({
      id: warehouses.id,
      name: warehouses.name,
      city: warehouses.city,
      region: warehouses.region,
      address: warehouses.address,
      capacityTonnes: warehouses.capacityTonnes,
      stockDay: sql<string | null>`${latestDay}::text`,
      stockKg: sql<
        number | null
      >`(select sum(d.stock_kg)::bigint::float8 from ${warehouseDaily} d where d.warehouse_id = "warehouses"."id" and d.day = ${latestDay})`,
    })
    .from(warehouses)
    .where(and(eq(warehouses.cloudPartner, true), eq(warehouses.active, true)))
    .orderBy(asc(warehouses.sort), asc(warehouses.id));
}
export type PartnerWarehouseRow = Awaited<ReturnType<typeof partnerWarehouses>>[number];

/** The owner's coils still in stock, per warehouse: count and kg. */
export async function stockTotals(db: DbOrTx, owner: Owner) {
  return db
    .select({
      warehouseId: cloudCoils.warehouseId,
      warehouseName: warehouses.name,
      city: warehouses.city,
      coils: count(),
      kg: sql<number>`${sum(cloudCoils.weightKg)}::float8`,
    })
    .from(cloudCoils)
    .innerJoin(warehouses, eq(warehouses.id, cloudCoils.warehouseId))
    .where(and(ownedBy(owner), eq(cloudCoils.status, 'in_stock')))
    .groupBy(cloudCoils.warehouseId, warehouses.name, warehouses.city)
    .orderBy(desc(sql`sum(${cloudCoils.weightKg})`), asc(cloudCoils.warehouseId));
}
export type StockTotalRow = Awaited<ReturnType<typeof stockTotals>>[number];

/** One page of the owner's coils, newest in first, with the total count. */
export async function coilsPage(
  db: DbOrTx,
  owner: Owner,
  filter: CoilFilter,
  page: number,
  pageSize: number,
) {
  const where = coilConditions(owner, filter);
  if (filter.status !== 'all') where.push(eq(cloudCoils.status, filter.status));
  const [rows, [total]] = await inSequence([
    db
      .select({
        id: cloudCoils.id,
        coilNo: cloudCoils.coilNo,
        warehouseId: cloudCoils.warehouseId,
        warehouseName: warehouses.name,
        product: products.name,
        material: cloudCoils.material,
        spec: cloudCoils.spec,
        origin: cloudCoils.origin,
        weightKg: cloudCoils.weightKg,
        inAt: cloudCoils.inAt,
        outAt: cloudCoils.outAt,
        status: cloudCoils.status,
        remark: cloudCoils.remark,
      })
      .from(cloudCoils)
      .innerJoin(warehouses, eq(warehouses.id, cloudCoils.warehouseId))
      .innerJoin(products, eq(products.id, cloudCoils.productId))
      .where(and(...where))
      .orderBy(desc(cloudCoils.inAt), desc(cloudCoils.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(cloudCoils)
      .where(and(...where)),
  ] as const);
  return { rows, total: total?.n ?? 0 };
}
export type CoilRow = Awaited<ReturnType<typeof coilsPage>>['rows'][number];

export interface MovementRow {
  coilId: number;
  coilNo: string;
  kind: 'in' | 'out';
  at: Date;
  warehouseName: string;
  product: string;
  spec: string;
  weightKg: number;
}

/**
 * One page of the owner's movements, newest first: every coil's arrival, and its departure
 * once it left. The page is cut in SQL (a union of the two events ordered by time).
 */
export async function movementsPage(
  db: DbOrTx,
  owner: Owner,
  filter: Omit<CoilFilter, 'status'>,
  page: number,
  pageSize: number,
) {
  const where = and(...coilConditions(owner, filter));
  const event = (kind: 'in' | 'out') =>
    db
      .select({
        coilId: sql<number>`${cloudCoils.id}`.as('coil_id'),
        coilNo: cloudCoils.coilNo,
        kind: sql<'in' | 'out'>`${kind}::text`.as('kind'),
        at: (kind === 'in' ? sql<Date>`${cloudCoils.inAt}` : sql<Date>`${cloudCoils.outAt}`).as('at'),
        warehouseName: sql<string>`${warehouses.name}`.as('warehouse_name'),
        product: sql<string>`${products.name}`.as('product'),
        spec: cloudCoils.spec,
        weightKg: cloudCoils.weightKg,
      })
      .from(cloudCoils)
      .innerJoin(warehouses, eq(warehouses.id, cloudCoils.warehouseId))
      .innerJoin(products, eq(products.id, cloudCoils.productId))
      .where(kind === 'in' ? where : and(where, isNotNull(cloudCoils.outAt)));
  const [rows, [ins], [outs]] = await inSequence([
    event('in')
      .unionAll(event('out'))
      .orderBy(desc(sql`at`), desc(sql`kind`), desc(sql`coil_id`))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(cloudCoils).where(where),
    db
      .select({ n: count() })
      .from(cloudCoils)
      .where(and(where, isNotNull(cloudCoils.outAt))),
  ] as const);
  return {
    rows: rows.map((r) => ({ ...r, at: new Date(r.at) })) as MovementRow[],
    total: (ins?.n ?? 0) + (outs?.n ?? 0),
  };
}
