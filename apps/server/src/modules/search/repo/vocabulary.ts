/**
 * The rows the trade dictionary is built from, and the conditions an understood keyword becomes:
 * all SQL of search/ lives here.
 */
import { eq, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type DbOrTx, inSequence } from '../../../db/client.ts';
import {
  companies,
  materials,
  mills,
  productCategories,
  productFamilies,
  products,
  warehouses,
} from '../../../db/schema/index.ts';
import type { DictionaryRows } from '../dictionary.ts';
import { containsPattern, type ParsedKeyword } from '../query.ts';

/**
 * Every word the dictionary knows: product families, products with their aliases, materials,
 * mills with theirs, active warehouses and suppliers' short names, with the English names (and
 * the categories', which are no search words). Seven small reads one after another (it runs
 * once per few minutes, and may run on a transaction).
 */
export async function loadDictionaryRows(db: DbOrTx): Promise<DictionaryRows> {
  const [categoryRows, familyRows, productRows, materialRows, millRows, warehouseRows, supplierRows] =
    await inSequence([
      db.select({ name: productCategories.name, nameEn: productCategories.nameEn }).from(productCategories),
      db
        .select({
          id: productFamilies.id,
          name: productFamilies.name,
          aliases: productFamilies.aliases,
          nameEn: productFamilies.nameEn,
        })
        .from(productFamilies),
      db
        .select({
          id: products.id,
          name: products.name,
          aliases: products.aliases,
          familyId: products.familyId,
          nameEn: products.nameEn,
        })
        .from(products),
      db.select({ id: materials.id, name: materials.name }).from(materials),
      db
        .select({
          id: mills.id,
          name: mills.name,
          aliases: mills.aliases,
          fullName: mills.fullName,
          nameEn: mills.nameEn,
        })
        .from(mills),
      db
        .select({
          id: warehouses.id,
          name: warehouses.name,
          city: warehouses.city,
          market: warehouses.market,
          nameEn: warehouses.nameEn,
        })
        .from(warehouses)
        .where(eq(warehouses.active, true)),
      db.select({ id: companies.id, shortName: companies.shortName }).from(companies),
    ]);
  return {
    categories: categoryRows,
    families: familyRows,
    products: productRows,
    materials: materialRows,
    mills: millRows,
    warehouses: warehouseRows,
    suppliers: supplierRows,
  };
}

/** The columns of a searched table that an understood keyword filters (lots and quotations share them). */
export interface KeywordColumns {
  productId: AnyPgColumn;
  materialId: AnyPgColumn;
  millId: AnyPgColumn;
  warehouseId: AnyPgColumn;
  companyId: AnyPgColumn;
  city: AnyPgColumn;
  thickness: AnyPgColumn;
  width: AnyPgColumn;
  length: AnyPgColumn;
  searchText: AnyPgColumn;
}

/**
 * The WHERE conditions an understood keyword adds, the one translation every search uses (cargo,
 * surplus, quotations): dictionary words become `= any` on ids, a city group `in` its cities,
 * spec words equality, ranges `>=`/`<=` on the bare column (so the thickness and width indexes
 * serve them), and only 3+ character leftovers an `ILIKE` on the trigram-indexed search text.
 * Words of one kind widen each other (热卷 冷卷: either product); different kinds narrow.
 */
export function keywordConditions(t: KeywordColumns, parsed: ParsedKeyword): SQL[] {
  const c: SQL[] = [];
  if (parsed.productIds.length) c.push(inArray(t.productId, parsed.productIds));
  if (parsed.materialIds.length) c.push(inArray(t.materialId, parsed.materialIds));
  if (parsed.millIds.length) c.push(inArray(t.millId, parsed.millIds));
  if (parsed.warehouseIds.length) c.push(inArray(t.warehouseId, parsed.warehouseIds));
  if (parsed.supplierIds.length) c.push(inArray(t.companyId, parsed.supplierIds));
  for (const cities of parsed.cityGroups) c.push(inArray(t.city, cities));
  if (parsed.thicknesses.length) c.push(inArray(t.thickness, parsed.thicknesses));
  if (parsed.thicknessMin !== null) c.push(gte(t.thickness, parsed.thicknessMin));
  if (parsed.thicknessMax !== null) c.push(lte(t.thickness, parsed.thicknessMax));
  if (parsed.widths.length) c.push(inArray(t.width, parsed.widths));
  if (parsed.widthMin !== null) c.push(gte(t.width, parsed.widthMin));
  if (parsed.widthMax !== null) c.push(lte(t.width, parsed.widthMax));
  if (parsed.lengths.length) c.push(inArray(t.length, parsed.lengths));
  for (const text of parsed.texts) c.push(ilike(t.searchText, containsPattern(text)));
  return c;
}
