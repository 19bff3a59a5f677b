/**
 * The one definition of the trade searches' filter fields: spot stock (cargo), surplus and
 * today's quotations. Each field says which searches have it, its schema and what saved
 * searches (订阅) do with it. From it follow:
 * - the API schemas (cargo.ts LotFilterFields, SurplusFilter; quotation.ts QuotationFilterFields;
 *   the exports take the same filters),
 * - the portal's URL state (a number field's bounds are read from its schema:
 *   `filterNumberBounds`),
 * - saved searches: the fields a kind accepts (subscription.ts SAVED_FILTER_FIELDS) and the ones
 *   it refuses with the reason given here; the server's matcher must match every accepted field
 *   (apps/server modules/subscription/filter-fields.test.ts fails for a field it ignores).
 * CONTRIBUTING.md "How to add a filter" walks through a new field.
 */
import { type Static, type TSchema, Type } from 'typebox';
import { Id } from './envelope.ts';
import { FacetFilterFields, SEARCH_LIMITS, SizeRangeFields } from './filters.ts';
import { DayString } from './index-data.ts';

const L = SEARCH_LIMITS;

/** The trade searches. */
export const SEARCH_KINDS = ['cargo', 'surplus', 'quotation'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SURPLUS_GRADE_NAMES = ['正品', '协议品', '次品', '等外品'] as const;
/** A quality grade of the surplus market. */
export type SurplusGradeName = (typeof SURPLUS_GRADE_NAMES)[number];

/** What saved searches do with a field: match it, or refuse a filter that sets it (and why). */
export type SavedPolicy = 'matched' | { refused: string };

/** One filter field of the trade searches. */
export interface FilterField<
  S extends TSchema = TSchema,
  K extends readonly SearchKind[] = readonly SearchKind[],
> {
  schema: S;
  kinds: K;
  saved: SavedPolicy;
}

const field = <S extends TSchema, const K extends readonly SearchKind[]>(
  kinds: K,
  schema: S,
  saved: SavedPolicy = 'matched',
): FilterField<S, K> => ({ schema, kinds, saved });

const LOTS = ['cargo', 'surplus'] as const;
const ALL = SEARCH_KINDS;

/** Every filter field, in the order the schemas list them. */
export const SEARCH_FILTER_FIELDS = {
  date: field(['quotation'], Type.Optional(DayString), {
    refused: '订阅每天都会匹配新报价，不能指定报价日期',
  }),
  keyword: field(
    LOTS,
    Type.Optional(
      Type.String({
        maxLength: L.keywordLength,
        description:
          '关键词：品名、材质、规格、产地、城市、仓库、供应商，空格分隔，如 热卷 Q235B 2.75*1250 日照 乐从',
      }),
    ),
  ),
  indexSearch: field(
    ['quotation'],
    Type.Optional(
      Type.String({
        maxLength: L.keywordLength,
        description:
          '顶部搜索关键词：品名、材质、规格、产地、城市、仓库、贸易商，空格分隔，如 热卷 Q235B 2.75*1250 日照',
      }),
    ),
  ),
  products: field(ALL, FacetFilterFields.products),
  materials: field(ALL, FacetFilterFields.materials),
  origins: field(ALL, FacetFilterFields.origins),
  cities: field(ALL, FacetFilterFields.cities),
  warehouses: field(ALL, FacetFilterFields.warehouses),
  supplierId: field(LOTS, Type.Optional(Id('供应商（公司 id）'))),
  spec: field(
    ['quotation'],
    Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: L.specLength,
        description: '规格，如 2.75*1250（厚度、宽度精确匹配）',
      }),
    ),
  ),
  thicknessMin: field(ALL, SizeRangeFields.thicknessMin),
  thicknessMax: field(ALL, SizeRangeFields.thicknessMax),
  widthMin: field(ALL, SizeRangeFields.widthMin),
  widthMax: field(ALL, SizeRangeFields.widthMax),
  priceMin: field(
    LOTS,
    Type.Optional(Type.Number({ minimum: 0, maximum: L.priceMax, description: '单价下限 元/吨' })),
  ),
  priceMax: field(
    LOTS,
    Type.Optional(Type.Number({ minimum: 0, maximum: L.priceMax, description: '单价上限 元/吨' })),
  ),
  callForPrice: field(LOTS, Type.Optional(Type.Boolean({ description: '只看电议' }))),
  grades: field(
    ['surplus'],
    Type.Optional(Type.Array(Type.Enum(SURPLUS_GRADE_NAMES), { maxItems: 4, description: '质量等级' })),
  ),
  traderId: field(['quotation'], Type.Optional(Id('贸易商（用户 id，同 /firminfo/{userId}）'))),
};
type Fields = typeof SEARCH_FILTER_FIELDS;
/** The name of a filter field. */
export type FilterFieldName = keyof Fields;

/** The schema fields of one search, in registry order. */
export type FilterFieldsOf<K extends SearchKind> = {
  [N in keyof Fields as K extends Fields[N]['kinds'][number] ? N : never]: Fields[N]['schema'];
};

/** The names of the fields a search has. */
export function filterFieldNames(kind: SearchKind): FilterFieldName[] {
  return (Object.keys(SEARCH_FILTER_FIELDS) as FilterFieldName[]).filter((name) =>
    (SEARCH_FILTER_FIELDS[name].kinds as readonly SearchKind[]).includes(kind),
  );
}

/** The TypeBox properties of a search's filter (cargo.ts, quotation.ts build their schemas on it). */
export function filterFieldsOf<K extends SearchKind>(kind: K): FilterFieldsOf<K> {
  return Object.fromEntries(
    filterFieldNames(kind).map((name) => [name, SEARCH_FILTER_FIELDS[name].schema]),
  ) as FilterFieldsOf<K>;
}

/** The fields of a search that saved searches refuse, with the reason. */
export function savedRefusals(kind: SearchKind): Partial<Record<FilterFieldName, string>> {
  const out: Partial<Record<FilterFieldName, string>> = {};
  for (const name of filterFieldNames(kind)) {
    const saved = SEARCH_FILTER_FIELDS[name].saved;
    if (saved !== 'matched') out[name] = saved.refused;
  }
  return out;
}

type NumberSchema = TSchema & { type?: string; minimum?: number; maximum?: number };

/** The number fields of a search (sizes, prices, ids), whose URL values the portal bounds. */
export function filterNumberFields(kind: SearchKind): FilterFieldName[] {
  return filterFieldNames(kind).filter((name) => {
    const type = (SEARCH_FILTER_FIELDS[name].schema as NumberSchema).type;
    return type === 'number' || type === 'integer';
  });
}

/** Bounds of a number field, as its schema states them (the portal drops a URL value outside). */
export function filterNumberBounds(name: FilterFieldName): { min: number; max: number; integer: boolean } {
  const schema = SEARCH_FILTER_FIELDS[name].schema as NumberSchema;
  if (schema.type !== 'number' && schema.type !== 'integer') throw new Error(`${name} is not a number field`);
  return {
    min: schema.minimum ?? 0,
    max: schema.maximum ?? Number.MAX_SAFE_INTEGER,
    integer: schema.type === 'integer',
  };
}

/** How an empty search may be widened: any width, thickness ±0.25 mm, any mill. */
export const RELAXATION_KINDS = ['width', 'thickness', 'origin'] as const;
export type RelaxationKind = (typeof RELAXATION_KINDS)[number];
/** Thickness a 'thickness' relaxation adds on either side, in mm. */
export const RELAX_THICKNESS_MM = 0.25;

/**
 * A wider search offered when a search finds nothing, with the rows it would find: the new
 * keyword (the search's keyword or indexSearch, its size and mill words rewritten or dropped),
 * the size bounds to set, and the filter fields to clear.
 */
export const Relaxation = Type.Object({
  kind: Type.Enum(RELAXATION_KINDS, {
    description: 'width 不限宽度, thickness 厚度放宽 ±0.25mm, origin 不限产地',
  }),
  count: Type.Integer({ minimum: 1, description: '放宽后的条数' }),
  keyword: Type.String({ description: '放宽后的关键词（现货、余料为 keyword，报价为 indexSearch）' }),
  set: Type.Object({
    thicknessMin: Type.Optional(Type.Number()),
    thicknessMax: Type.Optional(Type.Number()),
  }),
  clear: Type.Array(Type.Enum(['widthMin', 'widthMax', 'origins'] as const), {
    description: '放宽时清除的筛选项',
  }),
});
export type Relaxation = Static<typeof Relaxation>;
