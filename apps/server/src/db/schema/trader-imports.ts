/**
 * Sheets a trader uploaded for import (现货、余料、报价 from Excel/CSV): the preview stages the file
 * here, and the commit, up to 30 minutes later, reads it back. The row also tells how a commit
 * went (state, progress counts, message); progress while it runs lives in the shared store,
 * because the commit's own transaction holds the rows it writes until it ends.
 */
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { oneOf } from './columns.ts';
import { companies, users } from './users.ts';

export const TRADER_IMPORT_KINDS = ['cargo', 'surplus', 'quotation'] as const;
export const TRADER_IMPORT_STATES = ['previewed', 'running', 'done', 'failed'] as const;
export const TRADER_IMPORT_MODES = ['append', 'replace'] as const;

/** bytea as a Buffer on both drivers (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

export const traderImports = pgTable(
  'trader_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10, enum: TRADER_IMPORT_KINDS }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    /** the uploaded sheet as sent (at most TRADER_LIMITS.importFileBytes) */
    fileBytes: bytea('file_bytes').notNull(),
    state: varchar('state', { length: 10, enum: TRADER_IMPORT_STATES }).notNull().default('previewed'),
    mode: varchar('mode', { length: 10, enum: TRADER_IMPORT_MODES }),
    /** data rows of the sheet */
    total: integer('total').notNull().default(0),
    /** rows with an error: a commit is refused unless 0 */
    errorCount: integer('error_count').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    /** why it failed; '' otherwise */
    message: varchar('message', { length: 300 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('trader_imports_company_idx').on(t.companyId, t.createdAt),
    index('trader_imports_expires_idx').on(t.expiresAt),
    check('trader_imports_kind_ck', oneOf(t.kind, TRADER_IMPORT_KINDS)),
    check('trader_imports_state_ck', oneOf(t.state, TRADER_IMPORT_STATES)),
    check('trader_imports_mode_ck', sql`${t.mode} is null or ${oneOf(t.mode, TRADER_IMPORT_MODES)}`),
  ],
);
