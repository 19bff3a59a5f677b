/**
 * People, membership and beans: the four demo accounts of DESIGN §8, one trader user per
 * company, the VIP commodities with their prices, the VIP demo user's paid order and active
 * 免豆会员 membership, and a bean-ledger row for every bean balance handed out (the ledger is the
 * history; `users.beans` must always equal its last balance).
 */

import { DAY_MS } from '../dates.ts';
import type { Tx } from '../db/client.ts';
import {
  beanLedger,
  orders,
  payments,
  userMemberships,
  users,
  vipCommodities,
  vipPrices,
} from '../db/schema/index.ts';
import { hashPassword } from '../modules/account/passwords.ts';
import type { Rng } from './random.ts';
import { DEMO_TRADER, type SeededTrader } from './traders.ts';

/** The demo logins, printed by the CLI and used by the end-to-end tests. */
export const DEMO_ACCOUNTS = {
  member: { phone: '13800000001', password: 'steel123', linkMan: '张伟', beans: 20 },
  vip: { phone: '13800000002', password: 'steel123', linkMan: '李娜', beans: 50 },
  trader: { phone: DEMO_TRADER.phone, password: 'steel123', linkMan: DEMO_TRADER.linkMan, beans: 100 },
  admin: { phone: '13800000000', password: 'admin123', linkMan: '系统管理员', beans: 0 },
} as const;

/** The VIP entry (PORTAL §3: the one named 免豆会员 with isVip = 1 makes a user VIP). */
export const VIP_COMMODITIES = [
  {
    name: '免豆会员',
    isVip: 1,
    description: '开通后查看现货联系方式不再消耗钢豆，并享受验货、拼单加工等会员权益。',
    benefits: [
      '显示VIP身份',
      '免费查看现货联系方式',
      '免费仓库验货',
      '免费余料搜索',
      '免费拼单加工',
      '免费订阅行情',
    ],
    /** days -> 元 */
    prices: { 30: 198, 90: 528, 180: 988, 365: 1680 },
  },
  {
    name: '数据会员',
    isVip: 0,
    description: '钢材指数完整历史、库存与成交数据导出。',
    benefits: ['指数完整历史', '数据导出Excel', '价格预警订阅'],
    prices: { 30: 98, 90: 268, 180: 498, 365: 880 },
  },
] as const;

export interface SeededUsers {
  users: number;
  memberships: number;
  ledgerRows: number;
}

/**
 * Inserts the demo accounts, a trader user for every company (no password: they exist so that
 * stock and quotes have an owner), the VIP commodities and the VIP user's membership. Sets
 * `userId` on each trader.
 */
export async function seedUsers(tx: Tx, rng: Rng, traders: SeededTrader[], now: Date): Promise<SeededUsers> {
  const demoCompany = traders.find((t) => t.isDemo);
  if (!demoCompany) throw new Error('the demo trader company is missing');
  const { member, vip, trader, admin } = DEMO_ACCOUNTS;
  const demoRows = [
    { ...account(member), passwordHash: await hashPassword(member.password), role: 'member' as const },
    { ...account(vip), passwordHash: await hashPassword(vip.password), role: 'member' as const },
    {
      ...account(trader),
      passwordHash: await hashPassword(trader.password),
      role: 'trader' as const,
      companyId: demoCompany.companyId,
    },
    { ...account(admin), passwordHash: await hashPassword(admin.password), role: 'admin' as const },
  ];
  const traderRows = traders
    .filter((t) => !t.isDemo)
    .map((t) => ({
      phone: t.contactPhone,
      passwordHash: null,
      linkMan: t.contactName,
      role: 'trader' as const,
      companyId: t.companyId,
      // Active traders have earned beans by publishing.
      beans: t.quotes ? rng.int(1, 30) * 10 : 0,
    }));
  const createdAt = registeredAt(now);
  const inserted = await tx
    .insert(users)
    .values([...demoRows, ...traderRows].map((u) => ({ ...u, createdAt, updatedAt: createdAt })))
    .returning({ id: users.id, phone: users.phone, beans: users.beans });
  const byPhone = new Map(inserted.map((u) => [u.phone, u.id]));
  for (const t of traders) t.userId = byPhone.get(t.contactPhone) as number;

  const ledger = inserted
    .filter((u) => u.beans > 0)
    .map((u) => ({
      userId: u.id,
      delta: u.beans,
      balanceAfter: u.beans,
      reason: 'earned' as const,
      refType: u.phone === member.phone ? 'signup' : 'activity',
      note: u.phone === member.phone ? '注册赠送钢豆' : '发布资源与报价奖励',
      createdAt: new Date(now.getTime() - 7 * DAY_MS),
    }));
  if (ledger.length > 0) await tx.insert(beanLedger).values(ledger);

  const memberships = await seedVip(tx, byPhone.get(vip.phone) as number, now);
  return { users: inserted.length, memberships, ledgerRows: ledger.length };
}

function account(a: { phone: string; linkMan: string; beans: number }) {
  return { phone: a.phone, linkMan: a.linkMan, beans: a.beans };
}

/** Registration time of seeded users: a year before `now`, so their history predates every row. */
function registeredAt(now: Date): Date {
  return new Date(now.getTime() - 365 * DAY_MS);
}

/**
 * The VIP commodities and prices, and the VIP demo user's year of 免豆会员 bought through a
 * paid sandbox order, starting at `now`.
 */
async function seedVip(tx: Tx, vipUserId: number, now: Date): Promise<number> {
  const commodities = await tx
    .insert(vipCommodities)
    .values(
      VIP_COMMODITIES.map((c, i) => ({
        name: c.name,
        isVip: c.isVip,
        description: c.description,
        benefits: [...c.benefits],
        sort: i,
      })),
    )
    .returning({ id: vipCommodities.id, name: vipCommodities.name });
  const idOf = new Map(commodities.map((c) => [c.name, c.id]));
  await tx.insert(vipPrices).values(
    VIP_COMMODITIES.flatMap((c) =>
      Object.entries(c.prices).map(([days, yuan]) => ({
        commodityId: idOf.get(c.name) as number,
        days: Number(days),
        priceFen: yuan * 100,
      })),
    ),
  );

  const vipId = idOf.get('免豆会员') as number;
  const priceFen = VIP_COMMODITIES[0].prices[365] * 100;
  const createdAt = new Date(now.getTime() - 3 * 60_000);
  const paidAt = new Date(now.getTime() - 60_000);
  const expiresAt = new Date(createdAt.getTime() + 30 * 60_000);
  const [order] = await tx
    .insert(orders)
    .values({
      orderNo: `SP${now.toISOString().slice(0, 10).replaceAll('-', '')}000001`,
      userId: vipUserId,
      commodityIds: [vipId],
      days: 365,
      listFen: priceFen,
      amountFen: priceFen,
      state: 'paid',
      paidAt,
      expiresAt,
      createdAt,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('the VIP demo order was not inserted');
  await tx.insert(payments).values({
    orderId: order.id,
    provider: 'sandbox',
    providerRef: `SANDBOX-SEED-${order.id}`,
    amountFen: priceFen,
    state: 'paid',
    notifiedAt: paidAt,
    paidAt,
    expiresAt,
    createdAt,
  });
  await tx.insert(userMemberships).values({
    userId: vipUserId,
    commodityId: vipId,
    startsAt: now,
    expiresAt: new Date(now.getTime() + 365 * DAY_MS),
    sourceOrderId: order.id,
    createdAt: paidAt,
  });
  return 1;
}
