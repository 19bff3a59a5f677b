/** SQL of the home page's own blocks: the newest spot stock on sale. */
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cargo, companies, products } from '../../db/schema/index.ts';

/** The `limit` lots on sale updated last (walks cargo_updated_at_idx backwards). */
export async function newestCargo(db: DbOrTx, limit: number) {
  return db
    .select({
      id: cargo.id,
      product: products.name,
      material: cargo.material,
      spec: cargo.spec,
      origin: cargo.origin,
      city: cargo.city,
      warehouse: cargo.warehouseName,
      weightKg: cargo.weightKg,
      priceFen: cargo.priceFen,
      supplier: companies.shortName,
      updatedAt: cargo.updatedAt,
    })
    .from(cargo)
    .innerJoin(products, eq(products.id, cargo.productId))
    .innerJoin(companies, eq(companies.id, cargo.companyId))
    .where(eq(cargo.status, 'on_sale'))
    .orderBy(desc(cargo.updatedAt), desc(cargo.id))
    .limit(limit);
}
export type NewestCargoRow = Awaited<ReturnType<typeof newestCargo>>[number];
