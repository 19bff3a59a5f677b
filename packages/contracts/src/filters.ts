/**
 * The filter pieces every trade search shares — spot stock, surplus and today's quotations —
 * so the three accept the same names, ranges and pages, and a limit changes in one place.
 */
import { Type } from 'typebox';
import { PAGE_SIZE_MAX } from './envelope.ts';

/** Bounds common to every trade search; each search's own limits extend these. */
export const SEARCH_LIMITS = {
  /** characters of the keyword (the lot keyword, the header search) */
  keywordLength: 100,
  /** names per facet (products, materials, origins, cities, warehouses) */
  names: 30,
  /** characters of one facet name */
  nameLength: 40,
  /** thickness in mm (decimals allowed) */
  thicknessMax: 500,
  /** width in mm (whole) */
  widthMax: 6000,
  /** highest page number a search may ask for */
  pageMax: 10000,
  /** rows per page: the one limit of every list */
  pageSizeMax: PAGE_SIZE_MAX,
  /** price in yuan per tonne */
  priceMax: 100000,
  /** characters of the spec filter (2.75*1250) */
  specLength: 30,
} as const;
const L = SEARCH_LIMITS;

/** A list of facet names (品名, 材质...) as a filter. */
export const FacetNames = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: L.nameLength }), { maxItems: L.names, description });

/** The five facets by name. */
export const FacetFilterFields = {
  products: Type.Optional(FacetNames('品名（或常用别名，如 热卷）')),
  materials: Type.Optional(FacetNames('材质')),
  origins: Type.Optional(FacetNames('产地/钢厂')),
  cities: Type.Optional(FacetNames('城市/市场')),
  warehouses: Type.Optional(FacetNames('仓库')),
};

/** Thickness and width ranges in mm. */
export const SizeRangeFields = {
  thicknessMin: Type.Optional(
    Type.Number({ minimum: 0, maximum: L.thicknessMax, description: '厚度下限 mm' }),
  ),
  thicknessMax: Type.Optional(
    Type.Number({ minimum: 0, maximum: L.thicknessMax, description: '厚度上限 mm' }),
  ),
  widthMin: Type.Optional(Type.Integer({ minimum: 0, maximum: L.widthMax, description: '宽度下限 mm' })),
  widthMax: Type.Optional(Type.Integer({ minimum: 0, maximum: L.widthMax, description: '宽度上限 mm' })),
};

/** The direction of a sort. */
export const SortOrderField = Type.Optional(
  Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
);

/** A page of a search. */
export const PageFields = {
  page: Type.Integer({ minimum: 1, maximum: L.pageMax, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: L.pageSizeMax, default: 20 }),
};
