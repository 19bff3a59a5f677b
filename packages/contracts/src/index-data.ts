/**
 * The steel index (钢材指数) and index articles: requests and answers (docs/api.md#steel-index,
 * docs/api.md#articles). The field names (docs/api.md#index-fields) are kept exactly, including
 * their mixed casing: the Index row (changetradingWeight, tradingWeightRatio...) and the
 * snake_case Index day (out_weight, index_id, tradeChange). Weights are tonnes with three
 * decimals, prices yuan with two, ratios fractions (0.0123 = 1.23%) or null when the previous day
 * is missing or zero.
 */
import { type Static, Type } from 'typebox';
import { Id, PAGE_SIZE_MAX } from './envelope.ts';

/** A calendar day, YYYY-MM-DD (Asia/Shanghai). */
export const DayString = Type.String({
  pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  description: 'YYYY-MM-DD',
});

const Ratio = Type.Union([Type.Number(), Type.Null()]);

/** Why a series stops short of what was asked: a visitor sees 30 days, a member one year. */
export const HistoryLimit = Type.Union([Type.Literal('login'), Type.Literal('vip'), Type.Null()]);
export type HistoryLimit = Static<typeof HistoryLimit>;

/**
 * How a day's price was found (methodology 3.0, the input hierarchy): `quotes` = enough matched
 * quotations (the same trader's quote of the same item on the previous published day and this
 * one), the previous published price moved by their change (like for like: a trader skipping a
 * day does not move it); an index's first day, their trimmed tonnage-weighted mean; `chained` =
 * too few matched quotations, the previous published price moved by the day-over-day change of
 * the sample warehouses' listing prices (never their level; an index's first day without
 * quotations starts from it); `carried` = no price input at all, the previous price kept.
 */
export const IndexSource = Type.Union(
  [Type.Literal('quotes'), Type.Literal('chained'), Type.Literal('carried')],
  {
    description: 'quotes | chained | carried',
  },
);
export type IndexSource = Static<typeof IndexSource>;

/**
 * What every published index day discloses about its inputs (issue 10), on the Index row, the
 * chart point and the Index day alike.
 */
const DisclosureFields = {
  source: IndexSource,
  /** quotations (quotes) or matched sample warehouses (chained) the price came from; 0 when carried */
  sampleCount: Type.Integer(),
  /** samples of the day's source dropped as outliers (3 robust deviations from the median) */
  outlierCount: Type.Integer(),
  /** a thin day (chained, carried, or a large move on few samples): a later run confirms or corrects it */
  provisional: Type.Boolean(),
};

/**
 * An Index row (docs/api.md#index-fields): one index's day as the cards, the home strip and the
 * tables show it.
 */
export const IndexRow = Type.Object({
  id: Type.Integer({ description: 'index definition id' }),
  code: Type.String(),
  date: DayString,
  indexName: Type.String({ description: '乐从热卷' }),
  nameEn: Type.Optional(Type.String({ description: '英文名（Lecong HRC）；无英文名时省略' })),
  market: Type.String(),
  product: Type.String({ description: '品名; empty for a composite over all products' }),
  price: Type.Number({ description: '元/吨' }),
  points: Type.Number({ description: 'against the base day = 1000' }),
  change: Type.Number({ description: 'price change against the previous day, 元/吨' }),
  changeRatio: Ratio,
  changePoints: Type.Number(),
  stockWeight: Type.Number({ description: '吨' }),
  dealWeight: Type.Number(),
  tradingWeight: Type.Number(),
  packWeight: Type.Number(),
  inWeight: Type.Number(),
  outWeight: Type.Number(),
  changeStock: Type.Number(),
  changetradingWeight: Type.Number(),
  changePackWeight: Type.Number(),
  changeStockRatio: Ratio,
  tradingWeightRatio: Ratio,
  changePackWeightRatio: Ratio,
  ...DisclosureFields,
  /** the same number as outlierCount, under its first name */
  removedOutliers: Type.Integer(),
  corrected: Type.Boolean(),
});
export type IndexRow = Static<typeof IndexRow>;

/** An index definition (product x market, or a composite) with its base day. */
export const IndexDefinitionInfo = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  market: Type.String(),
  product: Type.String(),
  composite: Type.Boolean(),
  description: Type.String(),
  nameEn: Type.Optional(Type.String({ description: '英文名；无英文名时省略' })),
  descriptionEn: Type.Optional(Type.String({ description: '英文说明；无时省略' })),
  baseDate: DayString,
  basePrice: Type.Number(),
});
export type IndexDefinitionInfo = Static<typeof IndexDefinitionInfo>;

/**
 * The published method (the methodology page names its version and thresholds from here): the
 * input hierarchy, the outlier rule and when a day is provisional.
 */
export const IndexMethodology = Type.Object({
  /** version of the method every served day was computed with, e.g. "3.0" */
  version: Type.String(),
  /**
   * fewest matched quotations (items quoted on both days, after outliers are dropped) that price
   * a day by themselves; on an index's first day, fewest quotations whose mean starts it
   */
  minQuotes: Type.Integer(),
  /** a sample further than this many robust deviations (1.4826 x MAD) from the median is an outlier */
  outlierDeviations: Type.Number(),
  /** floor of the robust deviation as a share of the median (0.005 = 0.5%) */
  minDeviationShare: Type.Number(),
  /** a day moving more than this share (0.03 = 3%) on fewer than `confirmSamples` samples is provisional */
  provisionalChange: Type.Number(),
  confirmSamples: Type.Integer(),
  /** the hierarchy in order: quotes, chained, carried */
  hierarchy: Type.Array(IndexSource),
});
export type IndexMethodology = Static<typeof IndexMethodology>;

/** GET /api/web/2.0/index/indexInfo */
export const IndexInfo = Type.Object({
  /** the newest computed day over all indexes; null before the first run of the job */
  latestDate: Type.Union([DayString, Type.Null()]),
  firstDate: Type.Union([DayString, Type.Null()]),
  definitions: Type.Array(IndexDefinitionInfo),
  /** each definition's latest day, in definition order */
  list: Type.Array(IndexRow),
  methodology: IndexMethodology,
});
export type IndexInfo = Static<typeof IndexInfo>;

/** GET /api/ma/index/indexInfo: the compact side-panel form. */
export const IndexInfoCompact = Type.Array(
  Type.Object({
    id: Type.Integer(),
    indexName: Type.String(),
    nameEn: Type.Optional(Type.String({ description: '英文名；无英文名时省略' })),
    date: Type.Union([DayString, Type.Null()]),
    price: Type.Union([Type.Number(), Type.Null()]),
    points: Type.Union([Type.Number(), Type.Null()]),
    change: Type.Number(),
    changeRatio: Ratio,
  }),
);
export type IndexInfoCompact = Static<typeof IndexInfoCompact>;

const RangeFields = {
  start: Type.Optional(DayString),
  end: Type.Optional(DayString),
};

/** GET /api/web/2.0/index/chartData/index-all */
export const IndexAllQuery = Type.Object({
  ...RangeFields,
  /** comma-separated ids; all indexes when absent */
  ids: Type.Optional(Type.String({ pattern: '^\\d{1,9}(,\\d{1,9}){0,49}$', description: '1,2,3' })),
});
export type IndexAllQuery = Static<typeof IndexAllQuery>;

/** One point of a chart series: a compact Index row. */
export const IndexPoint = Type.Object({
  date: DayString,
  price: Type.Number(),
  points: Type.Number(),
  change: Type.Number(),
  stockWeight: Type.Number(),
  dealWeight: Type.Number(),
  tradingWeight: Type.Number(),
  packWeight: Type.Number(),
  inWeight: Type.Number(),
  outWeight: Type.Number(),
  ...DisclosureFields,
});
export type IndexPoint = Static<typeof IndexPoint>;

/** What the caller may see and why it stops there. */
const DepthFields = {
  start: Type.Union([DayString, Type.Null()]),
  end: Type.Union([DayString, Type.Null()]),
  /** the oldest day this caller may see (null: everything) */
  earliestAllowed: Type.Union([DayString, Type.Null()]),
  /** set when the answer was cut: log in (visitor) or become VIP (member) for more */
  limitedBy: HistoryLimit,
};

export const IndexAll = Type.Object({
  ...DepthFields,
  series: Type.Array(
    Type.Object({
      id: Type.Integer(),
      indexName: Type.String(),
      nameEn: Type.Optional(Type.String({ description: '英文名；无英文名时省略' })),
      points: Type.Array(IndexPoint),
    }),
  ),
});
export type IndexAll = Static<typeof IndexAll>;

/** POST /api/web/index/chartData/all: chosen ids and either a list of dates or a range. */
export const ChartDataBody = Type.Object({
  indexIds: Type.Array(Id(), { minItems: 1, maxItems: 20 }),
  dates: Type.Optional(Type.Array(DayString, { minItems: 1, maxItems: 31 })),
  ...RangeFields,
});
export type ChartDataBody = Static<typeof ChartDataBody>;

/** An Index day (docs/api.md#index-fields), in snake_case as the portal's client reads it. */
export const IndexDay = Type.Object({
  date: DayString,
  index_id: Type.Integer(),
  price: Type.Number(),
  points: Type.Number(),
  tradeChange: Type.Number({ description: 'price change against the previous day, 元/吨' }),
  out_weight: Type.Number(),
  in_weight: Type.Number(),
  deal_weight: Type.Number(),
  stock_weight: Type.Number(),
  pack_weight: Type.Number(),
  trading_weight: Type.Number(),
  ...DisclosureFields,
});
export type IndexDay = Static<typeof IndexDay>;

export const ChartData = Type.Object({ ...DepthFields, list: Type.Array(IndexDay) });
export type ChartData = Static<typeof ChartData>;

/** POST /api/web/index/chartData/saturation */
/** The market name of the whole country: saturation and composite indexes over every market. */
export const NATIONWIDE = '全国';

export const SaturationBody = Type.Object({
  /** a market (乐从) or 全国; default 全国 */
  market: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  ...RangeFields,
});
export type SaturationBody = Static<typeof SaturationBody>;

/**
 * A Saturation sample (docs/api.md#index-fields). Our reading: qqdata = saturation (库容饱和度) =
 * stock / capacity of the market's sample warehouses in percent; trade_weight = listed trading
 * weight in tonnes; sub = day-on-day change of qqdata in percentage points.
 */
export const SaturationSample = Type.Object({
  date: DayString,
  qqdata: Type.Number(),
  trade_weight: Type.Number(),
  sub: Type.Number(),
  stock_weight: Type.Number(),
  capacity_weight: Type.Number(),
});
export type SaturationSample = Static<typeof SaturationSample>;

export const Saturation = Type.Object({
  ...DepthFields,
  market: Type.String(),
  markets: Type.Array(Type.String()),
  list: Type.Array(SaturationSample),
});
export type Saturation = Static<typeof Saturation>;

/** GET /api/web/2.0/index/dataDeal-information */
export const DealInformation = Type.Object({
  date: Type.Union([DayString, Type.Null()]),
  totalDealWeight: Type.Number(),
  totalDeals: Type.Integer(),
  byProduct: Type.Array(
    Type.Object({ product: Type.String(), dealWeight: Type.Number(), deals: Type.Integer() }),
  ),
  byMarket: Type.Array(
    Type.Object({
      market: Type.String(),
      dealWeight: Type.Number(),
      deals: Type.Integer(),
      stockWeight: Type.Number(),
    }),
  ),
  /** the day's largest deal entries, one per warehouse and product */
  latest: Type.Array(
    Type.Object({
      warehouse: Type.String(),
      market: Type.String(),
      product: Type.String(),
      dealWeight: Type.Number(),
      deals: Type.Integer(),
      price: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
});
export type DealInformation = Static<typeof DealInformation>;

/** POST /api/admin/index/recompute */
export const RecomputeBody = Type.Object({ from: Type.Optional(DayString), to: Type.Optional(DayString) });
export const RecomputeResult = Type.Object({
  ran: Type.Boolean({ description: 'false when another instance holds the job lock' }),
  from: DayString,
  to: DayString,
  days: Type.Integer(),
  rows: Type.Integer(),
  ms: Type.Integer(),
});
export type RecomputeResult = Static<typeof RecomputeResult>;

/** GET /api/ma/article/pageByCategoryId */
export const ArticlePageQuery = Type.Object({
  categoryId: Type.Optional(Id()),
  /** stable category key instead of the id: `index` for the index articles */
  categoryCode: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_-]{0,29}$' })),
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 }),
});
export type ArticlePageQuery = Static<typeof ArticlePageQuery>;

export const ArticleSummary = Type.Object({
  id: Type.Integer(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String(),
  source: Type.String(),
  author: Type.String(),
  membersOnly: Type.Boolean(),
  publishedAt: Type.String({ format: 'date-time' }),
  views: Type.Integer(),
  /** the index a weekly review is about; null for other articles */
  indexId: Type.Union([Type.Integer(), Type.Null()]),
  /** written by the system from the index data (a weekly review), not by an editor */
  generated: Type.Boolean({ description: '由系统根据指数数据自动生成' }),
});
export type ArticleSummary = Static<typeof ArticleSummary>;

/** GET /api/ma/article/index-weekly: each index's newest weekly review, in index order. */
export const IndexWeeklyReviews = Type.Array(
  Type.Object({
    indexId: Type.Integer(),
    indexName: Type.String(),
    /** the reviewed week, Monday to Sunday */
    weekStart: DayString,
    weekEnd: DayString,
    article: ArticleSummary,
  }),
);
export type IndexWeeklyReviews = Static<typeof IndexWeeklyReviews>;

/** An article named in a link: previous/next and related articles. */
export const ArticleLink = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  publishedAt: Type.String({ format: 'date-time' }),
});
export type ArticleLink = Static<typeof ArticleLink>;

/** GET /api/web/2.0/article/detail/{id}: members-only articles give a visitor the summary only. */
export const ArticleDetail = Type.Object({
  ...ArticleSummary.properties,
  contentHtml: Type.String(),
  loginRequired: Type.Boolean(),
  /** the category's stable key: `index` articles live under /morepage, the others under /moreInfo */
  categoryCode: Type.String(),
  tags: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** the older and the newer article of the same category; null at either end */
  prev: Type.Union([ArticleLink, Type.Null()]),
  next: Type.Union([ArticleLink, Type.Null()]),
  /** newest articles sharing a tag or the category */
  related: Type.Array(ArticleLink),
});
export type ArticleDetail = Static<typeof ArticleDetail>;
