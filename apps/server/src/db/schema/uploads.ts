/**
 * Uploaded files (images and PDFs attached to requests, inspection photos), which services are
 * open (openCheck), and the files attached to an inspection request. A file's bytes live under
 * DATA_DIR/uploads/<storage_key>; the row records who owns it, what its content really is (by
 * its magic bytes, not its name) and its size. Only the owner and operators may read it.
 */
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
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf } from './columns.ts';
import { inspections } from './services.ts';
import { users } from './users.ts';

/** Content types an upload may have, as its bytes show them. */
export const UPLOAD_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/svg+xml',
  'application/pdf',
] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];

export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** what it was uploaded for: attachment (by the member), inspection_photo (by the inspector) */
    purpose: varchar('purpose', { length: 20 }).notNull().default('attachment'),
    /** the name the person gave it, shown back to them; never used as a path */
    originalName: varchar('original_name', { length: 120 }).notNull(),
    /** random file name under DATA_DIR/uploads */
    storageKey: varchar('storage_key', { length: 80 }).notNull(),
    mime: varchar('mime', { length: 40, enum: UPLOAD_MIME_TYPES }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('uploads_storage_key_uq').on(t.storageKey),
    index('uploads_owner_created_idx').on(t.ownerUserId, t.createdAt),
    check('uploads_mime_ck', oneOf(t.mime, UPLOAD_MIME_TYPES)),
    check('uploads_size_positive', sql`${t.sizeBytes} > 0`),
  ],
);

/**
 * Which trade services are open (inspection, cloudWarehouse, processing, payment). Operators
 * switch them; the portal shows 即将开放 for a closed one instead of a dead end.
 */
export const serviceSwitches = pgTable('service_switches', {
  key: varchar('key', { length: 30 }).primaryKey(),
  name: varchar('name', { length: 30 }).notNull(),
  open: boolean('open').notNull().default(false),
  /** what the portal says while closed, e.g. 预计 2027 年 1 月开放 */
  note: varchar('note', { length: 100 }).notNull().default(''),
  sort: smallint('sort').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Files the member attached to an inspection request (warranty sheets, photos of labels). */
export const inspectionAttachments = pgTable(
  'inspection_attachments',
  {
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.inspectionId, t.uploadId] }),
    index('inspection_attachments_upload_idx').on(t.uploadId),
  ],
);
