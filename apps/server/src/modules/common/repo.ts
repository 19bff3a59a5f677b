/** Dictionary reads for the product map. */
import type { ProductMap } from '@steelport/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  materials,
  mills,
  productCategories,
  productMaterials,
  productOrigins,
  products,
} from '../../db/schema/index.ts';

/** Categories -> products, each with its materials and common mills, in display order. */
export async function loadProductMap(db: DbOrTx): Promise<ProductMap> {
  const [categoryRows, productRows, materialRows, originRows] = await Promise.all([
    db.select().from(productCategories).orderBy(asc(productCategories.sort), asc(productCategories.id)),
    db.select().from(products).orderBy(asc(products.sort), asc(products.id)),
    db
      .select({ productId: productMaterials.productId, name: materials.name })
      .from(productMaterials)
      .innerJoin(materials, eq(materials.id, productMaterials.materialId))
      .orderBy(asc(productMaterials.sort), asc(materials.name)),
    db
      .select({ productId: productOrigins.productId, name: mills.name })
      .from(productOrigins)
      .innerJoin(mills, eq(mills.id, productOrigins.millId))
      .orderBy(asc(productOrigins.sort), asc(mills.name)),
  ]);

  const namesByProduct = (rows: { productId: number; name: string }[]) => {
    const map = new Map<number, string[]>();
    for (const row of rows) {
      const list = map.get(row.productId) ?? [];
      list.push(row.name);
      map.set(row.productId, list);
    }
    return map;
  };
  const materialsOf = namesByProduct(materialRows);
  const originsOf = namesByProduct(originRows);

  return {
    categories: categoryRows.map((c) => ({
      id: c.id,
      code: c.code,
      name: c.name,
      products: productRows
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
