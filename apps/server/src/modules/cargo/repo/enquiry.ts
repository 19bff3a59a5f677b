/**
 * Enquiries and contact unlocks (beans move through beans/service). The service runs these inside one
 * transaction (service.ts#enquire); each takes the transaction or the pool. Cargo owns enquiries:
 * the trader's answer is written here too (service.ts#markEnquiryAnswered).
 */
import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { contactUnlocks, enquiries } from '../../../db/schema/index.ts';
import type { LotKind, LotTable } from '../../search/sql.ts';

/** Enquiries the user made since `since`. */
export async function countEnquiriesSince(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(and(eq(enquiries.userId, userId), gte(enquiries.createdAt, since)));
  return row?.n ?? 0;
}

/** The lots' suppliers, by lot id; ids of no lot (or of a deleted one) are left out. */
export async function lotSuppliers(db: DbOrTx, t: LotTable, ids: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: t.id, companyId: t.companyId })
    .from(t)
    .where(and(inArray(t.id, ids), ne(t.status, 'deleted')));
  return new Map(rows.map((r) => [r.id, r.companyId]));
}

/** Records unlocked suppliers. */
export async function insertUnlocks(
  db: DbOrTx,
  rows: { userId: number; companyId: number; beansSpent: number; viaVip: boolean }[],
): Promise<void> {
  if (rows.length) await db.insert(contactUnlocks).values(rows);
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

/**
 * Marks one of the company's enquiries answered (the first answer's time is kept), locking it
 * first. Returns null when it is not the company's, else whether this call answered it first.
 */
export async function markAnswered(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<{ first: boolean } | null> {
  const theirs = () => and(eq(enquiries.companyId, companyId), eq(enquiries.id, id));
  const [before] = await db
    .select({ answeredAt: enquiries.answeredAt })
    .from(enquiries)
    .where(theirs())
    .for('update');
  if (!before) return null;
  if (before.answeredAt) return { first: false };
  await db.update(enquiries).set({ answeredAt: sql`now()` }).where(theirs());
  return { first: true };
}
