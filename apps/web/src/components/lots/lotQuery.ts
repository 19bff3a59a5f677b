/**
 * The search a lot screen (/wareHouse, /surplus) holds, and its round trip through the URL:
 * every filter field, the sort and the page live in the query string so a reload or a shared
 * link restores the same search. Values a hand-edited URL gets wrong are dropped rather than
 * sent, because the server would refuse the whole search for one bad field.
 */
import {
  filterNumberBounds,
  filterNumberFields,
  LOT_FILTER_LIMITS as LIMITS,
  LOT_SORTS,
  type LotSort,
  type Relaxation,
  SURPLUS_GRADE_NAMES,
  type SurplusFilter,
  type SurplusGradeName,
  type SurplusSearch,
} from '@steelport/contracts';

/** The surplus search is the superset: cargo screens never set `grades`. */
export type LotQuery = SurplusSearch;
export type LotFilter = SurplusFilter;

/** Facets chosen by chips; each is a list of dictionary names. */
export const FACET_FIELDS = ['products', 'materials', 'origins', 'cities', 'warehouses'] as const;
export type FacetField = (typeof FACET_FIELDS)[number];

/** Thickness and width bounds in mm, as both searches send them. */
export interface SizeBounds {
  thicknessMin?: number;
  thicknessMax?: number;
  widthMin?: number;
  widthMax?: number;
}

/**
 * What the filter bar edits in a paged search: the facet lists, the size ranges and, where the
 * market has them, 只看电议 and the quality grades. Lot and quotation searches both fit it.
 */
export type FilterQuery = { page: number } & { [F in FacetField]?: string[] } & SizeBounds & {
    callForPrice?: boolean;
    grades?: readonly string[];
  };

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [20, 50, 100] as const;

/** Bounds of one numeric URL field: values outside them are dropped, not sent. */
export interface NumberBounds {
  min: number;
  max: number;
  integer: boolean;
}

/** Numeric filter fields (sizes, prices, the supplier) with the bounds their schemas state. */
const NUMBER_FIELD_NAMES = filterNumberFields('surplus') as NumberField[];
type NumberField =
  | 'thicknessMin'
  | 'thicknessMax'
  | 'widthMin'
  | 'widthMax'
  | 'priceMin'
  | 'priceMax'
  | 'supplierId';

/** A number of the query string within `bounds`, or undefined (absent, blank or out of bounds). */
export function readNumber(raw: string | null, bounds: NumberBounds): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  const { min, max, integer } = bounds;
  if (!Number.isFinite(value) || value < min || value > max) return undefined;
  if (integer && !Number.isInteger(value)) return undefined;
  return value;
}

/**
 * The distinct names of a repeated parameter (products=a&products=b), each within
 * `limits.nameLength` and at most `limits.names` of them; undefined when there are none.
 */
export function readNames(
  params: URLSearchParams,
  field: string,
  limits: { names: number; nameLength: number } = LIMITS,
): string[] | undefined {
  const names = [
    ...new Set(
      params
        .getAll(field)
        .map((name) => name.trim())
        .filter((name) => name.length > 0 && name.length <= limits.nameLength),
    ),
  ];
  return names.length > 0 ? names.slice(0, limits.names) : undefined;
}

/** A whole number from 1 to `max`, or `fallback`. */
export function readPositiveInt(raw: string | null, fallback: number, max: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : fallback;
}

/** Reads the search from the query string; `grades` only where the screen has them (/surplus). */
export function parseLotQuery(params: URLSearchParams, options: { grades?: boolean } = {}): LotQuery {
  const query: LotQuery = { page: 1, pageSize: DEFAULT_PAGE_SIZE };
  const keyword = params.get('keyword')?.trim();
  if (keyword) query.keyword = keyword.slice(0, LIMITS.keywordLength);
  for (const field of FACET_FIELDS) {
    const names = readNames(params, field);
    if (names) query[field] = names;
  }
  for (const field of NUMBER_FIELD_NAMES) {
    const value = readNumber(params.get(field), filterNumberBounds(field));
    if (value !== undefined) query[field] = value;
  }
  if (params.get('callForPrice') === '1' || params.get('callForPrice') === 'true') query.callForPrice = true;
  if (options.grades) {
    const grades = params
      .getAll('grades')
      .filter((grade): grade is SurplusGradeName =>
        (SURPLUS_GRADE_NAMES as readonly string[]).includes(grade),
      );
    if (grades.length > 0) query.grades = [...new Set(grades)];
  }
  const sort = params.get('sort');
  if ((LOT_SORTS as readonly (string | null)[]).includes(sort)) {
    query.sort = sort as LotSort;
    query.order = params.get('order') === 'asc' ? 'asc' : 'desc';
  }
  query.page = readPositiveInt(params.get('page'), 1, LIMITS.pageMax);
  const pageSize = readPositiveInt(params.get('pageSize'), DEFAULT_PAGE_SIZE, LIMITS.pageSizeMax);
  query.pageSize = (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE;
  return query;
}

/** Writes the search as a query string; defaults (page 1, 20 rows, newest first) are left out. */
export function lotQueryToParams(query: LotQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  for (const field of FACET_FIELDS) for (const name of query[field] ?? []) params.append(field, name);
  for (const grade of query.grades ?? []) params.append('grades', grade);
  for (const field of NUMBER_FIELD_NAMES) {
    const value = query[field];
    if (value !== undefined) params.set(field, String(value));
  }
  if (query.callForPrice) params.set('callForPrice', '1');
  if (query.sort) {
    params.set('sort', query.sort);
    params.set('order', query.order ?? 'desc');
  }
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params;
}

/** The filter part of a search (totals, facet menus and export take no paging). */
export function lotFilterOf(query: LotQuery): LotFilter {
  const { page: _page, pageSize: _pageSize, sort: _sort, order: _order, ...filter } = query;
  return filter;
}

/**
 * A new search from `query` with `patch` applied: a changed filter starts again on page 1, and
 * fields patched to undefined or an empty list are removed. Any paged search of the URL (the
 * lot screens, today's quotations) takes it.
 */
export function patchLotQuery<Q extends { page: number }>(query: Q, patch: Partial<Q>): Q {
  const next: Record<string, unknown> = { ...query, page: 1, ...patch };
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[key];
  }
  return next as Q;
}

/**
 * The search a relaxation offered by an empty result asks for: its keyword under `keywordField`
 * (`keyword` on the lot screens, `indexSearch` on today's quotations; an empty one means no
 * keyword), its size bounds set and its `clear` fields removed, from page 1 like any new filter.
 */
export function relaxQuery<Q extends FilterQuery & { keyword?: string; indexSearch?: string }>(
  query: Q,
  keywordField: 'keyword' | 'indexSearch',
  relaxation: Pick<Relaxation, 'keyword' | 'set' | 'clear'>,
): Q {
  const patch: Partial<FilterQuery & Record<'keyword' | 'indexSearch', string>> = {
    [keywordField]: relaxation.keyword.trim() || undefined,
    ...relaxation.set,
  };
  for (const field of relaxation.clear) patch[field] = undefined;
  return patchLotQuery(query, patch as Partial<Q>);
}

/** Whether any filter is set (the empty state offers 清空筛选 only then). */
export function hasLotFilter(query: LotQuery): boolean {
  return Object.values(lotFilterOf(query)).some((value) => value !== undefined);
}

/** Adds `name` to a facet, or removes it when already chosen. */
export function toggleName(names: readonly string[] | undefined, name: string): string[] {
  const current = names ?? [];
  return current.includes(name) ? current.filter((n) => n !== name) : [...current, name];
}
