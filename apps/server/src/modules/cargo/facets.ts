/** Facet menus of a lot search: how many lots each product, material, mill, city, warehouse has. */
import type { LotMenu } from '@steelport/contracts';
import { and, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { products, surplus } from '../../db/schema/index.ts';
import { type Facet, type LotKind, lotTable } from './lots.ts';

const FACET_LIMIT = 50;
const GROUPED: Exclude<Facet, 'grades'>[] = ['products', 'materials', 'origins', 'cities', 'warehouses'];

/**
 * Counts per value of each facet; a facet with an explicit filter is counted without it, so its
 * menu still offers the other values. The facets that share one WHERE (all those without their
 * own filter: usually all five) are counted in a single scan with GROUPING SETS.
 */
export async function facetMenu(
  db: Db,
  kind: LotKind,
  active: Set<Facet>,
  conditionsWithout: (facet: Facet) => SQL[],
): Promise<Omit<LotMenu, 'cachedForSeconds'>> {
  const t = lotTable(kind);
  const columns: Record<Exclude<Facet, 'grades'>, AnyPgColumn> = {
    products: t.productId,
    materials: t.material,
    origins: t.origin,
    cities: t.city,
    warehouses: t.warehouseName,
  };
  const productNames = new Map(
    (await db.select({ id: products.id, name: products.name }).from(products)).map((p) => [p.id, p.name]),
  );
  const menu: Omit<LotMenu, 'cachedForSeconds'> = {
    products: [],
    materials: [],
    origins: [],
    cities: [],
    warehouses: [],
  };
  const keep = (facet: Facet, entries: { value: string; count: number }[]) => {
    const list = entries
      .filter((e) => e.value !== '')
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
      .slice(0, FACET_LIMIT);
    if (facet === 'grades') menu.grades = list;
    else menu[facet] = list;
  };
  const label = (facet: Facet, value: unknown) =>
    facet === 'products' ? (productNames.get(Number(value)) ?? '') : String(value ?? '');

  const shared = GROUPED.filter((f) => !active.has(f));
  const own = GROUPED.filter((f) => active.has(f));
  const count = sql<number>`count(*)::int`;
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
    shared.forEach((facet, i) => {
      const bit = 1 << (shared.length - 1 - i);
      const mask = (1 << shared.length) - 1;
      keep(
        facet,
        rows
          .filter((r) => r.g === (mask & ~bit))
          .map((r) => ({ value: label(facet, r.values[i]), count: r.count })),
      );
    });
  }
  for (const facet of own) {
    const column = columns[facet];
    const rows = await db
      .select({ value: column, count })
      .from(t)
      .where(and(...conditionsWithout(facet)))
      .groupBy(column)
      .orderBy(desc(count))
      .limit(FACET_LIMIT);
    keep(
      facet,
      rows.map((r) => ({ value: label(facet, r.value), count: r.count })),
    );
  }
  if (kind === 'surplus') {
    const rows = await db
      .select({ value: surplus.grade, count })
      .from(surplus)
      .where(and(...conditionsWithout('grades')))
      .groupBy(surplus.grade);
    keep('grades', rows);
  }
  return menu;
}
