/**
 * Spot stock (现货, /wareHouse) and surplus material (余料, /surplus): the filter both searches
 * share, the rows, totals, facet menus and contact unlocks. Prices are yuan per tonne (0 means
 * 电议, call for price); weights are tonnes with three decimals.
 */
import { type Static, type TSchema, Type } from 'typebox';
import { Id, type PageOf } from './envelope.ts';
import { PageFields, SEARCH_LIMITS, SortOrderField } from './filters.ts';
import { filterFieldsOf, Relaxation } from './search-filter.ts';

/**
 * Bounds of a lot search. The schemas below are built from them and the portal checks a
 * hand-edited URL against them, so both sides refuse the same values.
 */
export const LOT_FILTER_LIMITS = {
  ...SEARCH_LIMITS,
  /** characters of the supplier list's keyword and city */
  supplierKeywordLength: 40,
  supplierCityLength: 20,
} as const;
const L = LOT_FILTER_LIMITS;

/**
 * The filter of a lot search; every field is optional and they combine with AND. The fields are
 * defined once for every search (search-filter.ts).
 */
export const LotFilterFields = filterFieldsOf('cargo');

export const LOT_SORTS = ['updatedAt', 'price', 'weight', 'thickness'] as const;
/** A field a lot search sorts by. */
export type LotSort = (typeof LOT_SORTS)[number];
export const LotSortFields = {
  sort: Type.Optional(
    Type.Enum(LOT_SORTS, {
      default: 'updatedAt',
      description: '排序：updatedAt 更新时间, price 单价（电议排最后）, weight 重量, thickness 厚度',
    }),
  ),
  order: SortOrderField,
};

export const CargoFilter = Type.Object(LotFilterFields);
export type CargoFilter = Static<typeof CargoFilter>;
export const CargoSearch = Type.Object({ ...LotFilterFields, ...LotSortFields, ...PageFields });
export type CargoSearch = Static<typeof CargoSearch>;
/** The direction of a lot search's sort. */
export type LotOrder = NonNullable<CargoSearch['order']>;

/** The lot filter and the quality grades (search-filter.ts). */
export const SurplusFilter = Type.Object(filterFieldsOf('surplus'));
export type SurplusFilter = Static<typeof SurplusFilter>;
export const SurplusSearch = Type.Object({ ...SurplusFilter.properties, ...LotSortFields, ...PageFields });
export type SurplusSearch = Static<typeof SurplusSearch>;

/** How the search understood one word of the keyword; the portal shows each as a removable chip. */
export const QUERY_TOKEN_KINDS = [
  'family',
  'product',
  'material',
  'origin',
  'city',
  'warehouse',
  'supplier',
  'spec',
  'thickness',
  'width',
  'thicknessRange',
  'widthRange',
  'text',
  'ignored',
] as const;
/** The vocabulary kinds a near miss can be suggested as (a dictionary word, never a number). */
export const SUGGESTION_KINDS = [
  'family',
  'product',
  'material',
  'origin',
  'city',
  'warehouse',
  'supplier',
] as const;
/**
 * A near miss: the vocabulary word closest to a word the vocabulary does not know (宝纲 → 宝钢,
 * SPCCSD → SPCC-SD). The portal offers 您是不是要找「宝钢」 and searches again with it.
 */
export const QuerySuggestion = Type.Object(
  {
    /** the word to put in the keyword instead of the typed one */
    word: Type.String({ maxLength: 100, description: '建议替换成的词' }),
    kind: Type.Enum(SUGGESTION_KINDS, {
      description: '建议的词是什么：品类、品名、材质、产地、城市、仓库或供应商',
    }),
    /** what the word names: the dictionary name (宝武 names 宝钢) */
    value: Type.String({ maxLength: 100, description: '建议的词所指的词典名称' }),
  },
  { description: '近似词建议（您是不是要找）' },
);
export type QuerySuggestion = Static<typeof QuerySuggestion>;
export const QueryToken = Type.Object({
  /** the word as typed */
  text: Type.String(),
  kind: Type.Enum(QUERY_TOKEN_KINDS),
  /** what it became: the dictionary name, `2.75`, `1250`, `3-4`, `≥3`, or the text matched */
  value: Type.String(),
  /**
   * what else the word takes in: a market's other cities (上海 → 张家港), a family's products
   * (冷轧 → 冷轧卷板、冷轧板), the grades a grade prefix selects (DX51D → DX51D+Z、DX51D+AZ)
   */
  includes: Type.Optional(
    Type.Array(Type.String(), {
      maxItems: 50,
      description: '所含的其他城市（上海市场含张家港）、品类所含品名或材质前缀所含材质',
    }),
  ),
  /** a word the vocabulary does not know (text, ignored): the nearest word it knows, when close */
  suggestion: Type.Optional(QuerySuggestion),
});
export type QueryToken = Static<typeof QueryToken>;
export type QueryTokenKind = (typeof QUERY_TOKEN_KINDS)[number];

/** The supplier of a lot; the phone is masked (138****1234) unless the caller unlocked it. */
export const Supplier = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  shortName: Type.String(),
  city: Type.String(),
  /** null for visitors: members see contact names */
  contactName: Type.Union([Type.String(), Type.Null()]),
  phone: Type.String({ description: 'masked unless unlocked' }),
  unlocked: Type.Boolean(),
});
export type Supplier = Static<typeof Supplier>;

const LotFields = {
  id: Type.Integer(),
  product: Type.String({ description: '品名' }),
  material: Type.String({ description: '材质' }),
  spec: Type.String({ description: '规格' }),
  thickness: Type.Number(),
  width: Type.Union([Type.Integer(), Type.Null()]),
  length: Type.Union([Type.Integer(), Type.Null()]),
  origin: Type.String({ description: '产地' }),
  warehouse: Type.String({ description: '仓库' }),
  city: Type.String(),
  pieces: Type.Integer({ description: '件数' }),
  weight: Type.Number({ description: '重量（吨）' }),
  price: Type.Number({ description: '单价（元/吨），0 为电议' }),
  callForPrice: Type.Boolean({ description: '电议' }),
  supplier: Supplier,
  /** the supplier's trader user: the id of its firm page /firminfo/{userId} */
  supplierUserId: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], {
      description: '供应商的贸易商用户 id（/firminfo/{userId}）；公司尚无用户时为 null',
    }),
  ),
  remark: Type.String(),
  updatedAt: Type.String({ format: 'date-time' }),
  /** not updated for TRADER_LIMITS.staleDays (trader.ts) days */
  stale: Type.Boolean({ description: '过期：7 天未更新' }),
};
export const CargoItem = Type.Object(LotFields);
export type CargoItem = Static<typeof CargoItem>;
export const SurplusItem = Type.Object({ ...LotFields, grade: Type.String(), defects: Type.String() });
export type SurplusItem = Static<typeof SurplusItem>;

export const LotPage = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    understood: Type.Array(QueryToken),
    relaxations: Type.Optional(
      Type.Array(Relaxation, { maxItems: 3, description: '无结果时可放宽的条件及其条数（仅第 1 页）' }),
    ),
  });

/** A lot page as the portal receives it. */
export type LotPageOf<T> = PageOf<T> & { understood: QueryToken[]; relaxations?: Relaxation[] };

/** One product of a lot search's result: its rows, tonnes and average price. */
export const LotProductTotal = Type.Object({
  product: Type.String({ description: '品名' }),
  rows: Type.Integer(),
  weight: Type.Number({ description: '吨' }),
  avgPrice: Type.Union([Type.Number(), Type.Null()], {
    description: '该品名有价行的吨位加权均价（元/吨）；全为电议时为 null',
  }),
});
export type LotProductTotal = Static<typeof LotProductTotal>;

export const LotTotals = Type.Object({
  rows: Type.Integer(),
  pieces: Type.Integer(),
  weight: Type.Number({ description: '吨' }),
  suppliers: Type.Integer(),
  /** an average price only within one product: never hot-rolled and galvanized together */
  products: Type.Array(LotProductTotal, {
    description: '整个筛选结果（非当前页）按品名的条数、吨位与均价，吨位多者在前；不同品名不合并计算均价',
  }),
});
export type LotTotals = Static<typeof LotTotals>;

export const FacetEntry = Type.Object({ value: Type.String(), count: Type.Integer() });
/** One value of a facet menu and how many rows have it. */
export type FacetEntry = Static<typeof FacetEntry>;
export const LotMenu = Type.Object({
  products: Type.Array(FacetEntry),
  materials: Type.Array(FacetEntry),
  origins: Type.Array(FacetEntry),
  cities: Type.Array(FacetEntry),
  warehouses: Type.Array(FacetEntry),
  grades: Type.Optional(Type.Array(FacetEntry)),
  /** counts are recomputed in the background once older than this many seconds; the answer that triggers it still carries the older counts */
  cachedForSeconds: Type.Integer(),
});
export type LotMenu = Static<typeof LotMenu>;

export const SupplierListQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: L.supplierKeywordLength })),
  city: Type.Optional(Type.String({ maxLength: L.supplierCityLength })),
  ...PageFields,
});
export type SupplierListQuery = Static<typeof SupplierListQuery>;
export const SupplierSummary = Type.Object({
  ...Supplier.properties,
  mainProducts: Type.String(),
  /** the supplier's trader user: the id of its firm page /firminfo/{userId} */
  supplierUserId: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], {
      description: '供应商的贸易商用户 id（/firminfo/{userId}）；公司尚无用户时为 null',
    }),
  ),
  cargoCount: Type.Integer(),
  cargoWeight: Type.Number({ description: '吨' }),
  updatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type SupplierSummary = Static<typeof SupplierSummary>;

/** 钢豆 a member pays to unlock one supplier's phone (VIP members pay none); the portal tells visitors. */
export const BEANS_PER_SUPPLIER = 1;

export const EnquiryKindName = Type.Union([Type.Literal('cargo'), Type.Literal('surplus')]);
export type EnquiryKindName = Static<typeof EnquiryKindName>;
/** The two lot markets, spot stock and surplus: what an enquiry unlocks and what a search is over. */
export const LOT_KINDS = ['cargo', 'surplus'] as const satisfies readonly EnquiryKindName[];
export type LotKind = EnquiryKindName;
export const EnquiryTotalBody = Type.Object({
  kind: Type.Optional(EnquiryKindName),
  ids: Type.Array(Id(), { maxItems: 100, default: [] }),
});
export const EnquiryTotal = Type.Object({
  todayCount: Type.Integer({ description: '今日已查看联系方式次数' }),
  dailyLimit: Type.Integer(),
  remaining: Type.Integer(),
  beans: Type.Integer({ description: '钢豆余额' }),
  isVip: Type.Boolean(),
  /** 每个供应商解锁所需钢豆（VIP 免费） */
  beansPerSupplier: Type.Integer(),
  /** of the given ids, those whose supplier is already unlocked */
  unlockedIds: Type.Array(Type.Integer()),
});
export type EnquiryTotal = Static<typeof EnquiryTotal>;

export const EnquiryBody = Type.Object({
  kind: Type.Optional(EnquiryKindName),
  ids: Type.Array(Id(), { minItems: 1, maxItems: 20 }),
  message: Type.Optional(Type.String({ maxLength: 300 })),
});
export const EnquiryResult = Type.Object({
  contacts: Type.Array(Type.Object({ id: Type.Integer(), supplier: Supplier }), {
    description: 'one per enquired id, with the unlocked supplier',
  }),
  beansSpent: Type.Integer(),
  beans: Type.Integer({ description: '余额' }),
});
export type EnquiryResult = Static<typeof EnquiryResult>;

export const Captcha = Type.Object({ captchaId: Type.String(), svg: Type.String() });
export const CheckImgBody = Type.Object({
  captchaId: Type.String({ maxLength: 64 }),
  text: Type.String({ minLength: 1, maxLength: 10 }),
});
export type Captcha = Static<typeof Captcha>;
export type CheckImgBody = Static<typeof CheckImgBody>;
/** How long a passed captcha lets the client search again (checkImg's validForSeconds). */
export const CAPTCHA_PASS_SECONDS = 10 * 60;
/** A wrong answer is code 1 (验证码错误); a right one lets the client search for validForSeconds. */
export const CheckImgResult = Type.Object({ passed: Type.Literal(true), validForSeconds: Type.Integer() });
export type CheckImgResult = Static<typeof CheckImgResult>;

/** Masks a phone as 138****1234 (visitors and members who have not unlocked it). */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}
