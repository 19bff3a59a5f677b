/**
 * SQL of the console's vocabulary: the families, products, materials and mills as the console
 * lists them, an alias list rewritten on its row, a new material, and the lock that makes
 * vocabulary writes take turns. Every function takes `DbOrTx` and runs its queries one after
 * another. These tables hold tens to hundreds of rows, so the lists are read whole.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import { materials, mills, productFamilies, products } from '../../db/schema/index.ts';

/** Any fixed number, distinct from the migration and index-job locks: vocabulary writes. */
const VOCABULARY_LOCK = 727_029;

export interface VocabularyLists {
  families: { id: number; name: string; aliases: string[] }[];
  products: { id: number; name: string; aliases: string[]; familyId: number | null }[];
  materials: { id: number; name: string }[];
  mills: { id: number; name: string; fullName: string; aliases: string[] }[];
}

/** The four lists whole: families and products in their menu order, materials and mills by name. */
export async function vocabularyLists(db: DbOrTx): Promise<VocabularyLists> {
  const [familyRows, productRows, materialRows, millRows] = await inSequence([
    db
      .select({ id: productFamilies.id, name: productFamilies.name, aliases: productFamilies.aliases })
      .from(productFamilies)
      .orderBy(asc(productFamilies.sort), asc(productFamilies.id)),
    db
      .select({
        id: products.id,
        name: products.name,
        aliases: products.aliases,
        familyId: products.familyId,
      })
      .from(products)
      .orderBy(asc(products.sort), asc(products.id)),
    db.select({ id: materials.id, name: materials.name }).from(materials).orderBy(asc(materials.name)),
    db
      .select({ id: mills.id, name: mills.name, fullName: mills.fullName, aliases: mills.aliases })
      .from(mills)
      .orderBy(asc(mills.name)),
  ]);
  return { families: familyRows, products: productRows, materials: materialRows, mills: millRows };
}

/** The tables whose rows carry an alias list, by the console's kind. */
const ALIAS_TABLES = { families: productFamilies, products, mills } as const;
export type AliasTable = keyof typeof ALIAS_TABLES;

export interface AliasRow {
  id: number;
  name: string;
  aliases: string[];
}

/** A family, product or mill with its aliases, locked for the write; null when there is none. */
export async function lockAliasRow(db: DbOrTx, kind: AliasTable, id: number): Promise<AliasRow | null> {
  const table = ALIAS_TABLES[kind];
  const [row] = await db
    .select({ id: table.id, name: table.name, aliases: table.aliases })
    .from(table)
    .where(eq(table.id, id))
    .for('update');
  return row ?? null;
}

/** Rewrites the alias list of one family, product or mill. */
export async function setAliases(db: DbOrTx, kind: AliasTable, id: number, aliases: string[]): Promise<void> {
  const table = ALIAS_TABLES[kind];
  await db.update(table).set({ aliases }).where(eq(table.id, id));
}

/** One material; null when there is none. */
export async function findMaterial(db: DbOrTx, id: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: materials.id, name: materials.name })
    .from(materials)
    .where(eq(materials.id, id));
  return row ?? null;
}

/** Inserts a material grade; answers its id. */
export async function insertMaterial(db: DbOrTx, name: string): Promise<number> {
  const [row] = await db.insert(materials).values({ name }).returning({ id: materials.id });
  return row!.id;
}

/**
 * Makes vocabulary writes of every instance take turns until `tx` ends, so two operators cannot
 * both give one new word to different terms (each checks the words the other has committed).
 * Call it on the write's transaction: on a pool handle the lock would end with the statement.
 */
export async function lockVocabulary(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${VOCABULARY_LOCK})`);
}
