/**
 * Market data in the operator console (issue 18): warehouse daily figures (list, entry, edit and
 * Excel import) and corrections of index days, plus the public list of corrections the
 * methodology page shows. Weights are tonnes with three decimals, prices 元/吨 with two, as
 * everywhere in the API; the server stores kg and fen.
 */
import { type Static, Type } from 'typebox';
import { Id, PAGE_SIZE_MAX, Page } from './envelope.ts';
import { DayString } from './index-data.ts';
import { RowError } from './trader.ts';

/** Bounds of what an operator enters (they fit the int4 kg and fen columns). */
export const ADMIN_MARKET_LIMITS = {
  pageSizeMax: PAGE_SIZE_MAX,
  /** longest day range one list asks for */
  rangeDaysMax: 366,
  /** one warehouse's figure for one product and day, tonnes (2,000,000 t = 2e9 kg < int4) */
  tonnesMax: 2_000_000,
  /** a listing or index price, 元/吨 */
  priceMax: 100_000,
  dealsMax: 1_000_000,
  reasonMin: 4,
  reasonMax: 300,
  /** data rows of one import sheet */
  importRowsMax: 5000,
  /** row errors an import answer lists (the count is always whole) */
  importErrorsShown: 200,
} as const;
const L = ADMIN_MARKET_LIMITS;

const Tonnes = (description: string) => Type.Number({ minimum: 0, maximum: L.tonnesMax, description });
const Price = (description: string) => Type.Number({ minimum: 0, maximum: L.priceMax, description });

// ---------------------------------------------------------------- warehouse daily figures

/** GET /api/admin/warehouse-daily */
export const WarehouseDailyQuery = Type.Object({
  /** part of the warehouse's name */
  keyword: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 50,
      pattern: '^[^\\u0000-\\u001f]+$',
      description: '仓库名称关键词',
    }),
  ),
  warehouseId: Type.Optional(Id('仓库')),
  productId: Type.Optional(Id('品名')),
  from: Type.Optional(DayString),
  to: Type.Optional(DayString),
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: L.pageSizeMax, default: 20 }),
});
export type WarehouseDailyQuery = Static<typeof WarehouseDailyQuery>;

/** The figures of one warehouse, product and day, as entered (tonnes, 元/吨). */
const FigureFields = {
  inWeight: Tonnes('入库（吨）'),
  outWeight: Tonnes('出库（吨）'),
  stockWeight: Tonnes('库存（吨）'),
  packWeight: Tonnes('打包（吨）'),
  tradingWeight: Tonnes('挂牌（吨）'),
  dealWeight: Tonnes('成交（吨）'),
  deals: Type.Integer({ minimum: 0, maximum: L.dealsMax, description: '成交笔数' }),
  price: Price('挂牌均价（元/吨），0 = 未报'),
};

export const WarehouseDailyRow = Type.Object({
  id: Type.Integer(),
  warehouseId: Type.Integer(),
  warehouse: Type.String(),
  market: Type.String(),
  /** counted in the steel index and saturation (样本仓库) */
  isSample: Type.Boolean(),
  productId: Type.Integer(),
  product: Type.String(),
  day: DayString,
  ...FigureFields,
  updatedAt: Type.String({ format: 'date-time' }),
});
export type WarehouseDailyRow = Static<typeof WarehouseDailyRow>;

/** POST /api/admin/warehouse-daily: one warehouse's figures of one product and day. */
export const WarehouseDailyCreateBody = Type.Object({
  warehouseId: Id('仓库'),
  productId: Id('品名'),
  day: DayString,
  ...FigureFields,
});
export type WarehouseDailyCreateBody = Static<typeof WarehouseDailyCreateBody>;

/** PUT /api/admin/warehouse-daily/:id: the figures (warehouse, product and day stay). */
export const WarehouseDailyUpdateBody = Type.Object(FigureFields);
export type WarehouseDailyUpdateBody = Static<typeof WarehouseDailyUpdateBody>;

export const WarehouseDailyIdParams = Type.Object({ id: Id() });

/** What the index made of a write: the days recomputed (null when the index was not touched). */
export const MarketRecompute = Type.Union([
  Type.Object({ from: DayString, to: DayString, rows: Type.Integer() }),
  Type.Null(),
]);
export type MarketRecompute = Static<typeof MarketRecompute>;

export const WarehouseDailyWritten = Type.Object({
  row: WarehouseDailyRow,
  /** the index and saturation days recomputed from the changed figures (sample warehouses only) */
  recomputed: MarketRecompute,
});
export type WarehouseDailyWritten = Static<typeof WarehouseDailyWritten>;

/** The choices of the entry form and the filters. */
export const WarehouseDailyOptions = Type.Object({
  warehouses: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      market: Type.String(),
      isSample: Type.Boolean(),
      active: Type.Boolean(),
    }),
  ),
  products: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** the newest day with figures (null before any) */
  latestDay: Type.Union([DayString, Type.Null()]),
});
export type WarehouseDailyOptions = Static<typeof WarehouseDailyOptions>;

/** A row of an import sheet as it will be written. */
export const WarehouseDailySheetRow = Type.Object({
  row: Type.Integer({ description: '表格行号' }),
  warehouse: Type.String(),
  product: Type.String(),
  day: DayString,
  ...FigureFields,
  /** an existing row of that warehouse, product and day is replaced */
  replaces: Type.Boolean(),
});
export type WarehouseDailySheetRow = Static<typeof WarehouseDailySheetRow>;

/** POST /api/admin/warehouse-daily/import/preview: what the sheet holds; nothing is written. */
export const WarehouseDailyImportPreview = Type.Object({
  fileName: Type.String(),
  rows: Type.Integer({ description: '数据行数' }),
  validRows: Type.Integer(),
  errorCount: Type.Integer(),
  errors: Type.Array(RowError, { description: `前 ${L.importErrorsShown} 条错误` }),
  /** the first rows as they will be written */
  sample: Type.Array(WarehouseDailySheetRow),
  inserts: Type.Integer(),
  updates: Type.Integer(),
  from: Type.Union([DayString, Type.Null()]),
  to: Type.Union([DayString, Type.Null()]),
});
export type WarehouseDailyImportPreview = Static<typeof WarehouseDailyImportPreview>;

/** POST /api/admin/warehouse-daily/import/commit: all rows written in one transaction. */
export const WarehouseDailyImportResult = Type.Object({
  fileName: Type.String(),
  rows: Type.Integer(),
  inserted: Type.Integer(),
  updated: Type.Integer(),
  from: DayString,
  to: DayString,
  recomputed: MarketRecompute,
});
export type WarehouseDailyImportResult = Static<typeof WarehouseDailyImportResult>;

// ---------------------------------------------------------------- index corrections

/** The fields of an index day an operator may correct, in API names and units. */
export const CORRECTION_FIELDS = [
  'price',
  'stockWeight',
  'inWeight',
  'outWeight',
  'dealWeight',
  'packWeight',
  'tradingWeight',
] as const;
export type CorrectionField = (typeof CORRECTION_FIELDS)[number];

/** One index day as the correction screen shows it. */
export const IndexDayView = Type.Object({
  indexId: Type.Integer(),
  indexName: Type.String(),
  day: DayString,
  price: Type.Number({ description: '元/吨' }),
  points: Type.Number(),
  change: Type.Number({ description: '较前一日，元/吨' }),
  changePoints: Type.Number(),
  stockWeight: Type.Number(),
  inWeight: Type.Number(),
  outWeight: Type.Number(),
  dealWeight: Type.Number(),
  packWeight: Type.Number(),
  tradingWeight: Type.Number(),
  source: Type.String(),
  provisional: Type.Boolean(),
  corrected: Type.Boolean(),
});
export type IndexDayView = Static<typeof IndexDayView>;

/** GET /api/admin/index-corrections/day */
export const IndexDayQuery = Type.Object({ indexId: Id('指数'), day: DayString });
export type IndexDayQuery = Static<typeof IndexDayQuery>;

/** POST /api/admin/index-corrections: the corrected values (at least one) and the reason. */
export const IndexCorrectionBody = Type.Object({
  indexId: Id('指数'),
  day: DayString,
  price: Type.Optional(
    Type.Number({ exclusiveMinimum: 0, maximum: L.priceMax, description: '价格（元/吨）' }),
  ),
  stockWeight: Type.Optional(Tonnes('库存（吨）')),
  inWeight: Type.Optional(Tonnes('入库（吨）')),
  outWeight: Type.Optional(Tonnes('出库（吨）')),
  dealWeight: Type.Optional(Tonnes('成交（吨）')),
  packWeight: Type.Optional(Tonnes('打包（吨）')),
  tradingWeight: Type.Optional(Tonnes('挂牌（吨）')),
  reason: Type.String({
    minLength: L.reasonMin,
    maxLength: L.reasonMax,
    pattern: '^[^\\u0000-\\u001f]*$',
    description: `更正原因（${L.reasonMin}-${L.reasonMax} 字）`,
  }),
});
export type IndexCorrectionBody = Static<typeof IndexCorrectionBody>;

/** One corrected field: its value before and after, in API units. */
export const CorrectionChange = Type.Object({
  field: Type.Union(
    [
      Type.Literal('price'),
      Type.Literal('stockWeight'),
      Type.Literal('inWeight'),
      Type.Literal('outWeight'),
      Type.Literal('dealWeight'),
      Type.Literal('packWeight'),
      Type.Literal('tradingWeight'),
    ],
    {
      description:
        'price 价格（元/吨）；stockWeight 库存、inWeight 入库、outWeight 出库、dealWeight 成交、packWeight 打包、tradingWeight 挂牌（吨）',
    },
  ),
  before: Type.Union([Type.Number(), Type.Null()]),
  after: Type.Number(),
});
export type CorrectionChange = Static<typeof CorrectionChange>;

/** A correction as the methodology page lists it (public): date, index, before -> after, reason. */
export const IndexCorrectionNote = Type.Object({
  id: Type.Integer(),
  indexId: Type.Integer(),
  indexName: Type.String(),
  day: DayString,
  changes: Type.Array(CorrectionChange),
  reason: Type.String(),
  correctedAt: Type.String({ format: 'date-time' }),
});
export type IndexCorrectionNote = Static<typeof IndexCorrectionNote>;

/** GET /api/web/2.0/index/corrections and GET /api/admin/index-corrections */
export const IndexCorrectionsQuery = Type.Object({
  indexId: Type.Optional(Id('指数')),
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: L.pageSizeMax, default: 20 }),
});
export type IndexCorrectionsQuery = Static<typeof IndexCorrectionsQuery>;

export const IndexCorrectionsPage = Page(IndexCorrectionNote);
export type IndexCorrectionsPage = Static<typeof IndexCorrectionsPage>;

/** The console's row: the public note and who corrected. */
export const AdminIndexCorrection = Type.Object({
  ...IndexCorrectionNote.properties,
  operatorId: Type.Union([Type.Integer(), Type.Null()]),
  operator: Type.String(),
});
export type AdminIndexCorrection = Static<typeof AdminIndexCorrection>;
export const AdminIndexCorrectionsPage = Page(AdminIndexCorrection);
export type AdminIndexCorrectionsPage = Static<typeof AdminIndexCorrectionsPage>;

/** What a correction did: the day before and after, and the next day's change before and after. */
export const IndexCorrectionResult = Type.Object({
  correction: AdminIndexCorrection,
  before: IndexDayView,
  after: IndexDayView,
  /** the following computed day (its change is against the corrected day), null when none */
  nextBefore: Type.Union([IndexDayView, Type.Null()]),
  nextAfter: Type.Union([IndexDayView, Type.Null()]),
  recomputed: MarketRecompute,
});
export type IndexCorrectionResult = Static<typeof IndexCorrectionResult>;
