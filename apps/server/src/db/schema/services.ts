/**
 * Services the platform runs for traders: warehouse inspection (验货: someone goes to the
 * warehouse, checks the coils and reports with photos) and shared processing (共享加工,
 * shareMach: plants with free capacity on slitting and cut-to-length lines, group orders).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
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
import { companies, users } from './users.ts';
import { warehouses } from './warehouse.ts';

/** How far operators followed up a processing enquiry: 待跟进, 已联系, 已关闭. */
export const ENQUIRY_STATUSES = ['new', 'contacted', 'closed'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const INSPECTION_STATUSES = ['requested', 'accepted', 'in_progress', 'done', 'cancelled'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

/** Processing lines: 分条 slitting, 开平 cut-to-length, 纵剪 longitudinal, 横切 cross cutting. */
export const LINE_TYPES = ['分条', '开平', '纵剪', '横切'] as const;
export type LineType = (typeof LINE_TYPES)[number];

export const inspections = pgTable(
  'inspections',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    /** coil numbers (卷号) to check */
    coilNumbers: text('coil_numbers').array().notNull().default([]),
    /** or the cargo rows to check */
    cargoIds: integer('cargo_ids').array().notNull().default([]),
    requestedDate: date('requested_date', { mode: 'string' }).notNull(),
    contactName: varchar('contact_name', { length: 50 }).notNull(),
    contactPhone: varchar('contact_phone', { length: 20 }).notNull(),
    remark: varchar('remark', { length: 300 }).notNull().default(''),
    status: varchar('status', { length: 12, enum: INSPECTION_STATUSES }).notNull().default('requested'),
    /** beans paid; 0 for VIP members */
    beansSpent: integer('beans_spent').notNull().default(0),
    /** the inspector's conclusion once done */
    conclusion: text('conclusion').notNull().default(''),
    /** the inspector an operator assigned (验货员 name and phone); empty until assigned */
    inspectorName: varchar('inspector_name', { length: 30 }).notNull().default(''),
    inspectorPhone: varchar('inspector_phone', { length: 20 }).notNull().default(''),
    /** the client's key for one submission: a retried or double-clicked request is answered once, charged once */
    requestKey: varchar('request_key', { length: 64 }),
    ...timestamps(),
  },
  (t) => [
    index('inspections_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('inspections_user_request_key_uq').on(t.userId, t.requestKey),
    index('inspections_status_idx').on(t.status, t.requestedDate),
    index('inspections_warehouse_idx').on(t.warehouseId),
    check('inspections_status_ck', oneOf(t.status, INSPECTION_STATUSES)),
    check('inspections_beans_non_negative', sql`${t.beansSpent} >= 0`),
  ],
);

/** One traced step of an inspection (accepted, arrived, checked, reported) with photos. */
export const inspectionSteps = pgTable(
  'inspection_steps',
  {
    id: serial('id').primaryKey(),
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    step: smallint('step').notNull(),
    title: varchar('title', { length: 50 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    photos: text('photos').array().notNull().default([]),
    findings: text('findings').notNull().default(''),
    /** who did the step, as the report names them (验货员 王工) */
    inspector: varchar('inspector', { length: 30 }).notNull().default(''),
    operatorUserId: integer('operator_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inspection_steps_inspection_idx').on(t.inspectionId, t.step)],
);

export const processingOffers = pgTable(
  'processing_offers',
  {
    id: serial('id').primaryKey(),
    plantName: varchar('plant_name', { length: 100 }).notNull(),
    /** the plant's company when it is a registered trader */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    lineType: varchar('line_type', { length: 4, enum: LINE_TYPES }).notNull(),
    thicknessMin: numeric('thickness_min', { precision: 7, scale: 3, mode: 'number' }).notNull(),
    thicknessMax: numeric('thickness_max', { precision: 7, scale: 3, mode: 'number' }).notNull(),
    widthMin: integer('width_min').notNull(),
    widthMax: integer('width_max').notNull(),
    city: varchar('city', { length: 20 }).notNull(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    /** processing fee, fen per tonne */
    priceFen: integer('price_fen').notNull(),
    /** free capacity in tonnes for the coming period */
    freeCapacityTonnes: integer('free_capacity_tonnes').notNull().default(0),
    /** a group order (拼单) is open to join */
    groupOpen: boolean('group_open').notNull().default(false),
    groupTargetTonnes: integer('group_target_tonnes').notNull().default(0),
    groupJoinedTonnes: integer('group_joined_tonnes').notNull().default(0),
    /** the last day members may join the group order (拼单截止) */
    groupDeadline: date('group_deadline', { mode: 'string' }),
    contactName: varchar('contact_name', { length: 50 }).notNull(),
    contactPhone: varchar('contact_phone', { length: 20 }).notNull(),
    intro: text('intro').notNull().default(''),
    active: boolean('active').notNull().default(true),
    sort: smallint('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('processing_offers_line_city_idx').on(t.lineType, t.city),
    index('processing_offers_active_sort_idx').on(t.active, t.sort),
    check('processing_offers_line_type_ck', oneOf(t.lineType, LINE_TYPES)),
    check(
      'processing_offers_ranges_ck',
      sql`${t.thicknessMin} <= ${t.thicknessMax} and ${t.widthMin} <= ${t.widthMax} and ${t.priceFen} >= 0`,
    ),
    // joins are checked under a row lock too; this is the last line if a writer forgets
    check(
      'processing_offers_group_within_target_ck',
      sql`${t.groupJoinedTonnes} >= 0 and ${t.groupJoinedTonnes} <= ${t.groupTargetTonnes}`,
    ),
  ],
);

/** A member's enquiry about, or share in, a processing offer's group order. */
export const processingEnquiries = pgTable(
  'processing_enquiries',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => processingOffers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** tonnes the member wants processed in the group order; 0 for a plain enquiry */
    tonnes: integer('tonnes').notNull().default(0),
    remark: varchar('remark', { length: 300 }).notNull().default(''),
    /** the operators' follow-up of the enquiry and their note */
    status: varchar('status', { length: 10, enum: ENQUIRY_STATUSES }).notNull().default('new'),
    handledNote: varchar('handled_note', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the last join or enquiry: joining again moves it */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one row per member and offer: joining again updates the share, never adds a second one
    uniqueIndex('processing_enquiries_offer_user_uq').on(t.offerId, t.userId),
    index('processing_enquiries_user_idx').on(t.userId, t.createdAt),
    check('processing_enquiries_tonnes_non_negative', sql`${t.tonnes} >= 0`),
    check('processing_enquiries_status_ck', oneOf(t.status, ENQUIRY_STATUSES)),
  ],
);
