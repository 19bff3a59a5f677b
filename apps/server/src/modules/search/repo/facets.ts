/** Facet counts of a lot search: how many lots each product, material, mill, city, warehouse has. */
import { and, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { products, type quotations } from '../../../db/schema/index.ts';
import type { Facet, LotTable } from './lots.ts';

/** Values a menu lists per facet; the presenter keeps the same number. */
export const FACET_LIMIT = 50;

/** The facets every lot table has; surplus adds its grade (modules/surplus/repo.ts). */
export type LotFacet = Exclude<Facet, 'grades'>;
export const LOT_FACETS: readonly LotFacet[] = ['products', 'materials', 'origins', 'cities', 'warehouses'];

/** A table with the lot facet columns: either lot table, or the quotations (modules/quotation). */
export type FacetTable = LotTable | typeof quotations;

/** One value of a facet as stored (a product id, a material as written...) and its lots. */
export interface FacetCount {
  value: unknown;
  count: number;
}

/**
 * Counts per value of each facet; a facet with an explicit filter (`active`) is counted without
 * it, so its menu still offers the other values. The facets that share one WHERE (all those
 * without their own filter: usually all five) are counted in a single scan with GROUPING SETS;
 * the others one query each, one after another.
 */
export async function facetCounts(
  db: DbOrTx,
  t: FacetTable,
  active: ReadonlySet<Facet>,
  conditionsWithout: (facet: Facet) => SQL[],
): Promise<Record<LotFacet, FacetCount[]>> {
  const columns: Record<LotFacet, AnyPgColumn> = {
    products: t.productId,
    materials: t.material,
    origins: t.origin,
    cities: t.city,
    warehouses: t.warehouseName,
  };
  const out: Record<LotFacet, FacetCount[]> = {
    products: [],
    materials: [],
    origins: [],
    cities: [],
    warehouses: [],
  };
  const count = sql<number>`count(*)::int`;
  const shared = LOT_FACETS.filter((f) => !active.has(f));
  const own = LOT_FACETS.filter((f) => active.has(f));
  if (shared.length) {
    // grouping() has one bit per listed column, the first the highest; a row's zero bit names
    // the facet it counts.
    const cols = shared.map((f) => columns[f]);
    const rows = await db
      .select({
        g: sql<number>`grouping(${sql.join(cols, sql`, `)})::int`,
        values: sql<unknown[]>`array[${sql.join(
          cols.map((c) => sql`${c}::text`),
          sql`, `,
        )}]`,
        count,
      })
      .from(t)
      .where(and(...conditionsWithout(shared[0]!)))
      .groupBy(
        sql`grouping sets (${sql.join(
          cols.map((c) => sql`(${c})`),
          sql`, `,
        )})`,
      );
    const mask = (1 << shared.length) - 1;
    shared.forEach((facet, i) => {
      const bit = 1 << (shared.length - 1 - i);
      out[facet] = rows
        .filter((r) => r.g === (mask & ~bit))
        .map((r) => ({ value: r.values[i], count: r.count }));
    });
  }
  for (const facet of own) {
    const column = columns[facet];
    out[facet] = await db
      .select({ value: column, count })
      .from(t)
      .where(and(...conditionsWithout(facet)))
      .groupBy(column)
      .orderBy(desc(count))
      .limit(FACET_LIMIT);
  }
  return out;
}

/** Product names by id, to label the products facet (which counts by id). */
export async function productNames(db: DbOrTx): Promise<Map<number, string>> {
  const rows = await db.select({ id: products.id, name: products.name }).from(products);
  return new Map(rows.map((p) => [p.id, p.name]));
}
