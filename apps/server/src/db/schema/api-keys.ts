/**
 * API keys a trader's ERP pushes stock, surplus and quotations with (`X-Api-Key`). Like session tokens,
 * a key is shown once and stored only as its SHA-256; `prefix` (the first characters) lets the
 * trader tell keys apart. Revoking sets revoked_at and keeps the row, so the list shows it.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies, users } from './users.ts';

/** What a key may sync; `packages/contracts` API_KEY_SCOPES names the same values. */
export const API_KEY_SCOPE_VALUES = ['stock', 'surplus', 'quotations'] as const;

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** the user who created it */
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 30 }).notNull(),
    /** the key's first characters (spk_ and a few more), for display */
    prefix: varchar('prefix', { length: 16 }).notNull(),
    /** hex SHA-256 of the key; the key itself is never stored */
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    scopes: varchar('scopes', { length: 20 }).array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_uq').on(t.keyHash),
    index('api_keys_company_idx').on(t.companyId, t.createdAt),
    check(
      'api_keys_scopes_ck',
      sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array[${sql.raw(
        API_KEY_SCOPE_VALUES.map((s) => `'${s}'`).join(', '),
      )}]::varchar[]`,
    ),
  ],
);
