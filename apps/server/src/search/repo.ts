/** The rows the trade dictionary is built from: all SQL of search/ lives here. */
import { eq } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../db/client.ts';
import { companies, materials, mills, products, warehouses } from '../db/schema/index.ts';
import type { DictionaryRows } from './dictionary.ts';

/**
 * Every word the dictionary knows: products with their aliases, materials, mills, active
 * warehouses and suppliers' short names. Five small reads one after another (it runs once per
 * few minutes, and may run on a transaction).
 */
export async function loadDictionaryRows(db: DbOrTx): Promise<DictionaryRows> {
  const [productRows, materialRows, millRows, warehouseRows, supplierRows] = await inSequence([
    db.select({ id: products.id, name: products.name, aliases: products.aliases }).from(products),
    db.select({ id: materials.id, name: materials.name }).from(materials),
    db.select({ id: mills.id, name: mills.name }).from(mills),
    db
      .select({ id: warehouses.id, name: warehouses.name, city: warehouses.city, market: warehouses.market })
      .from(warehouses)
      .where(eq(warehouses.active, true)),
    db.select({ id: companies.id, shortName: companies.shortName }).from(companies),
  ]);
  return {
    products: productRows,
    materials: materialRows,
    mills: millRows,
    warehouses: warehouseRows,
    suppliers: supplierRows,
  };
}
