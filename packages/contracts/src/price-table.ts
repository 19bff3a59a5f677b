/**
 * The daily price tables (价格行情, /priceTable, issue 34): for one product and day, rows are the
 * representative items (grade + spec + mill, e.g. Q235B 5.75*1500 日照) and columns the cities;
 * a cell is the median of that day's priced quotations of the item in the city, with the number
 * of quotes behind it and its change against the previous trading day's cell. A cell with fewer
 * than PRICE_TABLE_LIMITS.thinBelow quotes is thin; one without any is blank (null), never the
 * last price carried forward. Prices are yuan per tonne (two decimals), weights tonnes.
 *
 * Which items form the rows is data: the items most often quoted over the recent days, plus the
 * ones operators pinned, minus the ones they hid (GET/PUT /api/admin/priceTable/items, audited).
 * Today's table is public; a cell's history follows the index's depth rules (a visitor 30 days,
 * a member a year, 数据会员 and VIP everything: `limitedBy`), and the exports are for 数据会员
 * and VIP.
 */
import { type Static, Type } from 'typebox';
import { DayString, HistoryLimit } from './index-data.ts';

/** The table /priceTable opens on: hot-rolled coil, the trade's benchmark product. */
export const PRICE_TABLE_DEFAULT_PRODUCT = '热轧卷板';

export const PRICE_TABLE_LIMITS = {
  /** a cell with fewer quotes than this is marked thin */
  thinBelow: 2,
  /** rows chosen by frequency per product (pinned rows come on top of these) */
  rowsMax: 30,
  /** days of quotations that decide which items are the representative rows */
  frequencyDays: 30,
  /** the longest history one request may ask for, days */
  historyDaysMax: 3660,
  productMax: 20,
  cityMax: 20,
  gradeMax: 30,
  specMax: 50,
  millMax: 30,
} as const;
const L = PRICE_TABLE_LIMITS;

/** A bounded vocabulary name: no control characters (NUL included). */
const Name = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[^\\u0000-\\u001f]+$', description });

/** The item a row prices: grade, spec and mill, as the quotations write them. */
const ItemFields = {
  grade: Name(L.gradeMax, '材质（Q235B）'),
  spec: Name(L.specMax, '规格（5.75*1500*C）'),
  mill: Name(L.millMax, '产地（日照）'),
};

/** GET /api/web/2.0/priceTable: one product's table on one day. */
export const PriceTableQuery = Type.Object({
  product: Name(L.productMax, '品名（热轧卷板）'),
  date: Type.Optional({ ...DayString, description: '报价日期 YYYY-MM-DD；不填为最近有报价的一天' }),
  city: Type.Optional(Name(L.cityMax, '只看一个城市')),
  grade: Type.Optional(Name(L.gradeMax, '只看一个材质')),
  spec: Type.Optional(Name(L.specMax, '只看含此文字的规格（如 5.75）')),
});
export type PriceTableQuery = Static<typeof PriceTableQuery>;

/** One cell: the median of the day's priced quotes of the row's item in one city. */
export const PriceCell = Type.Object({
  city: Type.String(),
  /** the median, 元/吨; null when nobody quoted the item in the city that day (blank) */
  price: Type.Union([Type.Number(), Type.Null()], { description: '中位价 元/吨；无报价为 null' }),
  /** quotes behind the median */
  quotes: Type.Integer({ minimum: 0 }),
  /** fewer than PRICE_TABLE_LIMITS.thinBelow quotes */
  thin: Type.Boolean(),
  /** against the same cell on the previous trading day, 元/吨; null when either day is blank */
  change: Type.Union([Type.Number(), Type.Null()], {
    description: '较上一交易日 元/吨；任一天无报价为 null',
  }),
});
export type PriceCell = Static<typeof PriceCell>;

export const PriceRow = Type.Object({
  ...ItemFields,
  /** an operator pinned this row: shown whether or not it is among the most quoted */
  pinned: Type.Boolean(),
  /** one cell per city of the table, in the order of `cities` */
  cells: Type.Array(PriceCell),
});
export type PriceRow = Static<typeof PriceRow>;

/** One product's table on one day. */
export const PriceTable = Type.Object({
  product: Type.String(),
  /** the table's day; null when the product has no quotations at all */
  date: Type.Union([DayString, Type.Null()]),
  /** the trading day the changes are against; null when there is none before `date` */
  previousDate: Type.Union([DayString, Type.Null()]),
  /** the columns, the cities with the most quotes of the product first */
  cities: Type.Array(Type.String()),
  rows: Type.Array(PriceRow),
  /** the products that have a table (the tabs), in the vocabulary's order */
  products: Type.Array(Type.String()),
});
export type PriceTable = Static<typeof PriceTable>;

/** GET /api/web/2.0/priceTable/summary: rising, falling and unchanged cells against yesterday. */
export const PriceSummaryQuery = Type.Object({
  date: Type.Optional({ ...DayString, description: '报价日期；不填为最近有报价的一天' }),
});
export type PriceSummaryQuery = Static<typeof PriceSummaryQuery>;

const Moves = {
  rising: Type.Integer({ minimum: 0, description: '上涨的格数' }),
  falling: Type.Integer({ minimum: 0, description: '下跌的格数' }),
  unchanged: Type.Integer({ minimum: 0, description: '持平的格数' }),
};

export const PriceSummary = Type.Object({
  date: Type.Union([DayString, Type.Null()]),
  previousDate: Type.Union([DayString, Type.Null()]),
  products: Type.Array(
    Type.Object({
      product: Type.String(),
      ...Moves,
      cities: Type.Array(Type.Object({ city: Type.String(), ...Moves })),
    }),
  ),
});
export type PriceSummary = Static<typeof PriceSummary>;

/** One cell: a product's item in a city. */
const CellFields = {
  product: Name(L.productMax, '品名'),
  ...ItemFields,
  city: Name(L.cityMax, '城市'),
};

/** GET /api/web/2.0/priceTable/history: a cell over a range of days. */
export const PriceHistoryQuery = Type.Object({
  ...CellFields,
  start: Type.Optional(DayString),
  end: Type.Optional(DayString),
});
export type PriceHistoryQuery = Static<typeof PriceHistoryQuery>;

export const PricePoint = Type.Object({
  date: DayString,
  /** the day's median, 元/吨 (only days with quotes are listed: a gap is a gap) */
  price: Type.Number(),
  quotes: Type.Integer({ minimum: 1 }),
  thin: Type.Boolean(),
  /** against the previous listed day of the cell, 元/吨; null on the first */
  change: Type.Union([Type.Number(), Type.Null()]),
});
export type PricePoint = Static<typeof PricePoint>;

export const PriceHistory = Type.Object({
  start: Type.Union([DayString, Type.Null()]),
  end: Type.Union([DayString, Type.Null()]),
  /** the oldest day this caller may see (null: everything) */
  earliestAllowed: Type.Union([DayString, Type.Null()]),
  /** set when the answer was cut: log in (visitor) or become a member (member) for more */
  limitedBy: HistoryLimit,
  points: Type.Array(PricePoint),
});
export type PriceHistory = Static<typeof PriceHistory>;

/** GET /api/web/2.0/priceTable/quotes: the quotes behind one cell on one day. */
export const PriceQuotesQuery = Type.Object({
  ...CellFields,
  date: DayString,
});
export type PriceQuotesQuery = Static<typeof PriceQuotesQuery>;

export const PriceQuote = Type.Object({
  id: Type.Integer({ description: '报价 id' }),
  /** the trader's firm page is /firminfo/{userId} */
  userId: Type.Integer(),
  companyName: Type.String(),
  price: Type.Number({ description: '元/吨' }),
  weight: Type.Number({ description: '吨；0 为未注明' }),
  warehouseName: Type.String(),
  updateTime: Type.String({ description: 'ISO 8601' }),
});
export type PriceQuote = Static<typeof PriceQuote>;

export const PriceQuotes = Type.Object({
  date: DayString,
  /** the median of `list`, the cell's price; null when empty */
  median: Type.Union([Type.Number(), Type.Null()]),
  list: Type.Array(PriceQuote),
});
export type PriceQuotes = Static<typeof PriceQuotes>;

/** GET /api/web/2.0/priceTable/export: the table as xlsx (数据会员, VIP). */
export const PriceTableExportQuery = PriceTableQuery;
/** GET /api/web/2.0/priceTable/history/export: a cell's history as xlsx (数据会员, VIP). */
export const PriceHistoryExportQuery = PriceHistoryQuery;

/** How operators steer the rows: auto (by frequency), pinned (always a row) or hidden (never). */
export const PRICE_ITEM_STATES = ['auto', 'pinned', 'hidden'] as const;
export type PriceItemState = (typeof PRICE_ITEM_STATES)[number];

/** GET /api/admin/priceTable/items: a product's candidate rows. */
export const PriceItemsQuery = Type.Object({ product: Name(L.productMax, '品名') });
export type PriceItemsQuery = Static<typeof PriceItemsQuery>;

export const PriceItem = Type.Object({
  ...ItemFields,
  state: Type.Enum(PRICE_ITEM_STATES, { description: 'auto 按报价频次 | pinned 固定显示 | hidden 不显示' }),
  /** priced quotes of the item over the last PRICE_TABLE_LIMITS.frequencyDays days */
  quotes: Type.Integer({ minimum: 0 }),
  /** whether the public table shows it today */
  shown: Type.Boolean(),
});
export type PriceItem = Static<typeof PriceItem>;

export const PriceItems = Type.Object({ product: Type.String(), list: Type.Array(PriceItem) });
export type PriceItems = Static<typeof PriceItems>;

/** PUT /api/admin/priceTable/items: pin, hide or release one item (audited). */
export const PriceItemStateBody = Type.Object({
  product: Name(L.productMax, '品名'),
  ...ItemFields,
  state: Type.Enum(PRICE_ITEM_STATES),
});
export type PriceItemStateBody = Static<typeof PriceItemStateBody>;
