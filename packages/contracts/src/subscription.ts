/**
 * 免费订阅 (issue 19): saved searches, index alerts and the inbox they fill. A saved search keeps
 * exactly the filter object a search screen sends (/wareHouse: CargoFilter, /surplus:
 * SurplusFilter, /beginMain: QuotationFilter without its day), so the portal saves what its URL
 * holds and the server understands it with the same keyword parser. Prices are yuan per tonne.
 */
import { type Static, Type } from 'typebox';
import { Id, PageQuery } from './envelope.ts';
import { DayString } from './index-data.ts';
import {
  type FilterFieldName,
  filterFieldNames,
  SEARCH_FILTER_FIELDS,
  savedRefusals,
} from './search-filter.ts';

/** How many of each a member and a VIP (免豆会员) may keep. */
export const SUBSCRIPTION_LIMITS = {
  /** saved searches of a member without VIP */
  memberSearches: 1,
  /** saved searches of a VIP member */
  vipSearches: 50,
  /** index alerts of a member without VIP */
  memberAlerts: 1,
  /** index alerts of a VIP member */
  vipAlerts: 50,
  /** characters of a saved search's name */
  nameLength: 30,
  /** latest matches shown for one saved search */
  matchesShown: 20,
  /** index alert level, yuan per tonne */
  levelMax: 100000,
  /** daily move of an index alert, percent */
  movePercentMax: 50,
  /** ids one mark-read call may name */
  readIdsMax: 100,
} as const;
const L = SUBSCRIPTION_LIMITS;

/** What a saved search watches: spot stock, surplus, or today's quotations. */
export const SAVED_SEARCH_KINDS = ['cargo', 'surplus', 'quotation'] as const;
export type SavedSearchKind = (typeof SAVED_SEARCH_KINDS)[number];

/**
 * Every field a search screen's filter may carry (search-filter.ts). Which fields a kind accepts
 * (`SAVED_FILTER_FIELDS`) and which it refuses with a reason (`savedRefusals`, such as the
 * quotation day: a subscription watches every day) the server checks. Unknown fields are refused,
 * not dropped, so a client that misspells one learns it instead of watching a wider search than it
 * meant.
 */
export const SavedFilter = Type.Object(
  Object.fromEntries(Object.entries(SEARCH_FILTER_FIELDS).map(([name, f]) => [name, f.schema])) as {
    [N in FilterFieldName]: (typeof SEARCH_FILTER_FIELDS)[N]['schema'];
  },
  { additionalProperties: Type.Never(), description: '搜索页的筛选条件（与该页地址中的条件相同）' },
);
export type SavedFilter = Static<typeof SavedFilter>;

/** The filter fields each kind of saved search matches (its screen's filter, less what it refuses). */
export const SAVED_FILTER_FIELDS: Record<SavedSearchKind, readonly FilterFieldName[]> = {
  cargo: filterFieldNames('cargo').filter((name) => !(name in savedRefusals('cargo'))),
  surplus: filterFieldNames('surplus').filter((name) => !(name in savedRefusals('surplus'))),
  quotation: filterFieldNames('quotation').filter((name) => !(name in savedRefusals('quotation'))),
};

const SearchName = Type.String({ minLength: 1, maxLength: L.nameLength, description: '订阅名称' });

/** POST /api/web/subscription/search: save the current filter of a search screen with a name. */
export const SavedSearchCreate = Type.Object({
  kind: Type.Enum(SAVED_SEARCH_KINDS, { description: 'cargo 现货, surplus 余料, quotation 今日报价' }),
  name: SearchName,
  filter: SavedFilter,
});
export type SavedSearchCreate = Static<typeof SavedSearchCreate>;

/** PATCH /api/web/subscription/search/{id}: rename, pause or resume. */
export const SavedSearchUpdate = Type.Object({
  name: Type.Optional(SearchName),
  paused: Type.Optional(Type.Boolean({ description: 'true 暂停, false 恢复' })),
});
export type SavedSearchUpdate = Static<typeof SavedSearchUpdate>;

export const SavedSearch = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(SAVED_SEARCH_KINDS),
  name: Type.String(),
  filter: Type.Record(Type.String(), Type.Unknown()),
  paused: Type.Boolean(),
  /** matches so far */
  matchCount: Type.Integer(),
  lastMatchAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type SavedSearch = Static<typeof SavedSearch>;

/**
 * The index alert kinds: the price crosses a level upward or downward, moves more than N% in a
 * day, or the day's 市场日报 of the index's product is out.
 */
export const INDEX_ALERT_KINDS = ['above', 'below', 'move', 'report'] as const;
export type IndexAlertKind = (typeof INDEX_ALERT_KINDS)[number];

/** POST /api/web/subscription/index-alert. */
export const IndexAlertCreate = Type.Object({
  indexId: Id('指数 id'),
  kind: Type.Enum(INDEX_ALERT_KINDS, {
    description: 'above 涨破, below 跌破, move 单日涨跌幅超过, report 该品种当日市场日报发布',
  }),
  level: Type.Optional(
    Type.Number({ exclusiveMinimum: 0, maximum: L.levelMax, description: '价位 元/吨（above、below 必填）' }),
  ),
  percent: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      maximum: L.movePercentMax,
      description: '单日涨跌幅 %（move 必填），如 1.5',
    }),
  ),
});
export type IndexAlertCreate = Static<typeof IndexAlertCreate>;

export const IndexAlert = Type.Object({
  id: Type.Integer(),
  indexId: Type.Integer(),
  indexName: Type.String(),
  kind: Type.Enum(INDEX_ALERT_KINDS),
  level: Type.Union([Type.Number(), Type.Null()]),
  percent: Type.Union([Type.Number(), Type.Null()]),
  paused: Type.Boolean(),
  /** false after it fired, until the price goes back across the level */
  armed: Type.Boolean(),
  lastFiredAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type IndexAlert = Static<typeof IndexAlert>;

/** PATCH /api/web/subscription/index-alert/{id}. */
export const IndexAlertUpdate = Type.Object({
  paused: Type.Boolean({ description: 'true 暂停, false 恢复' }),
});
export type IndexAlertUpdate = Static<typeof IndexAlertUpdate>;

/** Everything the caller subscribes to, with the limits of its membership. */
export const SubscriptionOverview = Type.Object({
  searches: Type.Array(SavedSearch),
  alerts: Type.Array(IndexAlert),
  limits: Type.Object({
    searches: Type.Integer({ description: '可保存的订阅数（会员 1，VIP 50）' }),
    alerts: Type.Integer({ description: '可设置的指数提醒数' }),
    vip: Type.Boolean(),
  }),
});
export type SubscriptionOverview = Static<typeof SubscriptionOverview>;

/** What an inbox item points at: a lot, a quote, an index day, or a 市场日报 article. */
export const INBOX_KINDS = ['cargo', 'surplus', 'quotation', 'index', 'article'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const InboxItem = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(INBOX_KINDS),
  /** the lot, quote, index or article it points at */
  targetId: Type.Integer(),
  /** the saved search or index alert that found it */
  savedSearchId: Type.Union([Type.Integer(), Type.Null()]),
  alertId: Type.Union([Type.Integer(), Type.Null()]),
  /** what the source is named: the saved search's name or the index's */
  source: Type.String(),
  /** 热轧卷板 Q235B 2.75*1250*C 日照 乐从, or 乐从热卷 涨破 3,600 元/吨 */
  title: Type.String(),
  /** yuan per tonne at the match; 0 = 电议 */
  price: Type.Number(),
  /** the index day of an index alert */
  day: Type.Union([DayString, Type.Null()]),
  read: Type.Boolean(),
  createdAt: Type.String(),
});
export type InboxItem = Static<typeof InboxItem>;

export const InboxQuery = Type.Object({
  ...PageQuery.properties,
  unreadOnly: Type.Optional(Type.Boolean({ description: '只看未读' })),
});
export type InboxQuery = Static<typeof InboxQuery>;

export const InboxUnread = Type.Object({ unread: Type.Integer() });
export type InboxUnread = Static<typeof InboxUnread>;

/** POST /api/web/inbox/read: the named items, or all when `all` is true. */
export const InboxRead = Type.Object({
  ids: Type.Optional(Type.Array(Id(), { maxItems: L.readIdsMax, description: '消息 id' })),
  all: Type.Optional(Type.Boolean({ description: '全部标为已读' })),
});
export type InboxRead = Static<typeof InboxRead>;

/** The event the inbox stream sends (`event: inbox`): the new unread count and what arrived. */
export const InboxEvent = Type.Object({ unread: Type.Integer(), added: Type.Integer() });
export type InboxEvent = Static<typeof InboxEvent>;

/** A time of day in Asia/Shanghai, HH:MM. */
const ClockTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM（北京时间）' });

/** The daily SMS digest: opted in or not, and the quiet hours in which no message is sent. */
export const DigestSettings = Type.Object({
  digest: Type.Boolean({ description: '每日短信摘要（默认关闭）' }),
  quietStart: Type.Union([ClockTime, Type.Null()], { description: '免打扰开始，如 22:00' }),
  quietEnd: Type.Union([ClockTime, Type.Null()], { description: '免打扰结束，如 08:00' }),
});
export type DigestSettings = Static<typeof DigestSettings>;

/** PUT /api/web/subscription/settings: any of the fields. */
export const DigestSettingsUpdate = Type.Partial(DigestSettings);
export type DigestSettingsUpdate = Static<typeof DigestSettingsUpdate>;

/** GET /api/web/subscription/unsubscribe?token: the link in every digest (no login needed). */
export const UnsubscribeQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 64, description: '短信中退订链接的令牌' }),
});
export type UnsubscribeQuery = Static<typeof UnsubscribeQuery>;
