/**
 * Factories for API tests: real rows with just enough fields, and real sessions. Each call
 * makes unique phones and names so tests in one file never collide.
 */
import { VIP_ENTRY_NAME } from '@steelport/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { companies, userMemberships, users, vipCommodities } from '../db/schema/index.ts';
import { createSession } from '../modules/account/sessions.ts';

let sequence = 0;
const next = () => ++sequence;

export interface MadeUser {
  id: number;
  phone: string;
  linkMan: string;
  companyId: number | null;
  /** a valid session token for this user */
  token: string;
}

/** Makes a trader company. */
export async function makeCompany(db: DbOrTx, name?: string) {
  const n = next();
  const [row] = await db
    .insert(companies)
    .values({
      name: name ?? `测试钢铁贸易有限公司${n}`,
      shortName: `测试钢贸${n}`,
      city: '上海',
      contactName: `联系人${n}`,
      contactPhone: `1390000${String(n).padStart(4, '0')}`,
    })
    .returning();
  return row!;
}

/** Makes a user with a live session; `vip` grants an active 免豆会员 membership. */
export async function makeUser(
  db: DbOrTx,
  opts: { role?: 'member' | 'trader' | 'admin'; beans?: number; vip?: boolean; linkMan?: string } = {},
): Promise<MadeUser> {
  const n = next();
  const role = opts.role ?? 'member';
  const company = role === 'trader' ? await makeCompany(db) : null;
  const phone = `1370000${String(n).padStart(4, '0')}`;
  const linkMan = opts.linkMan ?? `测试用户${n}`;
  const [user] = await db
    .insert(users)
    .values({ phone, linkMan, role, companyId: company?.id ?? null, beans: opts.beans ?? 0 })
    .returning();
  if (opts.vip) {
    const commodityId = await vipCommodityId(db);
    await db.insert(userMemberships).values({
      userId: user!.id,
      commodityId,
      startsAt: new Date(Date.now() - 86400_000),
      expiresAt: new Date(Date.now() + 30 * 86400_000),
    });
  }
  const token = await createSession(db, { userId: user!.id });
  return { id: user!.id, phone, linkMan, companyId: company?.id ?? null, token };
}

/** The 免豆会员 commodity, created on first use. */
export async function vipCommodityId(db: DbOrTx): Promise<number> {
  const found = await db
    .select({ id: vipCommodities.id })
    .from(vipCommodities)
    .where(eq(vipCommodities.name, VIP_ENTRY_NAME));
  if (found[0]) return found[0].id;
  const [row] = await db
    .insert(vipCommodities)
    .values({
      name: VIP_ENTRY_NAME,
      isVip: 1,
      dataAccess: true,
      freeUnlocks: true,
      description: '查看联系方式免钢豆',
    })
    .returning({ id: vipCommodities.id });
  return row!.id;
}
