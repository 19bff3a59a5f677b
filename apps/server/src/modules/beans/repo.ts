/**
 * The bean balance behind the ledger (users.beans). The ledger lines themselves are written by
 * the account module's `insertBeanMovement`, the one ledger writer; this file only locks and
 * moves the running balance beside it. Every function takes `DbOrTx`.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * The user's balance, locking the user row until the transaction ends: every movement of one
 * user queues here (the cargo enquiry locks the same row), so the check and the write agree.
 */
export async function lockBalance(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db.select({ beans: users.beans }).from(users).where(eq(users.id, userId)).for('update');
  return row?.beans ?? null;
}

/** Sets the running balance (under the lock of `lockBalance`). */
export async function setBalance(db: DbOrTx, userId: number, beans: number): Promise<void> {
  await db.update(users).set({ beans }).where(eq(users.id, userId));
}

/** The balance without a lock (answers that only read it). */
export async function balanceOf(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db.select({ beans: users.beans }).from(users).where(eq(users.id, userId));
  return row?.beans ?? null;
}
