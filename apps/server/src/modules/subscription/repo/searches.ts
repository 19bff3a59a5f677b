/**
 * Saved searches and their terms: one row a search, its terms (db/schema/subscription.ts) beside it for the matcher.
 */
import type { SavedSearchKind } from '@steelport/contracts';
import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { inboxItems, savedSearches, savedSearchTerms, users } from '../../../db/schema/index.ts';
import type { Term } from '../normalize.ts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

/** How many saved searches the user keeps. */
export async function countSearches(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

/** Stores a saved search and its terms; returns its id. */
export async function insertSearch(
  db: DbOrTx,
  search: { userId: number; kind: SavedSearchKind; name: string; filter: Record<string, unknown> },
  terms: Term[],
): Promise<number> {
  const [row] = await db.insert(savedSearches).values(search).returning({ id: savedSearches.id });
  const id = row!.id;
  if (terms.length) {
    await db
      .insert(savedSearchTerms)
      .values(terms.map((t) => ({ ...t, savedSearchId: id, userId: search.userId, kind: search.kind })));
  }
  return id;
}

/** The user's saved searches, newest first, with how many items each found and when last. */
export async function listSearches(
  db: DbOrTx,
  userId: number,
): Promise<(SavedSearchRow & { matchCount: number; lastMatchAt: Date | null })[]> {
  const matches = db
    .select({
      savedSearchId: inboxItems.savedSearchId,
      n: count().as('n'),
      last: max(inboxItems.createdAt).as('last'),
    })
    .from(inboxItems)
    .where(eq(inboxItems.userId, userId))
    .groupBy(inboxItems.savedSearchId)
    .as('m');
  const rows = await db
    .select({ s: savedSearches, n: matches.n, last: matches.last })
    .from(savedSearches)
    .leftJoin(matches, eq(matches.savedSearchId, savedSearches.id))
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.id));
  return rows.map((r) => ({
    ...r.s,
    matchCount: Number(r.n ?? 0),
    lastMatchAt: r.last ? new Date(r.last as unknown as string) : null,
  }));
}

/** One saved search of the user, or undefined (another user's id looks like no id at all). */
export async function findSearch(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  return row;
}

/** Renames, pauses or resumes; the terms follow the pause so the matcher reads one table. */
export async function updateSearch(
  db: DbOrTx,
  id: number,
  change: { name?: string; pausedAt?: Date | null },
): Promise<void> {
  await db
    .update(savedSearches)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(savedSearches.id, id));
  if (change.pausedAt !== undefined) {
    await db
      .update(savedSearchTerms)
      .set({ active: change.pausedAt === null })
      .where(eq(savedSearchTerms.savedSearchId, id));
  }
}

/** Deletes a saved search (its terms and inbox items go with it). */
export async function deleteSearch(db: DbOrTx, id: number): Promise<void> {
  await db.delete(savedSearches).where(eq(savedSearches.id, id));
}

/** Locks the user's row for the transaction: its saves then run one after another. */
export async function lockUser(db: DbOrTx, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The company of a user (a quotation filter names its trader by user id), or null. */
export async function companyOfUser(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  return row?.companyId ?? null;
}
