/**
 * Cloud warehouse (云仓, /beginClound, issue 16): a member's coils in partner warehouses with
 * their in/out history and stock totals per warehouse, and the partner warehouses with capacity
 * and saturation that visitors see.
 *
 * Path (docs/api.md#cloud-warehouse):
 * - GET /api/web/2.0/cloudWarehouse/index?coilNo&warehouseId&status&page&pageSize&historyPage
 *   public; the caller's own part (`mine`) only with a token -> CloudIndex
 *
 * Weights are tonnes (three decimals), saturation a percentage with two decimals.
 */
import { type Static, Type } from 'typebox';
import { Id, PAGE_SIZE_MAX, Page } from './envelope.ts';

/**
 * A coil number (卷号) as mills and warehouses print it: letters, digits and dashes, 6 to 24
 * characters, starting with a letter or digit (`H24A05123`, `BG-2405-0031`). The lookup box of
 * /beginClound checks the same pattern before it asks.
 */
export const COIL_NO_PATTERN = '^[A-Za-z0-9][A-Za-z0-9-]{5,23}$';
/** The same pattern as a RegExp for the portal's prompt box. */
export const COIL_NO_REGEXP = new RegExp(COIL_NO_PATTERN);

export const CLOUD_LIMITS = {
  /** coils per page */
  pageSizeMax: PAGE_SIZE_MAX,
  /** highest page of coils or history */
  pageMax: 1000,
} as const;

/** Which coils the list shows: still in the warehouse, gone out, or both. */
export const CloudCoilStatusFilter = Type.Union(
  [Type.Literal('in_stock'), Type.Literal('out'), Type.Literal('all')],
  { default: 'in_stock', description: '卷的状态：in_stock 在库，out 已出库，all 全部' },
);

export const CloudIndexQuery = Type.Object({
  coilNo: Type.Optional(
    Type.String({
      // the pattern bounds the length too (24), and its failure names the field
      pattern: COIL_NO_PATTERN,
      description: '卷号（6-24位字母、数字或短横线）',
    }),
  ),
  warehouseId: Type.Optional(Id('仓库 id')),
  status: CloudCoilStatusFilter,
  page: Type.Integer({ minimum: 1, maximum: CLOUD_LIMITS.pageMax, default: 1, description: '卷的页码' }),
  pageSize: Type.Integer({
    minimum: 1,
    maximum: CLOUD_LIMITS.pageSizeMax,
    default: 20,
    description: `每页卷数（最多${PAGE_SIZE_MAX}）`,
  }),
  historyPage: Type.Integer({
    minimum: 1,
    maximum: CLOUD_LIMITS.pageMax,
    default: 1,
    description: '出入库记录页码',
  }),
});
export type CloudIndexQuery = Static<typeof CloudIndexQuery>;

/** A partner warehouse as everyone sees it. */
export const CloudWarehouse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  city: Type.String(),
  region: Type.String(),
  address: Type.String(),
  capacityTonnes: Type.Integer({ description: '库容（吨）' }),
  /** latest reported stock; null when the warehouse has not reported yet */
  stockTonnes: Type.Union([Type.Number(), Type.Null()], { description: '最新库存（吨）' }),
  /** stock / capacity in percent, two decimals */
  saturation: Type.Union([Type.Number(), Type.Null()], { description: '库容饱和度（%）' }),
  /** the day the stock was reported (YYYY-MM-DD) */
  stockDay: Type.Union([Type.String(), Type.Null()]),
});
export type CloudWarehouse = Static<typeof CloudWarehouse>;

export const CloudCoil = Type.Object({
  id: Type.Integer(),
  coilNo: Type.String(),
  warehouseId: Type.Integer(),
  warehouseName: Type.String(),
  product: Type.String(),
  material: Type.String(),
  spec: Type.String(),
  origin: Type.String(),
  weightTonnes: Type.Number({ description: '重量（吨）' }),
  inAt: Type.String({ format: 'date-time' }),
  outAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  status: Type.Union([Type.Literal('in_stock'), Type.Literal('out')]),
  remark: Type.String(),
});
export type CloudCoil = Static<typeof CloudCoil>;

/** One movement: a coil came in (入库) or went out (出库). */
export const CloudMovement = Type.Object({
  coilId: Type.Integer(),
  coilNo: Type.String(),
  kind: Type.Union([Type.Literal('in'), Type.Literal('out')]),
  at: Type.String({ format: 'date-time' }),
  warehouseName: Type.String(),
  product: Type.String(),
  spec: Type.String(),
  weightTonnes: Type.Number(),
});
export type CloudMovement = Static<typeof CloudMovement>;

/** The caller's stock in one warehouse. */
export const CloudStockTotal = Type.Object({
  warehouseId: Type.Integer(),
  warehouseName: Type.String(),
  city: Type.String(),
  coils: Type.Integer({ description: '在库卷数' }),
  tonnes: Type.Number({ description: '在库重量（吨）' }),
});
export type CloudStockTotal = Static<typeof CloudStockTotal>;

/** The caller's own part: totals, coils and history (filtered by the query). */
export const CloudMine = Type.Object({
  totals: Type.Array(CloudStockTotal),
  /** all warehouses together */
  summary: Type.Object({
    coils: Type.Integer(),
    tonnes: Type.Number(),
    warehouses: Type.Integer(),
  }),
  coils: Page(CloudCoil),
  history: Page(CloudMovement),
});
export type CloudMine = Static<typeof CloudMine>;

export const CloudIndex = Type.Object({
  warehouses: Type.Array(CloudWarehouse),
  /** null for a visitor */
  mine: Type.Union([CloudMine, Type.Null()]),
});
export type CloudIndex = Static<typeof CloudIndex>;
