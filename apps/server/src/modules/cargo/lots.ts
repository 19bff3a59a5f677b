/**
 * Lot search over spot stock (cargo) and surplus material: one filter, one set of conditions,
 * the page, totals and facet menus. The two tables share their lot columns, so one builder
 * serves both; surplus adds the quality grade.
 */
import type { CargoItem, LotTotals, SurplusFilter, SurplusItem } from '@steelport/contracts';
import { maskPhone } from '@steelport/contracts';
import { and, asc, desc, eq, gt, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { cargo, surplus } from '../../db/schema/index.ts';
import { Invalid } from '../../errors.ts';
import { type TradeDictionary, tradeDictionary } from '../../search/dictionary.ts';
import { containsPattern, type ParsedKeyword } from '../../search/query.ts';
import { supplierCards, unlockedCompanies } from './suppliers.ts';

export type LotKind = 'cargo' | 'surplus';
/** The lot columns both tables have; surplus is addressed through the cargo shape for them. */
type LotTable = typeof cargo;
export const lotTable = (kind: LotKind): LotTable =>
  kind === 'cargo' ? cargo : (surplus as unknown as LotTable);

export type LotFilter = SurplusFilter;
export type Facet = 'products' | 'materials' | 'origins' | 'cities' | 'warehouses' | 'grades';

/** Deep pages are for scrapers: a person narrows the filter instead. */
export const MAX_RESULT_WINDOW = 10_000;

/** Checks the cross-field rules the schema cannot express; the message names the fields. */
export function checkRanges(filter: LotFilter): void {
  const pairs: [keyof LotFilter, keyof LotFilter][] = [
    ['thicknessMin', 'thicknessMax'],
    ['widthMin', 'widthMax'],
    ['priceMin', 'priceMax'],
  ];
  for (const [min, max] of pairs) {
    const lo = filter[min] as number | undefined;
    const hi = filter[max] as number | undefined;
    if (lo !== undefined && hi !== undefined && lo > hi)
      throw new Invalid(`参数错误：${min} 不能大于 ${max}`);
  }
}

/** Ids for the names the dictionary knows, and the names it does not (matched as written). */
function split(names: string[], known: Map<string, number>, key = (n: string) => n) {
  const ids: number[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const id = known.get(key(name));
    if (id === undefined) unknown.push(name);
    else ids.push(id);
  }
  return { ids, unknown };
}

function idsOrText(
  idColumn: AnyPgColumn,
  textColumn: AnyPgColumn,
  names: string[],
  known: Map<string, number>,
  key?: (n: string) => string,
): SQL {
  const { ids, unknown } = split(names, known, key);
  const parts: SQL[] = [];
  if (ids.length) parts.push(inArray(idColumn, ids));
  if (unknown.length) parts.push(inArray(textColumn, unknown));
  return or(...parts) ?? sql`false`;
}

/**
 * The WHERE conditions of a search: explicit filters, then the understood keyword. `skip`
 * leaves one facet's explicit filter out, so its menu still offers the other values.
 */
export function lotConditions(
  kind: LotKind,
  filter: LotFilter,
  parsed: ParsedKeyword,
  dict: TradeDictionary,
  skip?: Facet,
): SQL[] {
  const t = lotTable(kind);
  const c: SQL[] = [eq(t.status, 'on_sale')];
  if (filter.products?.length && skip !== 'products') {
    const { ids } = split(filter.products, dict.productByName);
    c.push(ids.length ? inArray(t.productId, ids) : sql`false`);
  }
  if (filter.materials?.length && skip !== 'materials') {
    c.push(
      idsOrText(t.materialId, t.material, filter.materials, dict.materialByName, (n) => n.toUpperCase()),
    );
  }
  if (filter.origins?.length && skip !== 'origins') {
    c.push(idsOrText(t.millId, t.origin, filter.origins, dict.millByName));
  }
  if (filter.cities?.length && skip !== 'cities') c.push(inArray(t.city, filter.cities));
  if (filter.warehouses?.length && skip !== 'warehouses') {
    c.push(idsOrText(t.warehouseId, t.warehouseName, filter.warehouses, dict.warehouseByName));
  }
  if (filter.grades?.length && kind === 'surplus' && skip !== 'grades')
    c.push(inArray(surplus.grade, filter.grades));
  if (filter.supplierId !== undefined) c.push(eq(t.companyId, filter.supplierId));
  if (filter.thicknessMin !== undefined) c.push(gte(t.thickness, filter.thicknessMin));
  if (filter.thicknessMax !== undefined) c.push(lte(t.thickness, filter.thicknessMax));
  if (filter.widthMin !== undefined) c.push(gte(t.width, filter.widthMin));
  if (filter.widthMax !== undefined) c.push(lte(t.width, filter.widthMax));
  if (filter.priceMin !== undefined || filter.priceMax !== undefined) {
    // A price range asks for priced lots: 电议 rows (0) have no price to compare.
    c.push(gt(t.priceFen, 0));
    if (filter.priceMin !== undefined) c.push(gte(t.priceFen, Math.round(filter.priceMin * 100)));
    if (filter.priceMax !== undefined) c.push(lte(t.priceFen, Math.round(filter.priceMax * 100)));
  }
  if (filter.callForPrice) c.push(eq(t.priceFen, 0));

  if (parsed.productIds.length) c.push(inArray(t.productId, parsed.productIds));
  if (parsed.materialIds.length) c.push(inArray(t.materialId, parsed.materialIds));
  if (parsed.millIds.length) c.push(inArray(t.millId, parsed.millIds));
  if (parsed.warehouseIds.length) c.push(inArray(t.warehouseId, parsed.warehouseIds));
  if (parsed.supplierIds.length) c.push(inArray(t.companyId, parsed.supplierIds));
  for (const cities of parsed.cityGroups) c.push(inArray(t.city, cities));
  if (parsed.thicknesses.length) c.push(inArray(t.thickness, parsed.thicknesses));
  if (parsed.widths.length) c.push(inArray(t.width, parsed.widths));
  if (parsed.lengths.length) c.push(inArray(t.length, parsed.lengths));
  for (const text of parsed.texts) c.push(ilike(t.searchText, containsPattern(text)));
  return c;
}

export type SortKey = 'updatedAt' | 'price' | 'weight' | 'thickness';

function orderOf(t: LotTable, sort: SortKey, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  switch (sort) {
    case 'price':
      // Descending puts 电议 (0) last by itself; ascending is split into priced lots then 电议
      // ones by the caller (service.lotsPage), so both orders can walk the price index.
      return [dir(t.priceFen), desc(t.id)];
    case 'weight':
      return [dir(t.weightKg), desc(t.id)];
    case 'thickness':
      return [dir(t.thickness), desc(t.id)];
    default:
      return [dir(t.updatedAt), dir(t.id)];
  }
}

export interface Viewer {
  userId: number | null;
}

/** One page of lots with their suppliers, phones masked unless the viewer unlocked them. */
export async function findLots(
  db: Db,
  kind: LotKind,
  where: SQL[],
  opts: { sort: SortKey; order: 'asc' | 'desc'; limit: number; offset: number; viewer: Viewer },
): Promise<(CargoItem | SurplusItem)[]> {
  const t = lotTable(kind);
  // One table, no joins: planning a three-way join cost more than running this query, and
  // product names and suppliers are a handful of rows fetched by id below.
  const rows = await db
    .select({
      id: t.id,
      productId: t.productId,
      material: t.material,
      spec: t.spec,
      thickness: t.thickness,
      width: t.width,
      length: t.length,
      origin: t.origin,
      warehouse: t.warehouseName,
      city: t.city,
      pieces: t.pieces,
      weightKg: t.weightKg,
      priceFen: t.priceFen,
      remark: t.remark,
      updatedAt: t.updatedAt,
      companyId: t.companyId,
      ...(kind === 'surplus' ? { grade: surplus.grade, defects: surplus.defects } : {}),
    })
    .from(t)
    .where(and(...where))
    .orderBy(...orderOf(t, opts.sort, opts.order))
    .limit(opts.limit)
    .offset(opts.offset);

  const companyIds = [...new Set(rows.map((r) => r.companyId))];
  const [suppliers, dict, unlocked] = await Promise.all([
    supplierCards(db, companyIds),
    tradeDictionary(db),
    unlockedCompanies(db, opts.viewer.userId, companyIds),
  ]);
  const productName = dict.productNames;
  return rows.map((r) => {
    const open = unlocked.has(r.companyId);
    const c = suppliers.get(r.companyId);
    const item = {
      id: r.id,
      product: productName.get(r.productId) ?? '',
      material: r.material,
      spec: r.spec,
      thickness: r.thickness,
      width: r.width,
      length: r.length,
      origin: r.origin,
      warehouse: r.warehouse,
      city: r.city,
      pieces: r.pieces,
      weight: r.weightKg / 1000,
      price: r.priceFen / 100,
      callForPrice: r.priceFen === 0,
      supplier: {
        id: r.companyId,
        name: c?.name ?? '',
        shortName: c?.shortName ?? '',
        city: c?.city ?? '',
        contactName: opts.viewer.userId === null ? null : (c?.contactName ?? ''),
        phone: open ? (c?.contactPhone ?? '') : maskPhone(c?.contactPhone ?? ''),
        unlocked: open,
      },
      remark: r.remark,
      updatedAt: r.updatedAt.toISOString(),
    };
    const extra = r as { grade?: string; defects?: string };
    return kind === 'surplus' ? { ...item, grade: extra.grade ?? '', defects: extra.defects ?? '' } : item;
  });
}

/** Number of lots matching. */
export async function countLots(db: Db, kind: LotKind, where: SQL[]): Promise<number> {
  const t = lotTable(kind);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(and(...where));
  return row?.n ?? 0;
}

/** Rows, pieces, tonnage, suppliers and the tonnage-weighted average of priced lots. */
export async function totalLots(db: Db, kind: LotKind, where: SQL[]): Promise<LotTotals> {
  const t = lotTable(kind);
  const [row] = await db
    .select({
      rows: sql<number>`count(*)::int`,
      pieces: sql<number>`coalesce(sum(${t.pieces}), 0)::float8`,
      weightKg: sql<number>`coalesce(sum(${t.weightKg}), 0)::float8`,
      suppliers: sql<number>`count(distinct ${t.companyId})::int`,
      avgFen: sql<number | null>`(sum(${t.priceFen}::numeric * ${t.weightKg}) filter (where ${t.priceFen} > 0)
        / nullif(sum(${t.weightKg}) filter (where ${t.priceFen} > 0), 0))::float8`,
    })
    .from(t)
    .where(and(...where));
  return {
    rows: row?.rows ?? 0,
    pieces: Math.round(row?.pieces ?? 0),
    weight: Math.round(row?.weightKg ?? 0) / 1000,
    suppliers: row?.suppliers ?? 0,
    avgPrice: row?.avgFen === null || row?.avgFen === undefined ? null : Math.round(row.avgFen) / 100,
  };
}
