/**
 * Writes the dictionaries (categories, products, materials, mills and which mill rolls what)
 * and the warehouses, and returns the ids the other generators refer to.
 */
import type { Tx } from '../db/client.ts';
import {
  materials,
  mills,
  productCategories,
  productFamilies,
  productMaterials,
  productOrigins,
  products,
  warehouses,
} from '../db/schema/index.ts';
import { allMaterials, CATEGORIES, FAMILIES, PRODUCTS, type ProductKey } from './dictionaries.ts';
import type { LotSpec } from './lots.ts';
import { MILLS, millsMaking } from './mills.ts';
import { mobilePhone, personName } from './names.ts';
import { MARKETS, marketByName, WAREHOUSES } from './places.ts';
import type { Rng } from './random.ts';

export interface SeededWarehouse {
  id: number;
  name: string;
  city: string;
  market: string;
  capacity: number;
}

/** Database ids of the dictionary entries and warehouses, by their names. */
export interface Catalog {
  productIds: Record<ProductKey, number>;
  materialIds: Map<string, number>;
  millIds: Map<string, number>;
  warehouses: SeededWarehouse[];
  /** warehouses of each market */
  warehousesByMarket: Map<string, SeededWarehouse[]>;
}

/** Inserts dictionaries and warehouses. `taken` collects phone numbers already handed out. */
export async function seedCatalog(tx: Tx, rng: Rng, taken: Set<string>): Promise<Catalog> {
  const cats = await tx
    .insert(productCategories)
    .values(CATEGORIES.map((c, i) => ({ code: c.code, name: c.name, nameEn: c.nameEn, sort: i })))
    .returning({ id: productCategories.id, code: productCategories.code });
  const catId = new Map(cats.map((c) => [c.code, c.id]));

  // A fresh database has the families from its migration; after `seed --reset` they are gone.
  await tx
    .insert(productFamilies)
    .values(FAMILIES.map((f, sort) => ({ name: f.name, nameEn: f.nameEn, aliases: f.aliases, sort })))
    .onConflictDoNothing();
  const familyRows = await tx
    .select({ id: productFamilies.id, name: productFamilies.name })
    .from(productFamilies);
  const familyIdByName = new Map(familyRows.map((f) => [f.name, f.id]));
  const familyOf = (key: ProductKey) => {
    const family = FAMILIES.find((f) => f.products.includes(key));
    return family ? (familyIdByName.get(family.name) ?? null) : null;
  };

  const prods = await tx
    .insert(products)
    .values(
      PRODUCTS.map((p, i) => ({
        categoryId: catId.get(p.category) as number,
        name: p.name,
        nameEn: p.nameEn,
        aliases: p.aliases,
        familyId: familyOf(p.key),
        thicknessMin: p.thickness[0],
        thicknessMax: p.thickness[1],
        widthMin: p.width[0],
        widthMax: p.width[1],
        sort: i,
      })),
    )
    .returning({ id: products.id, name: products.name });
  const productIdByName = new Map(prods.map((p) => [p.name, p.id]));
  const productIds = Object.fromEntries(PRODUCTS.map((p) => [p.key, productIdByName.get(p.name)])) as Record<
    ProductKey,
    number
  >;

  const mats = await tx
    .insert(materials)
    .values(allMaterials().map((name) => ({ name })))
    .returning({ id: materials.id, name: materials.name });
  const materialIds = new Map(mats.map((m) => [m.name, m.id]));
  await tx.insert(productMaterials).values(
    PRODUCTS.flatMap((p) =>
      p.materials.map(([m], sort) => ({
        productId: productIds[p.key],
        materialId: materialIds.get(m) as number,
        sort,
      })),
    ),
  );

  const millRows = await tx
    .insert(mills)
    .values(
      MILLS.map((m) => ({
        name: m.name,
        nameEn: m.nameEn,
        fullName: m.fullName,
        province: m.province,
        aliases: m.aliases,
      })),
    )
    .returning({ id: mills.id, name: mills.name });
  const millIds = new Map(millRows.map((m) => [m.name, m.id]));
  await tx.insert(productOrigins).values(
    PRODUCTS.flatMap((p) =>
      millsMaking(p.key)
        .sort((a, b) => b.share - a.share)
        .map((m, sort) => ({ productId: productIds[p.key], millId: millIds.get(m.name) as number, sort })),
    ),
  );

  const whRows = await tx
    .insert(warehouses)
    .values(
      WAREHOUSES.map((w, i) => {
        const market = marketByName(w.market);
        return {
          name: w.name,
          city: w.city,
          market: w.market,
          region: market.region,
          province: /^(.+?)[省市]/.exec(w.address)?.[1] ?? market.province,
          address: w.address,
          capacityTonnes: w.capacity,
          isSample: w.isSample,
          inspectionPartner: w.inspection,
          cloudPartner: w.cloud,
          contactName: personName(rng),
          contactPhone: mobilePhone(rng, taken),
          sort: i,
        };
      }),
    )
    .returning({ id: warehouses.id, name: warehouses.name });
  const whId = new Map(whRows.map((w) => [w.name, w.id]));
  const seeded = WAREHOUSES.map((w) => ({
    id: whId.get(w.name) as number,
    name: w.name,
    city: w.city,
    market: w.market,
    capacity: w.capacity,
  }));
  const warehousesByMarket = new Map(MARKETS.map((m) => [m.name, seeded.filter((w) => w.market === m.name)]));
  return { productIds, materialIds, millIds, warehouses: seeded, warehousesByMarket };
}

/** The columns every lot-shaped row (cargo, surplus, quotation) takes from a generated lot. */
export function lotFields(catalog: Catalog, lot: LotSpec) {
  return {
    productId: catalog.productIds[lot.product.key],
    materialId: catalog.materialIds.get(lot.material) ?? null,
    material: lot.material,
    spec: lot.spec,
    thickness: lot.thickness,
    width: lot.width,
    length: lot.length,
    form: lot.form,
    millId: catalog.millIds.get(lot.mill.name) ?? null,
    origin: lot.mill.name,
  };
}
