/**
 * Loading first, indexing and checking after (PostgreSQL's advice for populating a database):
 * the demo's large tables are filled with their plain indexes and foreign keys dropped, then
 * both are made again from their own definitions. Building an index over loaded rows sorts them
 * once, and adding a foreign key checks every row in one join; keeping an index up to date row
 * by row (a trigram GIN index above all) and checking each row's keys by itself cost the first
 * start most of its seeding time on PGlite. Primary keys, unique indexes (an `on conflict` may
 * rely on one) and check constraints stay; every row is still checked, once the load is done;
 * the database ends as the migrations left it.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

interface IndexDefinition {
  name: string;
  definition: string;
}

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/** `tables` as a list of bound names, for `relname in (...)`. */
function tableNames(tables: readonly string[]) {
  return sql.join(
    tables.map((table) => sql`${table}`),
    sql`, `,
  );
}

/** The foreign keys of `tables`, with the SQL that adds each. */
async function foreignKeys(tx: Tx, tables: readonly string[]): Promise<ForeignKey[]> {
  const result = await tx.execute(sql`
    select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and c.contype = 'f'
      and t.relname in (${tableNames(tables)})
    order by t.relname, c.conname`);
  return (result as unknown as { rows: ForeignKey[] }).rows;
}

/** The plain (non-unique, constraint-free) indexes of `tables`, with the SQL that makes each. */
async function plainIndexes(tx: Tx, tables: readonly string[]): Promise<IndexDefinition[]> {
  const result = await tx.execute(sql`
    select i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema()
      and t.relname in (${tableNames(tables)})
      and not x.indisunique and not x.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by i.relname`);
  return (result as unknown as { rows: IndexDefinition[] }).rows;
}

/**
 * Runs `load` with the plain indexes and foreign keys of `tables` dropped, then makes them again,
 * on `tx`: a row that breaks a key fails the seed, and a failure rolls the drop back with
 * everything else.
 */
export async function withIndexesAfter<T>(
  tx: Tx,
  tables: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  const indexes = await plainIndexes(tx, tables);
  const keys = await foreignKeys(tx, tables);
  for (const key of keys)
    await tx.execute(sql.raw(`alter table "${key.table}" drop constraint "${key.name}"`));
  for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
  const result = await load();
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
  for (const key of keys)
    await tx.execute(sql.raw(`alter table "${key.table}" add constraint "${key.name}" ${key.definition}`));
  return result;
}
