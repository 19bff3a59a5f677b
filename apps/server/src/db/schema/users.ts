/**
 * People and their sessions. A trader is a user with a company; roles are member, trader and
 * admin (docs/domain.md#who-uses-it). Tokens are opaque random strings: only their SHA-256 is
 * stored.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * What makes two company names the same name: Unicode compatibility forms (（ and (, full-width
 * letters), white space and letter case do not count. One unique index holds it, so a second
 * firm cannot register 宝武钢铁 (集团) beside 宝武钢铁（集团）.
 */
export const companyNameKey = (name: SQLWrapper | string): SQL =>
  sql`lower(regexp_replace(normalize(${name}, NFKC), '\\s', '', 'g'))`;

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    shortName: varchar('short_name', { length: 30 }).notNull(),
    city: varchar('city', { length: 20 }).notNull(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    contactName: varchar('contact_name', { length: 50 }).notNull(),
    /** Full phone; presenters mask it for callers who have not unlocked it. */
    contactPhone: varchar('contact_phone', { length: 20 }).notNull(),
    intro: text('intro').notNull().default(''),
    mainProducts: varchar('main_products', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_name_uq').on(t.name),
    uniqueIndex('companies_name_key_uq').on(companyNameKey(t.name)),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    /** argon2id; null for users created by QR only */
    passwordHash: text('password_hash'),
    linkMan: varchar('link_man', { length: 50 }).notNull(),
    role: varchar('role', { length: 10, enum: ['member', 'trader', 'admin'] })
      .notNull()
      .default('member'),
    companyId: integer('company_id').references(() => companies.id),
    /** 钢豆 balance; the bean ledger is the history, this is its running sum. */
    beans: integer('beans').notNull().default(0),
    /** set by an operator: the user cannot log in and its sessions stop working at once */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: varchar('disabled_reason', { length: 200 }),
    /** the portal language the user chose (zh-CN, en); null until they choose one */
    lang: varchar('lang', { length: 5, enum: ['zh-CN', 'en'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_uq').on(t.phone),
    index('users_company_idx').on(t.companyId),
    check('users_beans_non_negative', sql`${t.beans} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** hex SHA-256 of the token; the token itself is never stored */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** 1 web password login, 2 mobile, 3 QR login (docs/portal.md#constants) */
    clientId: smallint('client_id').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);
