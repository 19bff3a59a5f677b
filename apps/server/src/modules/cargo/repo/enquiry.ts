/**
 * Enquiries, contact unlocks and the bean balance they spend. The service runs these inside one
 * transaction (service.ts#enquire); each takes the transaction or the pool.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { beanLedger, contactUnlocks, enquiries, users } from '../../../db/schema/index.ts';
import type { LotKind, LotTable } from './lots.ts';

/** Enquiries the user made since `since`. */
export async function countEnquiriesSince(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(and(eq(enquiries.userId, userId), gte(enquiries.createdAt, since)));
  return row?.n ?? 0;
}

/** The user's bean balance, or null for no such user. */
export async function beanBalance(db: DbOrTx, userId: number): Promise<number | null> {
  const [me] = await db.select({ beans: users.beans }).from(users).where(eq(users.id, userId));
  return me?.beans ?? null;
}

/**
 * The user's bean balance, locking the user row until the transaction ends: concurrent
 * enquiries of one user queue here, so the balance check and the charge see the same row.
 */
export async function lockBeanBalance(db: DbOrTx, userId: number): Promise<number | null> {
  const [me] = await db.select({ beans: users.beans }).from(users).where(eq(users.id, userId)).for('update');
  return me?.beans ?? null;
}

/** The lots' suppliers, by lot id; ids of no lot are left out. */
export async function lotSuppliers(db: DbOrTx, t: LotTable, ids: number[]): Promise<Map<number, number>> {
  const rows = await db.select({ id: t.id, companyId: t.companyId }).from(t).where(inArray(t.id, ids));
  return new Map(rows.map((r) => [r.id, r.companyId]));
}

/** Records unlocked suppliers. */
export async function insertUnlocks(
  db: DbOrTx,
  rows: { userId: number; companyId: number; beansSpent: number; viaVip: boolean }[],
): Promise<void> {
  if (rows.length) await db.insert(contactUnlocks).values(rows);
}

/**
 * Takes `cost` beans if the balance still holds them; the new balance, or null when it does
 * not (the ledger's CHECK is the last line of defence behind this).
 */
export async function spendBeans(db: DbOrTx, userId: number, cost: number): Promise<number | null> {
  const [after] = await db
    .update(users)
    .set({ beans: sql`${users.beans} - ${cost}` })
    .where(and(eq(users.id, userId), gte(users.beans, cost)))
    .returning({ beans: users.beans });
  return after?.beans ?? null;
}

/** One line of the bean ledger: what was spent on which enquiry. */
export async function insertLedgerEntry(
  db: DbOrTx,
  entry: {
    userId: number;
    delta: number;
    balanceAfter: number;
    kind: LotKind;
    refId: number | null;
    note: string;
  },
): Promise<void> {
  await db.insert(beanLedger).values({
    userId: entry.userId,
    delta: entry.delta,
    balanceAfter: entry.balanceAfter,
    reason: 'spent',
    refType: `${entry.kind}_enquiry`,
    refId: entry.refId,
    note: entry.note,
  });
}

/** Records one enquiry per lot; a lot this user enquired about before is kept as it was. */
export async function insertEnquiries(
  db: DbOrTx,
  kind: LotKind,
  rows: { userId: number; lotId: number; companyId: number; beansSpent: number; message: string }[],
): Promise<void> {
  await db
    .insert(enquiries)
    .values(
      rows.map((r) => ({
        userId: r.userId,
        companyId: r.companyId,
        kind,
        cargoId: kind === 'cargo' ? r.lotId : null,
        surplusId: kind === 'surplus' ? r.lotId : null,
        beansSpent: r.beansSpent,
        message: r.message,
      })),
    )
    .onConflictDoNothing();
}
