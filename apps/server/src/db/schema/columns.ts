/**
 * Column groups several tables share. Each helper returns fresh builders, because Drizzle binds
 * a builder to the table it is first used in.
 */
import { type SQL, sql } from 'drizzle-orm';
import { integer, numeric, type PgColumn, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Forms a parsed spec can take (packages/contracts `SpecForm`): coil C, cut sheet, plate L. */
export const SPEC_FORMS = ['coil', 'sheet', 'plate'] as const;
export type SpecFormValue = (typeof SPEC_FORMS)[number];

/** `created_at` / `updated_at`, both timestamptz and set by the database on insert. */
export function timestamps() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/**
 * The spec (规格) as the trader wrote it, canonicalised (`2.75*1250*C`), and its parts parsed
 * once on write so that search can filter thickness and width by numeric ranges.
 */
export function specColumns() {
  return {
    spec: varchar('spec', { length: 50 }).notNull(),
    /** mm, up to 3 decimals: 2.75, 0.476 */
    thickness: numeric('thickness', { precision: 7, scale: 3, mode: 'number' }).notNull(),
    /** mm; null when the spec states only a thickness */
    width: integer('width'),
    /** mm for cut sheet and plate; null for coil (C) and mill lengths (L) */
    length: integer('length'),
    form: varchar('form', { length: 10, enum: SPEC_FORMS }).notNull().default('coil'),
  };
}

/**
 * A CHECK body limiting a text column to fixed values. The values are constants of this schema,
 * never user input, so they are inlined as literals.
 */
export function oneOf(column: PgColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}
