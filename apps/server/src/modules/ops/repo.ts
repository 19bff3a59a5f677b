/**
 * The readiness probe's one query: the newest migration the database has applied, as Drizzle's
 * migrator records it (`drizzle.__drizzle_migrations.created_at` is the migration's `when` in
 * the journal). Null when the table is missing or empty (never migrated).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The `when` (epoch ms) of the newest applied migration, null when none. */
export async function newestAppliedMigration(db: DbOrTx): Promise<number | null> {
  // Both engines answer `{ rows }` (node-postgres and PGlite), which Drizzle's type does not say.
  const exists = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!exists.rows[0]?.present) return null;
  const result = (await db.execute(
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { newest: string | null }[] };
  const newest = result.rows[0]?.newest;
  return newest === null || newest === undefined ? null : Number(newest);
}
