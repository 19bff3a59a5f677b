import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { inboxItems, indexAlerts, indexDefinitions, savedSearches } from '../../../db/schema/index.ts';

export type InboxRow = typeof inboxItems.$inferSelect & { source: string };

const inboxColumns = {
  item: inboxItems,
  searchName: savedSearches.name,
  indexName: indexDefinitions.name,
};

/** A page of the user's inbox, newest first. */
export async function inboxPage(
  db: DbOrTx,
  userId: number,
  opts: { unreadOnly: boolean; limit: number; offset: number },
): Promise<InboxRow[]> {
  const rows = await db
    .select(inboxColumns)
    .from(inboxItems)
    .leftJoin(savedSearches, eq(savedSearches.id, inboxItems.savedSearchId))
    .leftJoin(indexAlerts, eq(indexAlerts.id, inboxItems.alertId))
    .leftJoin(indexDefinitions, eq(indexDefinitions.id, indexAlerts.indexId))
    .where(and(eq(inboxItems.userId, userId), opts.unreadOnly ? isNull(inboxItems.readAt) : undefined))
    .orderBy(desc(inboxItems.id))
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map((r) => ({ ...r.item, source: r.searchName ?? r.indexName ?? '' }));
}

/** The latest items one saved search found. */
export async function matchesOf(db: DbOrTx, userId: number, savedSearchId: number, limit: number) {
  const rows = await db
    .select(inboxColumns)
    .from(inboxItems)
    .leftJoin(savedSearches, eq(savedSearches.id, inboxItems.savedSearchId))
    .leftJoin(indexAlerts, eq(indexAlerts.id, inboxItems.alertId))
    .leftJoin(indexDefinitions, eq(indexDefinitions.id, indexAlerts.indexId))
    .where(and(eq(inboxItems.userId, userId), eq(inboxItems.savedSearchId, savedSearchId)))
    .orderBy(desc(inboxItems.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.item, source: r.searchName ?? r.indexName ?? '' }));
}

/** How many items the user has (all, or unread only). */
export async function countInbox(db: DbOrTx, userId: number, unreadOnly: boolean): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, userId), unreadOnly ? isNull(inboxItems.readAt) : undefined));
  return row?.n ?? 0;
}

/** Unread counts of several users (those a batch of matches reached). */
export async function unreadCounts(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: inboxItems.userId, n: count() })
    .from(inboxItems)
    .where(and(inArray(inboxItems.userId, [...userIds]), isNull(inboxItems.readAt)))
    .groupBy(inboxItems.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/** Marks the user's items read: the given ids, or all of them. Returns how many changed. */
export async function markRead(db: DbOrTx, userId: number, ids: number[] | 'all'): Promise<number> {
  const rows = await db
    .update(inboxItems)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(inboxItems.userId, userId),
        isNull(inboxItems.readAt),
        ids === 'all' ? undefined : inArray(inboxItems.id, ids),
      ),
    )
    .returning({ id: inboxItems.id });
  return rows.length;
}
