/**
 * SQL of the product dictionaries behind the product map: categories, products, and each
 * product's materials and common mills, in display order. The four reads run one after
 * another, so a transaction may be passed.
 */
import { asc, eq } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import {
  materials,
  mills,
  productCategories,
  productMaterials,
  productOrigins,
  products,
} from '../../db/schema/index.ts';

/** The rows the product map is built from, each list in display order. */
export async function productMapRows(db: DbOrTx) {
  const [categories, productList, materialNames, originNames] = await inSequence([
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
  return { categories, products: productList, materials: materialNames, origins: originNames };
}
export type ProductMapRows = Awaited<ReturnType<typeof productMapRows>>;
