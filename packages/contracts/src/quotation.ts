/**
 * Today's quotations (今日报价, /beginMain), the trader firm pages (/firminfo/{userId}) and the
 * active-trader ranking: requests and answers (docs/api.md#quotations; getRank in
 * docs/api.md#common).
 * Prices are yuan per tonne (0 means 电议, call for price); a change is against the same
 * trader's previous quote of the same item, and null when there is none to compare with.
 * Weights are tonnes with three decimals. A trader is named by its **user id** (`userId`),
 * the id of /firminfo/{userId}; `companyId` is its firm.
 */
import { type Static, Type } from 'typebox';
import { FacetEntry, QueryToken } from './cargo.ts';
import { Id } from './envelope.ts';
import { PageFields, SEARCH_LIMITS, SortOrderField } from './filters.ts';
import { DayString } from './index-data.ts';
import { filterFieldsOf, Relaxation } from './search-filter.ts';

/**
 * Bounds of the quotation requests. The schemas below are built from them, and the portal
 * checks a hand-edited URL against them, so both sides refuse the same values.
 */
export const QUOTATION_LIMITS = {
  ...SEARCH_LIMITS,
  /** traders per page of the three-per-trader view */
  tradersPageSizeMax: 50,
  /** quotes shown per trader in the three-per-trader view */
  quotesPerTrader: 3,
  /** days the activity ranking may look back */
  rankDaysMax: 90,
  /** traders the ranking may list */
  rankLimitMax: 50,
} as const;
const L = QUOTATION_LIMITS;

/**
 * The filter of the quotation table; every field is optional and they combine with AND. `date`:
 * 报价日期；不填为最近报价日（今天，今天尚无报价时为此前最近有报价的一天）. The fields are defined
 * once for every search (search-filter.ts).
 */
export const QuotationFilterFields = filterFieldsOf('quotation');

export const QUOTATION_SORTS = ['time', 'price', 'change'] as const;
/** A field the quotation table sorts by. */
export type QuotationSort = (typeof QUOTATION_SORTS)[number];
const SortFields = {
  sort: Type.Optional(
    Type.Enum(QUOTATION_SORTS, {
      default: 'time',
      description: '排序：time 报价时间, price 价格（升序时电议排最后）, change 涨跌',
    }),
  ),
  order: SortOrderField,
};

/** GET getMenus (query) and POST list-index-total (body): the filter alone. */
export const QuotationFilter = Type.Object(QuotationFilterFields);
export type QuotationFilter = Static<typeof QuotationFilter>;
/** POST list-index: the filter, a sort and a page. */
export const QuotationSearch = Type.Object({ ...QuotationFilterFields, ...SortFields, ...PageFields });
export type QuotationSearch = Static<typeof QuotationSearch>;
/** POST list-index-three: the filter and a page of traders. */
export const QuotationThreeSearch = Type.Object({
  ...QuotationFilterFields,
  page: PageFields.page,
  pageSize: Type.Integer({
    minimum: 1,
    maximum: L.tradersPageSizeMax,
    default: 10,
    description: '每页贸易商数',
  }),
});
export type QuotationThreeSearch = Static<typeof QuotationThreeSearch>;

/** The trader behind a quote; the phone is masked (138****1234) unless the caller unlocked it. */
export const QuotationTrader = Type.Object({
  userId: Type.Union([Type.Integer(), Type.Null()], {
    description: '贸易商用户 id：/firminfo/{userId} 的 id；公司尚无用户时为 null',
  }),
  companyId: Type.Integer(),
  name: Type.String({ description: '公司名称' }),
  shortName: Type.String(),
  city: Type.String(),
  /** null for visitors: members see contact names */
  contactName: Type.Union([Type.String(), Type.Null()]),
  phone: Type.String({ description: '未解锁时打码（同现货的解锁规则）' }),
  unlocked: Type.Boolean(),
});
export type QuotationTrader = Static<typeof QuotationTrader>;

/** One quote: a trader's price for one item on one day. */
export const QuotationItem = Type.Object({
  id: Type.Integer(),
  trader: QuotationTrader,
  product: Type.String({ description: '品名' }),
  material: Type.String({ description: '材质' }),
  spec: Type.String({ description: '规格' }),
  thickness: Type.Number(),
  width: Type.Union([Type.Integer(), Type.Null()]),
  length: Type.Union([Type.Integer(), Type.Null()]),
  origin: Type.String({ description: '产地' }),
  city: Type.String(),
  warehouse: Type.String({ description: '仓库，可为空' }),
  price: Type.Number({ description: '价格（元/吨），0 为电议' }),
  callForPrice: Type.Boolean({ description: '电议' }),
  previousPrice: Type.Union([Type.Number(), Type.Null()], {
    description: '该贸易商同一品项的上一次报价（元/吨，0 为电议）；首次报价为 null',
  }),
  change: Type.Union([Type.Number(), Type.Null()], {
    description: '较该贸易商同一品项上一次报价的涨跌（元/吨，正为涨）；首次报价或任一方为电议时为 null',
  }),
  weight: Type.Number({ description: '可供吨位（吨），0 为未注明' }),
  remark: Type.String(),
  quoteDate: DayString,
  time: Type.String({ format: 'date-time', description: '报价（更新）时间' }),
});
export type QuotationItem = Static<typeof QuotationItem>;

const DayOrNull = (description: string) => Type.Union([DayString, Type.Null()], { description });

/** POST list-index: one page of quotes. */
export const QuotationPage = Type.Object({
  list: Type.Array(QuotationItem),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  date: DayOrNull('列出的报价日；尚无任何报价时为 null'),
  understood: Type.Array(QueryToken, { description: 'indexSearch 的识别结果（同现货的关键词标签）' }),
  relaxations: Type.Optional(
    Type.Array(Relaxation, { maxItems: 3, description: '无结果时可放宽的条件及其条数（仅第 1 页）' }),
  ),
});
export type QuotationPage = Static<typeof QuotationPage>;

/** One trader of the three-per-trader view with its newest quotes. */
export const QuotationTraderGroup = Type.Object({
  trader: QuotationTrader,
  quotes: Type.Array(QuotationItem, { description: '最新的至多三条报价' }),
  count: Type.Integer({ description: '该贸易商符合筛选的报价条数' }),
  latest: Type.String({ format: 'date-time', description: '最新报价时间' }),
});
export type QuotationTraderGroup = Static<typeof QuotationTraderGroup>;

/** POST list-index-three: traders with their newest quotes, newest trader first. */
export const QuotationThreePage = Type.Object({
  list: Type.Array(QuotationTraderGroup),
  total: Type.Integer({ description: '贸易商数' }),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  date: DayOrNull('列出的报价日'),
  understood: Type.Array(QueryToken),
  relaxations: Type.Optional(
    Type.Array(Relaxation, {
      maxItems: 3,
      description: '无结果时可放宽的条件及其条数（报价条数，仅第 1 页）',
    }),
  ),
});
export type QuotationThreePage = Static<typeof QuotationThreePage>;

/** One product's average price on the day and on the previous trading day. */
export const QuotationProductTotal = Type.Object({
  product: Type.String(),
  rows: Type.Integer(),
  avgPrice: Type.Union([Type.Number(), Type.Null()], {
    description: '有价报价的平均价（元/吨）；全为电议时为 null',
  }),
  previousAvgPrice: Type.Union([Type.Number(), Type.Null()], {
    description: '上一报价日同一筛选下的平均价；无报价时为 null',
  }),
  change: Type.Union([Type.Number(), Type.Null()], { description: '平均价较上一报价日的涨跌（元/吨）' }),
});
export type QuotationProductTotal = Static<typeof QuotationProductTotal>;

/** POST list-index-total: totals of the same filter. */
export const QuotationTotals = Type.Object({
  date: DayOrNull('合计的报价日'),
  previousDate: DayOrNull('上一报价日（涨跌的比较日）'),
  rows: Type.Integer(),
  priced: Type.Integer({ description: '有价报价条数' }),
  callForPrice: Type.Integer({ description: '电议条数' }),
  traders: Type.Integer(),
  weight: Type.Number({ description: '注明的可供吨位合计（吨）' }),
  products: Type.Array(QuotationProductTotal, { description: '按品名，报价多者在前' }),
  cachedForSeconds: Type.Integer(),
});
export type QuotationTotals = Static<typeof QuotationTotals>;

/** GET getMenus: facet values with counts, each facet counted without its own filter. */
export const QuotationMenu = Type.Object({
  date: DayOrNull('菜单的报价日'),
  products: Type.Array(FacetEntry),
  materials: Type.Array(FacetEntry),
  origins: Type.Array(FacetEntry),
  cities: Type.Array(FacetEntry),
  warehouses: Type.Array(FacetEntry),
  /** counts are recomputed in the background once older than this many seconds */
  cachedForSeconds: Type.Integer(),
});
export type QuotationMenu = Static<typeof QuotationMenu>;

/** The {id} of list-user and list-user-zero: the trader's user id. */
export const FirmParams = Type.Object({
  id: Id('贸易商用户 id'),
});
export type FirmParams = Static<typeof FirmParams>;
/** POST list-user/{id} and list-user-zero/{id}: a day (default the trader's latest) and a page. */
export const FirmQuoteQuery = Type.Object({
  /** 报价日期；不填为该贸易商最近的报价日 */
  date: Type.Optional(DayString),
  ...SortFields,
  ...PageFields,
});
export type FirmQuoteQuery = Static<typeof FirmQuoteQuery>;

/** A trader's firm as its page shows it. */
export const FirmProfile = Type.Object({
  userId: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  shortName: Type.String(),
  city: Type.String(),
  address: Type.String(),
  intro: Type.String(),
  mainProducts: Type.String({ description: '主营' }),
  contactName: Type.Union([Type.String(), Type.Null()], { description: '访客为 null' }),
  phone: Type.String({ description: '未解锁时打码' }),
  unlocked: Type.Boolean(),
  warehouses: Type.Array(Type.String(), { description: '常用仓库（现货与最近报价）' }),
  memberSince: Type.String({ format: 'date-time', description: '入驻时间' }),
  lastQuoteDate: DayOrNull('最近报价日'),
  quoteCount: Type.Integer({ description: '该日有价报价条数' }),
  callForPriceCount: Type.Integer({ description: '该日电议条数' }),
  cargoCount: Type.Integer({ description: '在售现货条数' }),
  surplusCount: Type.Integer({ description: '在售余料条数' }),
});
export type FirmProfile = Static<typeof FirmProfile>;

/** list-user (priced quotes) and list-user-zero (电议 quotes): a page with the firm. */
export const FirmQuotePage = Type.Object({
  list: Type.Array(QuotationItem),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  date: DayOrNull('列出的报价日；该贸易商尚无报价时为 null'),
  firm: FirmProfile,
});
export type FirmQuotePage = Static<typeof FirmQuotePage>;

/** GET userActivityRecord/getRank. */
export const RankQuery = Type.Object({
  days: Type.Integer({
    minimum: 1,
    maximum: L.rankDaysMax,
    default: 7,
    description: '统计最近几天（含今天）',
  }),
  limit: Type.Integer({ minimum: 1, maximum: L.rankLimitMax, default: 10 }),
});
export type RankQuery = Static<typeof RankQuery>;

/** Points an action earns in the ranking; logins earn none. */
export const RANK_WEIGHTS = { quote: 1, stock: 1, surplus: 1, enquiryAnswered: 3 } as const;

export const RankEntry = Type.Object({
  rank: Type.Integer(),
  userId: Type.Union([Type.Integer(), Type.Null()], { description: '贸易商用户 id（/firminfo/{userId}）' }),
  companyId: Type.Integer(),
  name: Type.String(),
  shortName: Type.String(),
  city: Type.String(),
  score: Type.Integer({ description: '活跃度：报价 + 现货/余料发布 + 3 × 回复询价' }),
  quotes: Type.Integer({ description: '发布报价条数' }),
  stock: Type.Integer({ description: '发布或更新现货、余料条数' }),
  enquiriesAnswered: Type.Integer({ description: '回复询价次数' }),
});
export type RankEntry = Static<typeof RankEntry>;

export const ActivityRank = Type.Object({
  days: Type.Integer(),
  from: DayString,
  to: DayString,
  list: Type.Array(RankEntry),
  cachedForSeconds: Type.Integer(),
});
export type ActivityRank = Static<typeof ActivityRank>;
