/**
 * 免费订阅 (issue 19): saved searches, their filters normalized into columns for matching, index
 * alerts, and the inbox both fill.
 *
 * A saved search keeps the filter exactly as the screen sent it (`filter`, shown back and
 * re-understood when the dictionary grows) and, beside it, its *terms*: the same filter in
 * columns the trade tables have (product id, material/mill/warehouse ids, cities, thickness and
 * width ranges, price bounds in fen). New or repriced rows are matched against every active term
 * with one join per batch (modules/subscription/repo/matching.ts#matchRows), never a query per
 * search. A term is one product, city, material and mill of the search (each or any): its match
 * key.
 */
import { INBOX_KINDS, INDEX_ALERT_KINDS, SAVED_SEARCH_KINDS } from '@steelport/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from './columns.ts';
import { indexDefinitions } from './steel-index.ts';
import { users } from './users.ts';

// The kinds are the contracts' (the only source of shared types): a new one changes the checks.

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10, enum: SAVED_SEARCH_KINDS }).notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    /** the screen's filter as sent (contracts SavedFilter) */
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId),
    check('saved_searches_kind_ck', oneOf(t.kind, SAVED_SEARCH_KINDS)),
  ],
);

/**
 * The matching form of a saved search: one row per product it names (product null = any). A
 * null column places no condition; an array column means "one of these"; `texts` are ILIKE
 * patterns the row's search text must all contain. `active` mirrors "not paused" so the join
 * reads one table.
 */
export const savedSearchTerms = pgTable(
  'saved_search_terms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10, enum: SAVED_SEARCH_KINDS }).notNull(),
    active: boolean('active').notNull().default(true),
    /** the saved search's owner, copied so a match needs no second join */
    userId: integer('user_id').notNull(),
    productId: integer('product_id'),
    materialIds: integer('material_ids').array(),
    /** material names the dictionary does not know, upper case, matched as written */
    materialNames: text('material_names').array(),
    millIds: integer('mill_ids').array(),
    originNames: text('origin_names').array(),
    warehouseIds: integer('warehouse_ids').array(),
    warehouseNames: text('warehouse_names').array(),
    cities: text('cities').array(),
    companyId: integer('company_id'),
    thicknessMin: numeric('thickness_min', { precision: 7, scale: 3, mode: 'number' }),
    thicknessMax: numeric('thickness_max', { precision: 7, scale: 3, mode: 'number' }),
    widthMin: integer('width_min'),
    widthMax: integer('width_max'),
    /** spec words of the keyword: exact thicknesses, widths, lengths */
    thicknesses: numeric('thicknesses', { precision: 7, scale: 3, mode: 'number' }).array(),
    widths: integer('widths').array(),
    lengths: integer('lengths').array(),
    priceMinFen: integer('price_min_fen'),
    priceMaxFen: integer('price_max_fen'),
    callForPrice: boolean('call_for_price').notNull().default(false),
    grades: text('grades').array(),
    texts: text('texts').array(),
    /**
     * `product:city:material:mill` with `*` for "any" (modules/subscription/normalize.ts): a row
     * probes the 16 keys it could match, so the join is an equality on this column and only
     * terms agreeing on all four are checked further.
     */
    matchKey: varchar('match_key', { length: 120 }).notNull().default('*:*:*'),
  },
  (t) => [
    index('saved_search_terms_match_idx').on(t.kind, t.matchKey).where(sql`${t.active}`),
    index('saved_search_terms_search_idx').on(t.savedSearchId),
  ],
);

/** An alert on an index: crossing a level, or a daily move of more than `movePercent`. */
export const indexAlerts = pgTable(
  'index_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    indexId: integer('index_id')
      .notNull()
      .references(() => indexDefinitions.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10, enum: INDEX_ALERT_KINDS }).notNull(),
    levelFen: integer('level_fen'),
    movePercent: numeric('move_percent', { precision: 6, scale: 3, mode: 'number' }),
    /** fires only when armed; disarmed by firing, re-armed when the price goes back */
    armed: boolean('armed').notNull().default(true),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('index_alerts_index_idx').on(t.indexId),
    index('index_alerts_user_idx').on(t.userId),
    check('index_alerts_kind_ck', oneOf(t.kind, INDEX_ALERT_KINDS)),
  ],
);

/**
 * What a member's subscriptions found. One item per (saved search, item) where an item is a
 * trader's row identity (kind, company, product, material, spec, origin, city, warehouse): the
 * same lot imported twice, or re-imported in replace mode under a new id, is one item.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10, enum: INBOX_KINDS }).notNull(),
    savedSearchId: integer('saved_search_id').references(() => savedSearches.id, { onDelete: 'cascade' }),
    alertId: integer('alert_id').references(() => indexAlerts.id, { onDelete: 'cascade' }),
    /** the lot, quote or index id */
    targetId: integer('target_id').notNull(),
    itemKey: varchar('item_key', { length: 300 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    priceFen: integer('price_fen').notNull().default(0),
    day: date('day', { mode: 'string' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inbox_items_search_item_uq').on(t.savedSearchId, t.itemKey),
    uniqueIndex('inbox_items_alert_item_uq').on(t.alertId, t.itemKey),
    index('inbox_items_user_idx').on(t.userId, t.id),
    index('inbox_items_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    check('inbox_items_kind_ck', oneOf(t.kind, INBOX_KINDS)),
  ],
);

/**
 * A member's daily digest (免费订阅 by SMS): off unless opted in; no message inside the quiet
 * hours (minutes after midnight, Asia/Shanghai; a window may pass midnight); the token makes the
 * one-click unsubscribe link in every message.
 */
export const subscriptionSettings = pgTable(
  'subscription_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    digest: boolean('digest').notNull().default(false),
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    /** random, unguessable: the unsubscribe link carries it instead of a login */
    unsubscribeToken: varchar('unsubscribe_token', { length: 64 }).notNull(),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscription_settings_token_uq').on(t.unsubscribeToken)],
);
