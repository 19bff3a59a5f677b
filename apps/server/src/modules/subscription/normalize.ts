/**
 * A saved filter in the columns of saved_search_terms (pure, no database): the same rules the
 * searches apply (search/repo/lots.ts#lotConditions, quotation/repo/quotes.ts#quoteConditions),
 * with the keyword understood by search/query.ts#parseKeyword. Explicit filters and keyword
 * words combine with AND, so two lists of the same thing become their intersection here; an
 * empty intersection is a search that can never match (no terms at all).
 *
 * A term is one product (or any) and one supplier (or any): the matcher joins on product.
 */
import type { SavedFilter, SavedSearchKind } from '@steelport/contracts';
import { parseSpec } from '@steelport/contracts';
import { splitNames, type TradeDictionary } from '../search/dictionary.ts';
import { containsPattern, parseKeyword } from '../search/query.ts';

/** One row of saved_search_terms, without its ids. */
export interface Term {
  productId: number | null;
  materialIds: number[] | null;
  materialNames: string[] | null;
  millIds: number[] | null;
  originNames: string[] | null;
  warehouseIds: number[] | null;
  warehouseNames: string[] | null;
  cities: string[] | null;
  companyId: number | null;
  thicknessMin: number | null;
  thicknessMax: number | null;
  widthMin: number | null;
  widthMax: number | null;
  thicknesses: number[] | null;
  widths: number[] | null;
  lengths: number[] | null;
  priceMinFen: number | null;
  priceMaxFen: number | null;
  callForPrice: boolean;
  grades: string[] | null;
  texts: string[] | null;
  /** `product:city:material:mill`, `*` for any: the equality the matcher joins on (see matchKey) */
  matchKey: string;
}

/** A list longer than this is not spread over terms: its dimension of the key becomes `*`. */
const KEY_SPREAD_MAX = 8;

/** The join key of a term; a row probes the 16 keys of its own values and `*` (repo/matching.ts#matchRows). */
export function matchKey(
  productId: number | null,
  city: string | null,
  materialId: number | null,
  millId: number | null,
): string {
  return `${productId ?? '*'}:${city ?? '*'}:${materialId ?? '*'}:${millId ?? '*'}`;
}

/** The ids of a facet to spread the key over, or any (`*`): unknown names have no id, long lists stay whole. */
const keyIds = (f: { ids: number[]; names: string[] } | null): (number | null)[] =>
  f && f.names.length === 0 && f.ids.length <= KEY_SPREAD_MAX ? f.ids : [null];

/** What the filter says in storage units, as the service hands it over. */
export interface NormalizeInput {
  kind: SavedSearchKind;
  filter: SavedFilter;
  /** prices in fen (present.ts converts) */
  priceMinFen?: number;
  priceMaxFen?: number;
  /** the company of a quotation filter's traderId; null when that user has none */
  traderCompanyId?: number | null;
}

/** `a ∩ b` where null means "anything". */
function meet<T>(a: T[] | null, b: T[] | null): T[] | null {
  if (a === null) return b;
  if (b === null) return a;
  return a.filter((x) => b.includes(x));
}

/** Both bounds of one side applied together (`pick` is Math.max for a minimum); null when neither. */
function tighter(
  a: number | undefined,
  b: number | null,
  pick: (x: number, y: number) => number,
): number | null {
  if (a === undefined) return b;
  return b === null ? a : pick(a, b);
}

const listOrNull = <T>(list: T[]): T[] | null => (list.length ? [...new Set(list)] : null);

/**
 * An explicit facet (ids and unknown names) meeting the keyword's ids for it. Returns null for
 * "no condition", or both lists (either may be empty); both empty means nothing can match.
 */
function facet(
  names: readonly string[] | undefined,
  keywordIds: number[],
  known: Map<string, number>,
  key?: (n: string) => string,
): { ids: number[]; names: string[] } | null {
  const explicit = names?.length ? splitNames(names, known, key) : null;
  if (!explicit && !keywordIds.length) return null;
  if (!explicit) return { ids: [...new Set(keywordIds)], names: [] };
  if (!keywordIds.length) return { ids: [...new Set(explicit.ids)], names: [...new Set(explicit.unknown)] };
  // A name the dictionary does not know has no id, so it cannot also be a keyword's id.
  return { ids: explicit.ids.filter((id) => keywordIds.includes(id)), names: [] };
}

const impossible = (f: { ids: unknown[]; names: unknown[] } | null) =>
  f !== null && f.ids.length === 0 && f.names.length === 0;

/** The terms of a saved filter; an empty list when it can never match. */
export function normalizeFilter(input: NormalizeInput, dict: TradeDictionary): Term[] {
  const { kind, filter } = input;
  const keyword = (kind === 'quotation' ? filter.indexSearch : filter.keyword) ?? '';
  const parsed = parseKeyword(keyword, dict);

  let products: number[] | null = null;
  if (filter.products?.length) {
    products = splitNames(filter.products, dict.productByName).ids;
  }
  products = meet(products, listOrNull(parsed.productIds));
  if (products !== null && products.length === 0) return [];

  const materials = facet(filter.materials, parsed.materialIds, dict.materialByName, (n) => n.toUpperCase());
  const mills = facet(filter.origins, parsed.millIds, dict.millByName);
  const warehouses = facet(filter.warehouses, parsed.warehouseIds, dict.warehouseByName);
  if (impossible(materials) || impossible(mills) || impossible(warehouses)) return [];

  let cities: string[] | null = filter.cities?.length ? [...new Set(filter.cities)] : null;
  for (const group of parsed.cityGroups) cities = meet(cities, group);
  if (cities !== null && cities.length === 0) return [];

  let companies: number[] | null = null;
  if (kind === 'quotation' && input.traderCompanyId !== undefined) {
    if (input.traderCompanyId === null) return [];
    companies = [input.traderCompanyId];
  } else if (kind !== 'quotation' && filter.supplierId !== undefined) {
    companies = [filter.supplierId];
  }
  companies = meet(companies, listOrNull(parsed.supplierIds));
  if (companies !== null && companies.length === 0) return [];

  let thicknesses = listOrNull(parsed.thicknesses);
  let widths = listOrNull(parsed.widths);
  let lengths = listOrNull(parsed.lengths);
  if (kind === 'quotation' && filter.spec) {
    const spec = parseSpec(filter.spec);
    if (!spec) return [];
    thicknesses = meet(thicknesses, [spec.thickness]);
    if (spec.width !== null) widths = meet(widths, [spec.width]);
    if (spec.length !== null) lengths = meet(lengths, [spec.length]);
    if (thicknesses?.length === 0 || widths?.length === 0 || lengths?.length === 0) return [];
  }

  const base: Omit<Term, 'productId' | 'companyId' | 'matchKey'> = {
    materialIds: materials?.ids ?? null,
    materialNames: materials ? materials.names : null,
    millIds: mills?.ids ?? null,
    originNames: mills ? mills.names : null,
    warehouseIds: warehouses?.ids ?? null,
    warehouseNames: warehouses ? warehouses.names : null,
    cities,
    // The keyword's ranges (3-4, ≥1250) narrow the explicit ones.
    thicknessMin: tighter(filter.thicknessMin, parsed.thicknessMin, Math.max),
    thicknessMax: tighter(filter.thicknessMax, parsed.thicknessMax, Math.min),
    widthMin: tighter(filter.widthMin, parsed.widthMin, Math.max),
    widthMax: tighter(filter.widthMax, parsed.widthMax, Math.min),
    thicknesses,
    widths,
    lengths,
    priceMinFen: kind === 'quotation' ? null : (input.priceMinFen ?? null),
    priceMaxFen: kind === 'quotation' ? null : (input.priceMaxFen ?? null),
    callForPrice: kind !== 'quotation' && filter.callForPrice === true,
    grades: kind === 'surplus' && filter.grades?.length ? [...new Set(filter.grades)] : null,
    texts: listOrNull(parsed.texts.map(containsPattern)),
  };
  // The key's city, material and mill: one term each when the list is short, else any (`*`);
  // the columns still hold the whole condition.
  const keyCities: (string | null)[] = cities && cities.length <= KEY_SPREAD_MAX ? cities : [null];
  const terms: Term[] = [];
  for (const productId of products ?? [null]) {
    for (const companyId of companies ?? [null]) {
      for (const city of keyCities) {
        for (const materialId of keyIds(materials)) {
          for (const millId of keyIds(mills)) {
            const key = matchKey(productId, city, materialId, millId);
            terms.push({ ...base, productId, companyId, matchKey: key });
          }
        }
      }
    }
  }
  return terms;
}
