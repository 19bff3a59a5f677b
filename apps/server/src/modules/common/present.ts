/** Presenters: the product dictionaries as the product map (categories -> products). */
import type { ProductMap } from '@steelport/contracts';
import type { ProductMapRows } from './repo.ts';

/** Names grouped by product, in the order of the rows. */
function namesByProduct(rows: { productId: number; name: string }[]): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const row of rows) {
    const list = map.get(row.productId) ?? [];
    list.push(row.name);
    map.set(row.productId, list);
  }
  return map;
}

/** Categories -> products, each with its materials, common mills and spec ranges. */
export function presentProductMap(rows: ProductMapRows): ProductMap {
  const materialsOf = namesByProduct(rows.materials);
  const originsOf = namesByProduct(rows.origins);
  return {
    categories: rows.categories.map((c) => ({
      id: c.id,
      code: c.code,
      name: c.name,
      products: rows.products
        .filter((p) => p.categoryId === c.id)
        .map((p) => ({
          id: p.id,
          name: p.name,
          aliases: p.aliases,
          materials: materialsOf.get(p.id) ?? [],
          origins: originsOf.get(p.id) ?? [],
          thicknessMin: p.thicknessMin,
          thicknessMax: p.thicknessMax,
          widthMin: p.widthMin,
          widthMax: p.widthMax,
        })),
    })),
  };
}
