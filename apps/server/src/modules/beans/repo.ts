/**
 * The bean ledger (bean_ledger) and the balance beside it (users.beans): this module is their one
 * writer (`service.ts#moveBeans`), so the balance always equals the sum of the ledger. Every
 * function takes `DbOrTx`.
 */
import { count, desc, eq } from 'drizzle-orm';
import { type DbOrTx, inSequence } from '../../db/client.ts';
import { beanLedger, users } from '../../db/schema/index.ts';
import type { BeanReason } from '../../db/schema/vip.ts';

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

/**
 * Writes one bean movement (the ledger is the history; users.beans its running sum); the reason
 * defaults to `earned`. False when a once-only movement (db/schema/vip.ts `bean_ledger_once_uq`:
 * a day's sign-in, an order's hold, refund or reward) is already there: the caller then leaves
 * the balance alone.
 */
export async function insertBeanMovement(
  db: DbOrTx,
  input: {
    userId: number;
    delta: number;
    balanceAfter: number;
    refType: string;
    refId?: number | null;
    note: string;
    reason?: BeanReason;
    /** the operator of an adjustment */
    actorUserId?: number | null;
  },
): Promise<boolean> {
  const rows = await db
    .insert(beanLedger)
    .values({ ...input, reason: input.reason ?? 'earned' })
    .onConflictDoNothing()
    .returning({ id: beanLedger.id });
  return rows.length > 0;
}

/**
 * One page of a user's bean ledger, newest first (the ledger's (user, created) index walks it),
 * with the user's number of movements.
 */
export async function beanMovementsPage(db: DbOrTx, userId: number, page: number, pageSize: number) {
  const mine = eq(beanLedger.userId, userId);
  const [list, [total]] = await inSequence([
    db
      .select({
        id: beanLedger.id,
        delta: beanLedger.delta,
        balanceAfter: beanLedger.balanceAfter,
        reason: beanLedger.reason,
        refType: beanLedger.refType,
        note: beanLedger.note,
        createdAt: beanLedger.createdAt,
      })
      .from(beanLedger)
      .where(mine)
      .orderBy(desc(beanLedger.createdAt), desc(beanLedger.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(beanLedger).where(mine),
  ]);
  return { list, total: total?.n ?? 0 };
}
export type BeanMovementRow = Awaited<ReturnType<typeof beanMovementsPage>>['list'][number];
