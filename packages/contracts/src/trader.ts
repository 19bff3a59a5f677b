/**
 * The trader's workspace (/account for a user with a company; docs/api.md#trader-workspace): its
 * own quotations, spot stock and surplus by form, by copying yesterday's quotes and by Excel/CSV
 * import; the enquiries it received; its firm profile; API keys for ERP sync.
 *
 * A trader only ever sees and changes its own company's rows. What a trader writes is text, the
 * way a sheet holds it (品名 热卷, 规格 2.75*1250*C, 单价 电议): the same row format serves the
 * form, the import and the ERP sync, and the server understands it with the dictionary and spec
 * parser search uses, so a published row is searchable exactly like a seeded one.
 * Prices are yuan per tonne (0 = 电议), weights tonnes with up to three decimals.
 */
import { type Static, type TLiteral, type TSchemaOptions, type TUnion, Type } from 'typebox';
import { Id, PAGE_SIZE_MAX, Page } from './envelope.ts';
import { DayString } from './index-data.ts';
import { SURPLUS_GRADE_NAMES } from './search-filter.ts';

export const TRADER_LIMITS = {
  productLength: 20,
  materialLength: 30,
  specLength: 50,
  originLength: 30,
  warehouseLength: 60,
  cityLength: 20,
  remarkLength: 200,
  defectsLength: 300,
  /** 件数 */
  piecesMax: 100_000,
  /** tonnes of one row */
  weightMax: 100_000,
  /** yuan per tonne */
  priceMax: 100_000,
  /** rows per page of a workspace list */
  pageSizeMax: PAGE_SIZE_MAX,
  /** ids one bulk action may name */
  bulkMax: 500,
  /** yuan a bulk reprice or copy-yesterday may move a price, either way */
  repriceMax: 5_000,
  keywordLength: 50,
  /** bytes of an uploaded sheet */
  importFileBytes: 20 * 1024 * 1024,
  /** data rows of one sheet */
  importRowsMax: 100_000,
  /** row errors an import answer lists (the count says how many there were) */
  importErrorsShown: 200,
  /** rows one ERP sync request may carry */
  syncRowsMax: 10_000,
  /** live API keys per company */
  apiKeysMax: 10,
  apiKeyNameLength: 30,
  profileNameLength: 30,
  profileIntroLength: 2_000,
  profileProductsLength: 200,
  profileAddressLength: 200,
  /** days after which a lot not updated is 过期 */
  staleDays: 7,
} as const;
const L = TRADER_LIMITS;

/**
 * A union of string literals from a constant list that keeps its type (`Static` is the values):
 * `Type.Union(list.map(Type.Literal))` alone infers `never`.
 */
type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };
const literalUnion = <const T extends readonly string[]>(
  values: T,
  options?: TSchemaOptions,
): TUnion<Literals<T>> =>
  Type.Union(values.map((v) => Type.Literal(v)) as unknown as Literals<T>, options) as never;

/** What a trader publishes: spot stock, surplus, quotations. */
export const TRADER_KINDS = ['cargo', 'surplus', 'quotation'] as const;
export type TraderKind = (typeof TRADER_KINDS)[number];
export const TraderKindParam = literalUnion(TRADER_KINDS, {
  description: 'cargo 现货, surplus 余料, quotation 报价',
});

export const LOT_STATUSES = ['on_sale', 'sold_out'] as const;
export type LotStatusName = (typeof LOT_STATUSES)[number];
export const LotStatus = literalUnion(LOT_STATUSES, { description: 'on_sale 在售, sold_out 已售' });

const text = (max: number, description: string, min = 0) =>
  Type.String({ minLength: min, maxLength: max, description });

/** The fields of one lot as a trader writes them (form, sheet row, ERP row). */
const LotInputFields = {
  product: text(L.productLength, '品名，如 热轧卷板 或 热卷', 1),
  material: Type.Optional(text(L.materialLength, '材质，如 Q235B')),
  spec: text(L.specLength, '规格，如 2.75*1250*C', 1),
  origin: Type.Optional(text(L.originLength, '产地/钢厂')),
  warehouse: Type.Optional(text(L.warehouseLength, '仓库')),
  city: Type.Optional(text(L.cityLength, '城市；仓库已知时可不填')),
  pieces: Type.Integer({ minimum: 1, maximum: L.piecesMax, description: '件数' }),
  weight: Type.Number({ exclusiveMinimum: 0, maximum: L.weightMax, description: '重量（吨），最多三位小数' }),
  price: Type.Number({ minimum: 0, maximum: L.priceMax, description: '单价（元/吨），0 为电议' }),
  remark: Type.Optional(text(L.remarkLength, '备注')),
};
export const CargoInput = Type.Object(LotInputFields);
export type CargoInput = Static<typeof CargoInput>;
export const SurplusInput = Type.Object({
  ...LotInputFields,
  grade: Type.Optional(literalUnion(SURPLUS_GRADE_NAMES, { description: '品级' })),
  defects: Type.Optional(text(L.defectsLength, '缺陷说明，如 边浪、表面锈')),
});
export type SurplusInput = Static<typeof SurplusInput>;
export const QuotationInput = Type.Object({
  product: LotInputFields.product,
  material: LotInputFields.material,
  spec: LotInputFields.spec,
  origin: LotInputFields.origin,
  warehouse: LotInputFields.warehouse,
  city: LotInputFields.city,
  price: LotInputFields.price,
  weight: Type.Optional(
    Type.Number({ minimum: 0, maximum: L.weightMax, description: '可供量（吨），0 为不注明' }),
  ),
  remark: LotInputFields.remark,
});
export type QuotationInput = Static<typeof QuotationInput>;

/** One row the trader owns, as its workspace lists it (full figures, no supplier card). */
const OwnRowFields = {
  id: Type.Integer(),
  product: Type.String(),
  material: Type.String(),
  spec: Type.String(),
  origin: Type.String(),
  warehouse: Type.String(),
  city: Type.String(),
  price: Type.Number({ description: '元/吨，0 为电议' }),
  callForPrice: Type.Boolean(),
  remark: Type.String(),
  updatedAt: Type.String({ format: 'date-time' }),
};
export const OwnLot = Type.Object({
  ...OwnRowFields,
  pieces: Type.Integer(),
  weight: Type.Number({ description: '吨' }),
  status: LotStatus,
  stale: Type.Boolean({ description: `过期：${L.staleDays} 天未更新` }),
});
export type OwnLot = Static<typeof OwnLot>;
export const OwnSurplus = Type.Object({ ...OwnLot.properties, grade: Type.String(), defects: Type.String() });
export type OwnSurplus = Static<typeof OwnSurplus>;
export const OwnQuotation = Type.Object({
  ...OwnRowFields,
  weight: Type.Number({ description: '可供量（吨），0 为不注明' }),
  quoteDate: DayString,
  prevPrice: Type.Union([Type.Number(), Type.Null()], { description: '上次报价（元/吨）' }),
  change: Type.Union([Type.Number(), Type.Null()], { description: '涨跌（元/吨），无可比时为 null' }),
});
export type OwnQuotation = Static<typeof OwnQuotation>;

/** A page of the trader's lots: newest first, filtered by keyword and status. */
export const OwnLotQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: L.pageSizeMax, default: 20 }),
  keyword: Type.Optional(text(L.keywordLength, '品名、材质、规格、仓库里的字')),
  status: Type.Optional(LotStatus),
});
export type OwnLotQuery = Static<typeof OwnLotQuery>;
export const OwnQuotationQuery = Type.Object({
  page: OwnLotQuery.properties.page,
  pageSize: OwnLotQuery.properties.pageSize,
  keyword: OwnLotQuery.properties.keyword,
  date: Type.Optional(DayString),
});
export type OwnQuotationQuery = Static<typeof OwnQuotationQuery>;
export const OwnLotPage = Page(OwnLot);
export const OwnSurplusPage = Page(OwnSurplus);
export const OwnQuotationPage = Type.Object({
  ...Page(OwnQuotation).properties,
  date: Type.Union([DayString, Type.Null()], { description: '所列报价日；尚无报价时为 null' }),
  today: DayString,
  /** the latest day before today with quotes: what "copy yesterday" copies */
  previousDate: Type.Union([DayString, Type.Null()], { description: '今天之前最近的报价日，复制报价的来源' }),
});
export type OwnQuotationPage = Static<typeof OwnQuotationPage>;

/** Bulk actions on a selection. */
export const LOT_BULK_ACTIONS = ['sold', 'onSale', 'delete', 'reprice'] as const;
export const QUOTATION_BULK_ACTIONS = ['delete', 'reprice'] as const;
const BulkIds = Type.Array(Id(), { minItems: 1, maxItems: L.bulkMax, description: '所选行的 id' });
const Delta = Type.Integer({
  minimum: -L.repriceMax,
  maximum: L.repriceMax,
  description: '每吨加减（元），如 20 或 -30；电议行不变',
});
export const LotBulkBody = Type.Object({
  ids: BulkIds,
  action: literalUnion(LOT_BULK_ACTIONS, {
    description: 'sold 标记已售, onSale 重新上架, delete 删除, reprice 调价',
  }),
  delta: Type.Optional(Delta),
});
export type LotBulkBody = Static<typeof LotBulkBody>;
export const QuotationBulkBody = Type.Object({
  ids: BulkIds,
  action: literalUnion(QUOTATION_BULK_ACTIONS),
  delta: Type.Optional(Delta),
});
export type QuotationBulkBody = Static<typeof QuotationBulkBody>;
export const BulkResult = Type.Object({ affected: Type.Integer({ description: '改动的行数' }) });
export type BulkResult = Static<typeof BulkResult>;

/** Copy the latest earlier day's quotes into today's, moved by `delta`. */
export const CopyQuotationsBody = Type.Object({ delta: Type.Optional(Delta) });
export type CopyQuotationsBody = Static<typeof CopyQuotationsBody>;
export const CopyQuotationsResult = Type.Object({
  from: Type.Union([DayString, Type.Null()], { description: '复制自哪一天；没有可复制的报价时为 null' }),
  date: DayString,
  copied: Type.Integer(),
  /** items already quoted today, left as they are */
  skipped: Type.Integer({ description: '今天已报过的品种，保持不变' }),
});
export type CopyQuotationsResult = Static<typeof CopyQuotationsResult>;

/** The firm profile shown on /firminfo/{userId}. */
export const TraderProfile = Type.Object({
  companyId: Type.Integer(),
  userId: Type.Integer({ description: '企业页 /firminfo/{userId} 的 id' }),
  name: Type.String({ description: '公司全称（认证后不可改）' }),
  shortName: Type.String(),
  city: Type.String(),
  address: Type.String(),
  contactName: Type.String(),
  contactPhone: Type.String(),
  mainProducts: Type.String(),
  intro: Type.String(),
  /** the warehouses its stock lies in */
  warehouses: Type.Array(Type.String()),
});
export type TraderProfile = Static<typeof TraderProfile>;
export const TraderProfileBody = Type.Object({
  shortName: text(L.profileNameLength, '简称', 1),
  city: text(L.cityLength, '城市', 1),
  address: Type.Optional(text(L.profileAddressLength, '地址')),
  contactName: text(L.profileNameLength, '联系人', 1),
  contactPhone: Type.String({
    pattern: '^1\\d{10}$|^0\\d{2,3}-?\\d{7,8}$',
    description: '联系电话：手机或座机',
  }),
  mainProducts: Type.Optional(text(L.profileProductsLength, '主营品种')),
  intro: Type.Optional(text(L.profileIntroLength, '公司简介（纯文本）')),
});
export type TraderProfileBody = Static<typeof TraderProfileBody>;

/** An enquiry the trader received: the buyer is its lead, so name and phone are in full. */
export const ReceivedEnquiry = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('cargo'), Type.Literal('surplus'), Type.Literal('quotation')]),
  /** the lot or quote asked about; null when it has since been removed */
  itemId: Type.Union([Type.Integer(), Type.Null()]),
  /** 热轧卷板 Q235B 2.75*1250*C 日照 ¥4,120 */
  item: Type.String({ description: '询价的资源摘要' }),
  buyerName: Type.String(),
  buyerPhone: Type.String(),
  buyerCompany: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  answeredAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ReceivedEnquiry = Static<typeof ReceivedEnquiry>;
export const ReceivedEnquiryQuery = Type.Object({
  page: OwnLotQuery.properties.page,
  pageSize: OwnLotQuery.properties.pageSize,
  unanswered: Type.Optional(Type.Boolean({ description: '只看未回复的' })),
});
export type ReceivedEnquiryQuery = Static<typeof ReceivedEnquiryQuery>;
export const ReceivedEnquiryPage = Page(ReceivedEnquiry);

/** One problem in one row of a sheet (or ERP request), in Chinese. */
export const RowError = Type.Object({
  /** the row number as the sheet shows it (1-based, header rows counted); for sync, the index + 1 */
  row: Type.Integer(),
  /** the column as the sheet names it (规格), or '' for the whole row */
  column: Type.String(),
  value: Type.String({ description: '单元格原文' }),
  message: Type.String({ description: '原因，如 规格无法识别' }),
});
export type RowError = Static<typeof RowError>;

export const IMPORT_MODES = ['append', 'replace'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const ImportModeField = literalUnion(IMPORT_MODES, {
  description: 'append 追加; replace 以此表为该类全部资源（原有的删除）',
});
export const IMPORT_STATES = ['previewed', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** What the server read from an uploaded sheet, before anything is written. */
export const ImportPreview = Type.Object({
  importId: Type.String({ description: '提交导入时用' }),
  kind: TraderKindParam,
  fileName: Type.String(),
  /** the sheet's columns as recognized: sheet header -> field */
  columns: Type.Array(Type.Object({ header: Type.String(), field: Type.String() })),
  rows: Type.Integer({ description: '数据行数' }),
  valid: Type.Integer({ description: '无误的行数' }),
  errorCount: Type.Integer(),
  errors: Type.Array(RowError, { description: `前 ${L.importErrorsShown} 条错误` }),
  /** the first valid rows as they will be published */
  sample: Type.Array(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type ImportPreview = Static<typeof ImportPreview>;
export const ImportCommitBody = Type.Object({
  mode: ImportModeField,
  skipErrors: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'true: 只导入无误的行，有误的行不导入、导入后可下载（bad-rows）；默认 false：表格有任何错误都不导入',
    }),
  ),
});
export type ImportCommitBody = Static<typeof ImportCommitBody>;
export const ImportStatus = Type.Object({
  importId: Type.String(),
  kind: TraderKindParam,
  state: literalUnion(IMPORT_STATES),
  mode: Type.Union([ImportModeField, Type.Null()]),
  total: Type.Integer(),
  processed: Type.Integer({ description: '已写入的行数（进度）' }),
  inserted: Type.Integer(),
  removed: Type.Integer({ description: 'replace 模式删除的原有行数' }),
  message: Type.String({ description: '失败原因；成功时为空' }),
  skipped: Type.Integer({
    description: '因有错误而未导入的行数（skipErrors 导入完成后），可下载为表格修改后再导入',
  }),
});
export type ImportStatus = Static<typeof ImportStatus>;

/** A page of a previewed sheet's rows: all of them, or only those with errors. */
export const ImportRowsQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: L.importRowsMax, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 }),
  errorsOnly: Type.Optional(Type.Boolean({ default: false, description: '只列有错误的行' })),
});
export type ImportRowsQuery = Static<typeof ImportRowsQuery>;
/** One data row of a previewed sheet as written, with its errors. */
export const ImportSheetRow = Type.Object({
  /** the row number as the sheet shows it */
  row: Type.Integer(),
  /** the cells of the recognized columns (ImportPreview.columns), by field, as text */
  cells: Type.Record(Type.String(), Type.String()),
  /** every error of the row (none: it will be imported) */
  errors: Type.Array(RowError),
});
export type ImportSheetRow = Static<typeof ImportSheetRow>;
export const ImportRowsPage = Page(ImportSheetRow);
export type ImportRowsPage = Static<typeof ImportRowsPage>;

/** API keys for ERP sync: shown once, stored hashed, scoped, revocable. */
export const API_KEY_SCOPES = ['stock', 'surplus', 'quotations'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_HEADER = 'X-Api-Key';
export const ApiKeyInfo = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** the first characters, so a trader can tell keys apart */
  prefix: Type.String(),
  scopes: Type.Array(Type.Enum(API_KEY_SCOPES)),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ApiKeyInfo = Static<typeof ApiKeyInfo>;
export const ApiKeyCreateBody = Type.Object({
  name: text(L.apiKeyNameLength, '用途，如 ERP 同步', 1),
  scopes: Type.Array(Type.Enum(API_KEY_SCOPES), {
    minItems: 1,
    maxItems: API_KEY_SCOPES.length,
    uniqueItems: true,
    description: 'stock 现货同步, surplus 余料同步, quotations 报价同步',
  }),
});
export type ApiKeyCreateBody = Static<typeof ApiKeyCreateBody>;
export const ApiKeyCreated = Type.Object({
  ...ApiKeyInfo.properties,
  key: Type.String({ description: '完整密钥，只显示这一次' }),
});
export type ApiKeyCreated = Static<typeof ApiKeyCreated>;
export const ApiKeyList = Type.Object({ list: Type.Array(ApiKeyInfo) });

export const SyncStockBody = Type.Object({
  mode: ImportModeField,
  rows: Type.Array(CargoInput, { minItems: 1, maxItems: L.syncRowsMax }),
});
export type SyncStockBody = Static<typeof SyncStockBody>;
/** An ERP's push of the company's surplus (`PUT /api/trader/sync/surplus`, scope surplus). */
export const SyncSurplusBody = Type.Object({
  mode: ImportModeField,
  rows: Type.Array(SurplusInput, { minItems: 1, maxItems: L.syncRowsMax }),
});
export type SyncSurplusBody = Static<typeof SyncSurplusBody>;
export const SyncResult = Type.Object({
  /** false when any row has an error: then nothing was written */
  applied: Type.Boolean(),
  inserted: Type.Integer(),
  removed: Type.Integer(),
  errors: Type.Array(RowError),
});
export type SyncResult = Static<typeof SyncResult>;

export const TraderRowId = Type.Object({ id: Id('行 id') });

/** An ERP's push of today's quotations (`PUT /api/trader/sync/quotations`, scope quotations). */
export const SyncQuotationsBody = Type.Object({
  mode: ImportModeField,
  rows: Type.Array(QuotationInput, { minItems: 1, maxItems: L.syncRowsMax }),
});
export type SyncQuotationsBody = Static<typeof SyncQuotationsBody>;
export type ApiKeyList = Static<typeof ApiKeyList>;

/** Path parameters of the import and export routes (helper B1). */
export const TraderKindParams = Type.Object({ kind: TraderKindParam });
export const ImportIdParams = Type.Object({
  importId: Type.String({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    description: '预览返回的 importId',
  }),
});
export type ImportIdParams = Static<typeof ImportIdParams>;
