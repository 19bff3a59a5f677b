/**
 * Enquiries (询价) and contact unlocks. A member who enquires about a lot sees the supplier's
 * phone from then on: VIP members for free, others for beans (钢豆), and never twice for the
 * same supplier. `contact_unlocks` is that one-per-(user, supplier) fact; `enquiries` records
 * every item asked about, which is what the supplier sees in its console.
 */
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf } from './columns.ts';
import { cargo, quotations, surplus } from './trade.ts';
import { companies, users } from './users.ts';

export const ENQUIRY_KINDS = ['cargo', 'surplus', 'quotation'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

export const contactUnlocks = pgTable(
  'contact_unlocks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the supplier whose phone is unlocked */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** beans paid; 0 when the user was VIP */
    beansSpent: integer('beans_spent').notNull().default(0),
    viaVip: boolean('via_vip').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_unlocks_user_company_uq').on(t.userId, t.companyId),
    index('contact_unlocks_company_idx').on(t.companyId),
  ],
);

export const enquiries = pgTable(
  'enquiries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10, enum: ENQUIRY_KINDS }).notNull(),
    cargoId: integer('cargo_id').references(() => cargo.id, { onDelete: 'set null' }),
    surplusId: integer('surplus_id').references(() => surplus.id, { onDelete: 'set null' }),
    quotationId: integer('quotation_id').references(() => quotations.id, { onDelete: 'set null' }),
    /** beans charged for this enquiry (the unlock it caused); 0 when already unlocked or VIP */
    beansSpent: integer('beans_spent').notNull().default(0),
    message: varchar('message', { length: 300 }).notNull().default(''),
    /** when the supplier marked it answered; counts toward the activity rank */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enquiries_user_created_idx').on(t.userId, t.createdAt),
    index('enquiries_company_created_idx').on(t.companyId, t.createdAt),
    uniqueIndex('enquiries_user_cargo_uq').on(t.userId, t.cargoId),
    uniqueIndex('enquiries_user_surplus_uq').on(t.userId, t.surplusId),
    check('enquiries_kind_ck', oneOf(t.kind, ENQUIRY_KINDS)),
  ],
);
