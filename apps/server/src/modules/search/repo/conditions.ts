/**
 * The conditions every trade search shares, on the columns lots and quotations both have: the
 * five facets by name (ids where the dictionary knows the name, the written text where it does
 * not), the thickness and width bounds, and the understood keyword (vocabulary.ts). Each search
 * adds its own around them: lots their status, supplier and price (lots.ts#lotConditions),
 * quotations their deletion, spec and trader (quotation/repo/quotes.ts#quoteConditions).
 */
import { gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { splitNames, type TradeDictionary } from '../dictionary.ts';
import type { ParsedKeyword } from '../query.ts';
import { type KeywordColumns, keywordConditions } from './vocabulary.ts';

/** A facet of the shared filter (surplus adds its grades itself). */
export type SharedFacet = 'products' | 'materials' | 'origins' | 'cities' | 'warehouses';

/** The columns the shared conditions read. */
export interface SearchColumns extends KeywordColumns {
  material: AnyPgColumn;
  origin: AnyPgColumn;
  warehouseName: AnyPgColumn;
}

/** The part of a filter every search has. */
export interface SharedFilter {
  products?: string[] | undefined;
  materials?: string[] | undefined;
  origins?: string[] | undefined;
  cities?: string[] | undefined;
  warehouses?: string[] | undefined;
  thicknessMin?: number | undefined;
  thicknessMax?: number | undefined;
  widthMin?: number | undefined;
  widthMax?: number | undefined;
}

function idsOrText(
  idColumn: AnyPgColumn,
  textColumn: AnyPgColumn,
  names: string[],
  known: Map<string, number>,
  key?: (n: string) => string,
): SQL {
  const { ids, unknown } = splitNames(names, known, key);
  const parts: SQL[] = [];
  if (ids.length) parts.push(inArray(idColumn, ids));
  if (unknown.length) parts.push(inArray(textColumn, unknown));
  return or(...parts) ?? sql`false`;
}

/**
 * The facet and size conditions of `filter` and the understood keyword's. `skip` leaves one
 * facet's explicit filter out, so its menu still offers the other values.
 */
export function sharedConditions(
  t: SearchColumns,
  filter: SharedFilter,
  parsed: ParsedKeyword,
  dict: TradeDictionary,
  skip?: string,
): SQL[] {
  const c: SQL[] = [];
  if (filter.products?.length && skip !== 'products') {
    const { ids } = splitNames(filter.products, dict.productByName);
    // A product name the dictionary does not know names no product: nothing matches.
    c.push(ids.length ? inArray(t.productId, ids) : sql`false`);
  }
  if (filter.materials?.length && skip !== 'materials') {
    c.push(
      idsOrText(t.materialId, t.material, filter.materials, dict.materialByName, (n) => n.toUpperCase()),
    );
  }
  if (filter.origins?.length && skip !== 'origins') {
    c.push(idsOrText(t.millId, t.origin, filter.origins, dict.millByName));
  }
  if (filter.cities?.length && skip !== 'cities') c.push(inArray(t.city, filter.cities));
  if (filter.warehouses?.length && skip !== 'warehouses') {
    c.push(idsOrText(t.warehouseId, t.warehouseName, filter.warehouses, dict.warehouseByName));
  }
  if (filter.thicknessMin !== undefined) c.push(gte(t.thickness, filter.thicknessMin));
  if (filter.thicknessMax !== undefined) c.push(lte(t.thickness, filter.thicknessMax));
  if (filter.widthMin !== undefined) c.push(gte(t.width, filter.widthMin));
  if (filter.widthMax !== undefined) c.push(lte(t.width, filter.widthMax));
  c.push(...keywordConditions(t, parsed));
  return c;
}

/** The columns of a table with every search column (both lot tables, quotations). */
export function searchColumns(t: { [K in keyof SearchColumns]: AnyPgColumn }): SearchColumns {
  return {
    productId: t.productId,
    materialId: t.materialId,
    millId: t.millId,
    warehouseId: t.warehouseId,
    companyId: t.companyId,
    city: t.city,
    thickness: t.thickness,
    width: t.width,
    length: t.length,
    searchText: t.searchText,
    material: t.material,
    origin: t.origin,
    warehouseName: t.warehouseName,
  };
}
