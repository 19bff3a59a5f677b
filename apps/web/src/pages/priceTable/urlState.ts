/**
 * What /priceTable shows, read from its address: the product and the city in the path
 * (/priceTable/:product/:city), the day and the grade and spec filters in the query. A hand-edited
 * value the server would refuse (too long, control characters, not a day) is dropped, not sent.
 */
import {
  PRICE_TABLE_DEFAULT_PRODUCT,
  PRICE_TABLE_LIMITS,
  type PriceRow,
  type PriceTableQuery,
} from '@steelport/contracts';

/** The screen's state as the address holds it. */
export interface PriceTableState {
  /** the product asked for; the default when the path names none */
  product: string;
  /** whether the path named the product (else the default, which may not have a table) */
  productInPath: boolean;
  city: string | null;
  /** YYYY-MM-DD, or null for the latest day with quotes */
  date: string | null;
  grade: string | null;
  spec: string | null;
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A bounded name as the contracts accept it, or null. */
function nameOf(value: string | null | undefined, maxLength: number): string | null {
  const text = value?.trim();
  if (!text || text.length > maxLength) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  return /[\u0000-\u001f]/.test(text) ? null : text;
}

/** The state of `params` (the path's) and `search` (the query's). */
export function parsePriceTableState(
  params: Readonly<Record<string, string | undefined>>,
  search: URLSearchParams,
): PriceTableState {
  const product = nameOf(params.product, PRICE_TABLE_LIMITS.productMax);
  const date = search.get('date');
  return {
    product: product ?? PRICE_TABLE_DEFAULT_PRODUCT,
    productInPath: product !== null,
    city: product ? nameOf(params.city, PRICE_TABLE_LIMITS.cityMax) : null,
    date: date && DAY.test(date) ? date : null,
    grade: nameOf(search.get('grade'), PRICE_TABLE_LIMITS.gradeMax),
    spec: nameOf(search.get('spec'), PRICE_TABLE_LIMITS.specMax),
  };
}

/** The address of a state: the path names product and city, the query the day and filters. */
export function priceTableHref(state: Omit<PriceTableState, 'productInPath'>, withProduct = true): string {
  const segments = ['/priceTable'];
  if (withProduct || state.city) segments.push(encodeURIComponent(state.product));
  if (state.city) segments.push(encodeURIComponent(state.city));
  const query = new URLSearchParams();
  if (state.date) query.set('date', state.date);
  if (state.grade) query.set('grade', state.grade);
  if (state.spec) query.set('spec', state.spec);
  const search = query.toString();
  return search ? `${segments.join('/')}?${search}` : segments.join('/');
}

/** The whole table of the product and day: the tabs, the day, the filters' choices. */
export function tableQueryOf(state: PriceTableState): PriceTableQuery {
  return state.date ? { product: state.product, date: state.date } : { product: state.product };
}

/**
 * The table on show, and what its export asks for: the product and day with the city, grade and
 * spec filters, which the server applies (the rows are the items most quoted under the filters),
 * so the screen and its export hold the same rows. Without filters it is `tableQueryOf`'s query.
 */
export function filteredQueryOf(state: PriceTableState, day: string | null = state.date): PriceTableQuery {
  const query: PriceTableQuery = { product: state.product };
  if (day) query.date = day;
  if (state.city) query.city = state.city;
  if (state.grade) query.grade = state.grade;
  if (state.spec) query.spec = state.spec;
  return query;
}

/** The distinct grades of the rows, in their order: the grade filter's choices. */
export function gradesOf(rows: readonly PriceRow[]): string[] {
  return [...new Set(rows.map((row) => row.grade))];
}

/** A row's key: its item. */
export function rowKey(row: Pick<PriceRow, 'grade' | 'spec' | 'mill'>): string {
  return `${row.grade}|${row.spec}|${row.mill}`;
}
