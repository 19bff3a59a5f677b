/**
 * What operators publish: news articles (资讯) with categories and tags, market dynamics
 * (商务动态), agencies (mill agents and distributors, 代理商) and ads (banners are ads in a
 * banner position).
 */
import { AFFAIR_KINDS } from '@steelport/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from './columns.ts';
import { products } from './dictionary.ts';
import { indexDefinitions } from './steel-index.ts';
import { users } from './users.ts';

export const PUBLISH_STATUSES = ['draft', 'published', 'hidden'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];

export const articleCategories = pgTable(
  'article_categories',
  {
    id: serial('id').primaryKey(),
    /** stable key the pages use: news, index (指数文章 on /morepage), policy... */
    code: varchar('code', { length: 30 }).notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    parentId: integer('parent_id'),
    sort: smallint('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('article_categories_code_uq').on(t.code)],
);

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => articleCategories.id),
    title: varchar('title', { length: 200 }).notNull(),
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    /** HTML sanitised on write (allow-list of tags and attributes); rendered as is */
    contentHtml: text('content_html').notNull().default(''),
    /** cover image URL */
    cover: varchar('cover', { length: 300 }).notNull().default(''),
    source: varchar('source', { length: 100 }).notNull().default(''),
    author: varchar('author', { length: 50 }).notNull().default(''),
    /** members-only: visitors get the summary and loginRequired */
    membersOnly: boolean('members_only').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    views: integer('views').notNull().default(0),
    status: varchar('status', { length: 10, enum: PUBLISH_STATUSES }).notNull().default('published'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** the index an index article is about (weekly reviews), null for other articles */
    indexId: integer('index_id').references(() => indexDefinitions.id, { onDelete: 'set null' }),
    /**
     * set on articles written from data by the system, never by hand (`index-weekly:lc_hrc:2026-11-22`):
     * a rerun rewrites the same article instead of adding another, and the UI labels it generated
     */
    generatedKey: varchar('generated_key', { length: 80 }),
    ...timestamps(),
  },
  (t) => [
    index('articles_status_category_published_idx').on(t.status, t.categoryId, t.publishedAt),
    uniqueIndex('articles_generated_key_uq').on(t.generatedKey),
    index('articles_index_published_idx').on(t.indexId, t.publishedAt),
    index('articles_status_published_idx').on(t.status, t.publishedAt),
    index('articles_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    check('articles_status_ck', oneOf(t.status, PUBLISH_STATUSES)),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 30 }).notNull(),
    sort: smallint('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_name_uq').on(t.name)],
);

export const articleTags = pgTable(
  'article_tags',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.tagId] }), index('article_tags_tag_idx').on(t.tagId)],
);

/** Market dynamics (商务动态): short items on a city's market and product. */
export const commercialAffairs = pgTable(
  'commercial_affairs',
  {
    id: serial('id').primaryKey(),
    /**
     * what the item is about (AFFAIR_KINDS): a mill's price adjustment (钢厂调价), a warehouse
     * opening (新库开业), an event (会展活动) or market news (市场快讯)
     */
    kind: varchar('kind', { length: 20, enum: AFFAIR_KINDS }).notNull().default('market'),
    title: varchar('title', { length: 200 }).notNull(),
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    /** sanitised HTML */
    content: text('content').notNull().default(''),
    cover: varchar('cover', { length: 300 }).notNull().default(''),
    city: varchar('city', { length: 20 }).notNull().default(''),
    productId: integer('product_id').references(() => products.id),
    source: varchar('source', { length: 100 }).notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    views: integer('views').notNull().default(0),
    status: varchar('status', { length: 10, enum: PUBLISH_STATUSES }).notNull().default('published'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('commercial_affairs_status_published_idx').on(t.status, t.publishedAt),
    index('commercial_affairs_city_idx').on(t.city, t.publishedAt),
    index('commercial_affairs_status_kind_published_idx').on(t.status, t.kind, t.publishedAt),
    check('commercial_affairs_kind_ck', oneOf(t.kind, AFFAIR_KINDS)),
    check('commercial_affairs_status_ck', oneOf(t.status, PUBLISH_STATUSES)),
  ],
);

/** Mill agents and distributors (代理商/经销商): which brands they carry where. */
export const agencies = pgTable(
  'agencies',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    /** mills or brands carried: 宝钢, 日照 */
    brands: text('brands').array().notNull().default([]),
    /** products carried: 热轧卷板, 冷轧卷板 */
    productNames: text('product_names').array().notNull().default([]),
    region: varchar('region', { length: 10 }).notNull().default(''),
    province: varchar('province', { length: 20 }).notNull().default(''),
    city: varchar('city', { length: 20 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    contactName: varchar('contact_name', { length: 50 }).notNull().default(''),
    contactPhone: varchar('contact_phone', { length: 20 }).notNull().default(''),
    intro: text('intro').notNull().default(''),
    logo: varchar('logo', { length: 300 }).notNull().default(''),
    sort: smallint('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('agencies_region_city_idx').on(t.region, t.city),
    index('agencies_brands_idx').using('gin', t.brands),
    index('agencies_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/**
 * Ads by position: home_banner (banners), floating (the floating ad), sidebar... A position
 * shows its active ads whose window contains now, by sort.
 */
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    positionName: varchar('position_name', { length: 50 }).notNull(),
    title: varchar('title', { length: 100 }).notNull().default(''),
    imageUrl: varchar('image_url', { length: 300 }).notNull(),
    linkUrl: varchar('link_url', { length: 300 }).notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    sort: smallint('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('ads_position_idx').on(t.positionName, t.active, t.sort),
    check('ads_window_ck', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * The home announcement (首页公告): one line of text with an optional link. The home page shows
 * the newest active one whose window contains now; older ones stay as history.
 */
export const homeAnnouncements = pgTable(
  'home_announcements',
  {
    id: serial('id').primaryKey(),
    text: varchar('text', { length: 200 }).notNull(),
    linkUrl: varchar('link_url', { length: 300 }).notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('home_announcements_active_idx').on(t.active, t.id),
    check(
      'home_announcements_window_ck',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
  ],
);
