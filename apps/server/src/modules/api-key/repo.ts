/**
 * SQL of API keys: a company's keys, the live-key count under a lock on the company (so two
 * concurrent creations cannot pass the limit together), insert, revoke, and the lookup by hash
 * the sync routes authenticate with. Queries run one after another, so a transaction may be passed.
 */
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiKeys, companies, users } from '../../db/schema/index.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A company's keys, newest first, revoked ones included. */
export async function keysOf(db: DbOrTx, companyId: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.companyId, companyId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Locks the company row until the transaction ends: creations of one company queue here. */
export async function lockCompany(tx: DbOrTx, companyId: number): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

/** How many keys of the company are not revoked. */
export async function liveKeyCount(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

/** Stores a new key (its hash, never the key). */
export async function insertKey(
  db: DbOrTx,
  row: {
    companyId: number;
    createdBy: number;
    name: string;
    prefix: string;
    keyHash: string;
    scopes: string[];
  },
): Promise<ApiKeyRow> {
  const [inserted] = await db.insert(apiKeys).values(row).returning();
  return inserted!;
}

/**
 * Revokes the company's key `id` (a key already revoked keeps its first revocation time).
 * Null when the company has no such key: another company's key is as missing as none.
 */
export async function revokeKey(
  db: DbOrTx,
  companyId: number,
  id: number,
  now: Date,
): Promise<ApiKeyRow | null> {
  const [updated] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)))
    .returning();
  if (updated) return updated;
  const [existing] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, companyId)));
  return existing ?? null;
}

/** The live (not revoked) key with this hash, or null. */
export async function findLiveKey(db: DbOrTx, keyHash: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      companyId: apiKeys.companyId,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.keyHash, keyHash),
        isNull(apiKeys.revokedAt),
        // A key writes for a trader: once its company has no enabled trader (disabled or demoted
        // by an operator), the key is refused with it. Qualified by hand: a correlated subquery.
        sql`exists (select 1 from ${users} u where u.company_id = ${apiKeys}.company_id and u.role = 'trader' and u.disabled_at is null)`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Revokes the live keys `userId` created and, when `companyId` has no enabled trader left, every
 * live key of the company; the ids revoked, in id order. Run after the user's change, in its
 * transaction.
 */
export async function revokeKeysOfUser(
  db: DbOrTx,
  user: { id: number; companyId: number | null },
  now: Date,
): Promise<number[]> {
  const whose =
    user.companyId === null
      ? eq(apiKeys.createdBy, user.id)
      : or(
          eq(apiKeys.createdBy, user.id),
          and(
            eq(apiKeys.companyId, user.companyId),
            sql`not exists (select 1 from ${users} u where u.company_id = ${user.companyId} and u.role = 'trader' and u.disabled_at is null)`,
          ),
        );
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(isNull(apiKeys.revokedAt), whose))
    .returning({ id: apiKeys.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Records a use of the key, unless one was recorded after `unlessAfter` (one write a minute). */
export async function touchKey(db: DbOrTx, id: number, now: Date, unlessAfter: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, unlessAfter))));
}
