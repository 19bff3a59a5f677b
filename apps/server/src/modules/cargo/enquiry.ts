/**
 * Enquiries and contact unlocks (询价). Enquiring about lots unlocks their suppliers' phones:
 * free for VIP members, BEANS_PER_SUPPLIER 钢豆 per supplier for others, and never charged twice
 * for the same supplier. All of it is one transaction on the caller's user row, so concurrent
 * enquiries can never overdraw the balance (the ledger's CHECK is the last line of defence).
 */
import type { EnquiryResult, EnquiryTotal } from '@steelport/contracts';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { shanghaiMidnight } from '../../dates.ts';
import type { Db } from '../../db/client.ts';
import { beanLedger, companies, contactUnlocks, enquiries, users } from '../../db/schema/index.ts';
import { BusinessError, NeedVip, NotFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { type LotKind, lotTable } from './lots.ts';
import { unlockedCompanies } from './suppliers.ts';

export const BEANS_PER_SUPPLIER = 1;
/** Enquiries a day: generous for a trader, a wall for a scraper holding an account. */
export const DAILY_ENQUIRIES = { member: 100, vip: 500 } as const;

async function enquiriesToday(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(and(eq(enquiries.userId, userId), gte(enquiries.createdAt, shanghaiMidnight())));
  return row?.n ?? 0;
}

/** The lots' suppliers, by lot id. */
async function suppliersOf(db: Db, kind: LotKind, ids: number[]): Promise<Map<number, number>> {
  const t = lotTable(kind);
  const rows = await db.select({ id: t.id, companyId: t.companyId }).from(t).where(inArray(t.id, ids));
  return new Map(rows.map((r) => [r.id, r.companyId]));
}

/** What the caller has done today and which of `ids` are already unlocked. */
export async function enquiryTotal(
  db: Db,
  user: AuthUser,
  kind: LotKind,
  ids: number[],
): Promise<EnquiryTotal> {
  const [todayCount, [me], suppliers] = await Promise.all([
    enquiriesToday(db, user.id),
    db.select({ beans: users.beans }).from(users).where(eq(users.id, user.id)),
    ids.length ? suppliersOf(db, kind, ids) : Promise.resolve(new Map<number, number>()),
  ]);
  const unlocked = await unlockedCompanies(db, user.id, [...suppliers.values()]);
  const dailyLimit = user.isVip ? DAILY_ENQUIRIES.vip : DAILY_ENQUIRIES.member;
  return {
    todayCount,
    dailyLimit,
    remaining: Math.max(0, dailyLimit - todayCount),
    beans: me?.beans ?? 0,
    isVip: user.isVip,
    beansPerSupplier: user.isVip ? 0 : BEANS_PER_SUPPLIER,
    unlockedIds: ids.filter((id) => {
      const companyId = suppliers.get(id);
      return companyId !== undefined && unlocked.has(companyId);
    }),
  };
}

/** Enquires about lots: unlocks their suppliers (paying beans unless VIP) and records each enquiry. */
export async function enquire(
  db: Db,
  user: AuthUser,
  kind: LotKind,
  ids: number[],
  message: string,
): Promise<Omit<EnquiryResult, 'contacts'> & { companyByLot: Map<number, number> }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    // Serialises this user's enquiries: the balance check and the charge see the same row.
    const [me] = await tx
      .select({ beans: users.beans })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!me) throw new NotFound('用户不存在');
    const companyByLot = await suppliersOf(tx as unknown as Db, kind, unique);
    if (companyByLot.size !== unique.length) throw new NotFound('资源不存在或已下架');

    const limit = user.isVip ? DAILY_ENQUIRIES.vip : DAILY_ENQUIRIES.member;
    if ((await enquiriesToday(tx as unknown as Db, user.id)) + unique.length > limit) {
      throw new BusinessError(`今日询价次数已达上限（${limit} 次），请明天再试`);
    }

    const supplierIds = [...new Set(companyByLot.values())];
    const already = await unlockedCompanies(tx as unknown as Db, user.id, supplierIds);
    const toUnlock = supplierIds.filter((id) => !already.has(id));
    const cost = user.isVip ? 0 : toUnlock.length * BEANS_PER_SUPPLIER;
    if (cost > me.beans) {
      throw new NeedVip(
        `钢豆不足：查看 ${toUnlock.length} 家供应商的联系方式需要 ${cost} 个钢豆，当前余额 ${me.beans} 个。开通VIP会员可免费查看`,
      );
    }

    let balance = me.beans;
    if (toUnlock.length) {
      await tx.insert(contactUnlocks).values(
        toUnlock.map((companyId) => ({
          userId: user.id,
          companyId,
          beansSpent: user.isVip ? 0 : BEANS_PER_SUPPLIER,
          viaVip: user.isVip,
        })),
      );
    }
    if (cost > 0) {
      const [after] = await tx
        .update(users)
        .set({ beans: sql`${users.beans} - ${cost}` })
        .where(and(eq(users.id, user.id), gte(users.beans, cost)))
        .returning({ beans: users.beans });
      if (!after) throw new NeedVip('钢豆不足，开通VIP会员可免费查看联系方式');
      balance = after.beans;
      await tx.insert(beanLedger).values({
        userId: user.id,
        delta: -cost,
        balanceAfter: balance,
        reason: 'spent',
        refType: `${kind}_enquiry`,
        refId: unique[0] ?? null,
        note: `查看 ${toUnlock.length} 家供应商联系方式`,
      });
    }
    const charged = new Set(user.isVip ? [] : toUnlock);
    await tx
      .insert(enquiries)
      .values(
        unique.map((id) => {
          const companyId = companyByLot.get(id)!;
          const paid = charged.delete(companyId);
          return {
            userId: user.id,
            companyId,
            kind,
            cargoId: kind === 'cargo' ? id : null,
            surplusId: kind === 'surplus' ? id : null,
            beansSpent: paid ? BEANS_PER_SUPPLIER : 0,
            message,
          };
        }),
      )
      .onConflictDoNothing();
    return { beansSpent: cost, beans: balance, companyByLot };
  });
}

/** Full contact of unlocked suppliers. */
export async function supplierContacts(db: Db, companyIds: number[]) {
  if (companyIds.length === 0) return new Map<number, typeof companies.$inferSelect>();
  const rows = await db.select().from(companies).where(inArray(companies.id, companyIds));
  return new Map(rows.map((r) => [r.id, r]));
}
