/**
 * Short-lived shared state when there is no Redis but there may be several instances on one
 * PostgreSQL (QR login, SMS codes, rate-limit windows). Rows past expires_at are dead; they are
 * ignored on read and swept periodically.
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const kvEntries = pgTable(
  'kv_entries',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('kv_entries_expires_idx').on(t.expiresAt)],
);
