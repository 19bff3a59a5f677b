/**
 * Lot rows and suppliers as the API shows them: fen -> 元, kg -> 吨, dates as ISO text, phones
 * masked unless the viewer unlocked them; and the one way back, a filter's 元 -> fen.
 */
import {
  type CargoItem,
  type LotMenu,
  type LotTotals,
  maskPhone,
  type SurplusFilter,
  TRADER_LIMITS,
} from '@steelport/contracts';
import { DAY_MS, MINUTE_MS } from '../../dates.ts';
import { toFen, toTonnes, toYuan } from '../../present.ts';
import { FACET_LIMIT, type FacetCount, LOT_FACETS, type LotFacet } from './repo/facets.ts';
import type { LotQuery, LotRow, LotSums } from './repo/lots.ts';
import type { SupplierCard } from './repo/suppliers.ts';

/** The API's filter in storage units: prices 元 -> fen. */
export function readLotFilter(filter: SurplusFilter): LotQuery {
  const { priceMin, priceMax, ...rest } = filter;
  return {
    ...rest,
    ...(priceMin !== undefined ? { priceMinFen: toFen(priceMin) } : {}),
    ...(priceMax !== undefined ? { priceMaxFen: toFen(priceMax) } : {}),
  };
}

/** What a page knows besides its rows: names, supplier cards and what the viewer unlocked. */
export interface LotContext {
  productNames: Map<number, string>;
  suppliers: Map<number, SupplierCard | null>;
  unlocked: Set<number>;
  /** null for a visitor: visitors see no contact names */
  viewerId: number | null;
  /** the time the page is read, for 过期 */
  now: Date;
}

/** 过期: a lot not updated for TRADER_LIMITS.staleDays days. */
export function isStale(updatedAt: Date, now: Date): boolean {
  return now.getTime() - updatedAt.getTime() > TRADER_LIMITS.staleDays * DAY_MS;
}

/**
 * Where a price order puts 过期 lots after current ones: updated before this time. Whole minutes,
 * so the counts of a deep page stay cached for a minute.
 */
export function staleCutoff(nowMs: number): Date {
  return new Date(Math.floor((nowMs - TRADER_LIMITS.staleDays * DAY_MS) / MINUTE_MS) * MINUTE_MS);
}

/**
 * The supplier part of a row, once per supplier and page: a page names a handful of suppliers,
 * so its rows share these (the masked phone is worked out once, not per row).
 */
const suppliersOfPage = new WeakMap<LotContext, Map<number, CargoItem['supplier']>>();
function supplierOf(companyId: number, ctx: LotContext): CargoItem['supplier'] {
  let page = suppliersOfPage.get(ctx);
  if (!page) {
    page = new Map();
    suppliersOfPage.set(ctx, page);
  }
  let supplier = page.get(companyId);
  if (!supplier) {
    const open = ctx.unlocked.has(companyId);
    const c = ctx.suppliers.get(companyId);
    supplier = {
      id: companyId,
      name: c?.name ?? '',
      shortName: c?.shortName ?? '',
      city: c?.city ?? '',
      contactName: ctx.viewerId === null ? null : (c?.contactName ?? ''),
      phone: open ? (c?.contactPhone ?? '') : maskPhone(c?.contactPhone ?? ''),
      unlocked: open,
    };
    page.set(companyId, supplier);
  }
  return supplier;
}

/** One lot row as the API shows it. */
export function presentLot(r: LotRow, ctx: LotContext): CargoItem {
  return {
    id: r.id,
    product: ctx.productNames.get(r.productId) ?? '',
    material: r.material,
    spec: r.spec,
    thickness: r.thickness,
    width: r.width,
    length: r.length,
    origin: r.origin,
    warehouse: r.warehouse,
    city: r.city,
    pieces: r.pieces,
    weight: toTonnes(r.weightKg),
    price: toYuan(r.priceFen),
    callForPrice: r.priceFen === 0,
    supplier: supplierOf(r.companyId, ctx),
    supplierUserId: ctx.suppliers.get(r.companyId)?.userId ?? null,
    remark: r.remark,
    updatedAt: r.updatedAt.toISOString(),
    stale: isStale(r.updatedAt, ctx.now),
  };
}

/** Totals of a search; per product its tonnage and average price, the most tonnes first. */
export function presentTotals(s: LotSums, productNames: ReadonlyMap<number, string>): LotTotals {
  return {
    rows: s.rows,
    pieces: Math.round(s.pieces),
    weight: toTonnes(s.weightKg),
    suppliers: s.suppliers,
    products: s.products
      .map((p) => ({
        product: productNames.get(p.productId) ?? '',
        rows: p.rows,
        weight: toTonnes(p.weightKg),
        avgPrice: p.avgFen === null ? null : toYuan(p.avgFen),
      }))
      .sort((a, b) => b.weight - a.weight || b.rows - a.rows || a.product.localeCompare(b.product)),
  };
}

type Entry = LotMenu['products'][number];

/** One facet's menu: empty values dropped, most lots first, at most FACET_LIMIT values. */
export function presentFacet(entries: Entry[]): Entry[] {
  return entries
    .filter((e) => e.value !== '')
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, FACET_LIMIT);
}

/** The menus of the lot facets; products are counted by id and shown by name. */
export function presentMenu(
  counts: Record<LotFacet, FacetCount[]>,
  productNames: Map<number, string>,
): Omit<LotMenu, 'cachedForSeconds'> {
  const label = (facet: LotFacet, value: unknown) =>
    facet === 'products' ? (productNames.get(Number(value)) ?? '') : String(value ?? '');
  const menu: Omit<LotMenu, 'cachedForSeconds'> = {
    products: [],
    materials: [],
    origins: [],
    cities: [],
    warehouses: [],
  };
  for (const facet of LOT_FACETS) {
    menu[facet] = presentFacet(counts[facet].map((e) => ({ value: label(facet, e.value), count: e.count })));
  }
  return menu;
}
