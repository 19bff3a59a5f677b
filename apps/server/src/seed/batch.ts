/**
 * Bulk inserts for the generator. A multi-row `insert ... values` binds one parameter per cell
 * (24,000 for 1,000 cargo rows), which PGlite parses and binds slowly; sending each batch as one
 * JSON parameter expanded by `json_populate_recordset` loads the same rows two to three times
 * faster on PGlite and on PostgreSQL. Values go through each column's own driver mapping
 * (dates, numerics, arrays), so the rows are exactly what Drizzle would have written.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';

/** Rows per statement: large enough to amortise the round trip, small enough to stay light. */
export const BATCH_ROWS = 2_000;

/**
 * Inserts `rows` into `table` in batches, in order. Every row must set the same columns: columns
 * not set get NULL (not their default), as with `json_populate_recordset`.
 */
export async function insertBatched<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in (first as object));
  const tableName = `"${getTableName(table)}"`;
  const names = columns.map(([, c]) => `"${c.name}"`).join(', ');
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const batch = rows.slice(i, i + BATCH_ROWS).map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, column] of columns) {
        const value = (row as Record<string, unknown>)[key];
        out[column.name] = value === null || value === undefined ? null : column.mapToDriverValue(value);
      }
      return out;
    });
    await tx.execute(
      sql`insert into ${sql.raw(tableName)} (${sql.raw(names)}) select ${sql.raw(names)} from json_populate_recordset(null::${sql.raw(tableName)}, ${JSON.stringify(batch)}::json)`,
    );
  }
}
