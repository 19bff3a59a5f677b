/**
 * People, membership and beans: the four demo accounts (docs/domain.md#demo-data), one trader
 * user per company, the VIP commodities with their prices, the VIP demo user's paid order and
 * active 免豆会员 membership, and a bean-ledger row for every bean balance handed out (the ledger
 * is the history; `users.beans` must always equal its last balance).
 */

import { FEN_PER_BEAN } from '@steelport/contracts';
import { DAY_MS } from '../dates.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
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

/**
 * The catalogue. The VIP entry (the one named 免豆会员 with isVip = 1 makes a user VIP;
 * docs/portal.md#access) and 数据会员 open data (full index history, exports). 企业会员 is sold
 * per seat: the buyer holds one seat and gives the others to colleagues (modules/seats); holders
 * see suppliers' phones without beans (`freeUnlocks`, like 免豆会员).
 */
export const VIP_COMMODITIES = [
  {
    name: '免豆会员',
    nameEn: 'Bean-free membership',
    isVip: 1,
    description: '开通后查看现货联系方式不再消耗钢豆，并享受验货、拼单加工等会员权益。',
    descriptionEn:
      'View the contacts of spot stock without spending steel beans, with member benefits such as warehouse inspection and shared processing.',
    benefits: [
      '显示VIP身份',
      '免费查看现货联系方式',
      '指数完整历史与数据导出',
      '免费仓库验货',
      '免费余料搜索',
      '免费拼单加工',
      '免费订阅行情',
    ],
    benefitsEn: [
      'VIP badge',
      'Spot-stock contacts free of charge',
      'Full index history and data export',
      'Free warehouse inspection',
      'Free surplus search',
      'Free shared processing',
      'Free market subscriptions',
    ],
    perSeat: false,
    dataAccess: true,
    freeUnlocks: true,
    active: true,
    /** days -> 元; longer is cheaper per day */
    prices: { 30: 198, 90: 528, 180: 988, 365: 1680 },
  },
  {
    name: '数据会员',
    nameEn: 'Data membership',
    isVip: 0,
    description: '钢材指数完整历史、库存与成交数据导出。',
    descriptionEn: 'The full history of the steel indexes, and exports of stock and trade data.',
    benefits: ['指数完整历史', '数据导出Excel'],
    benefitsEn: ['Full index history', 'Data export to Excel'],
    perSeat: false,
    dataAccess: true,
    freeUnlocks: false,
    active: true,
    prices: { 30: 98, 90: 268, 180: 498, 365: 880 },
  },
  {
    name: '企业会员',
    nameEn: 'Company membership',
    isVip: 0,
    description: '按席位购买，供企业多位业务员共同使用，含企业认证标识与专属客服。',
    descriptionEn:
      'Bought per seat for several salespeople of one company, with the verified-company badge and a dedicated customer service.',
    benefits: [
      '按席位开通，席位可分配给同事',
      '席位持有人免费查看现货联系方式',
      '企业认证标识',
      '专属客服',
      '优先展示企业资源',
    ],
    benefitsEn: [
      'Bought per seat; seats can be assigned to colleagues',
      'Seat holders see spot-stock contacts free of charge',
      'Verified-company badge',
      'Dedicated customer service',
      'Company resources listed first',
    ],
    perSeat: true,
    dataAccess: false,
    freeUnlocks: true,
    active: true,
    /** per seat */
    prices: { 30: 158, 90: 428, 180: 798, 365: 1388 },
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
  const history = await seedOrderHistory(
    tx,
    { member: byPhone.get(member.phone) as number, trader: byPhone.get(trader.phone) as number },
    now,
  );
  return {
    users: inserted.length,
    memberships: memberships + history.memberships,
    ledgerRows: ledger.length + history.ledgerRows,
  };
}

function account(a: { phone: string; linkMan: string; beans: number }) {
  return { phone: a.phone, linkMan: a.linkMan, beans: a.beans };
}

/** Registration time of seeded users: a year before `now`, so their history predates every row. */
function registeredAt(now: Date): Date {
  return new Date(now.getTime() - 365 * DAY_MS);
}

/**
 * The VIP commodities (VIP_COMMODITIES) and their prices; their ids by name. `allOnSale` puts the
 * ones the demo keeps off sale (企业会员) on sale too, for tests of seat pricing.
 */
export async function seedVipCatalog(
  db: DbOrTx,
  opts: { allOnSale?: boolean } = {},
): Promise<Map<string, number>> {
  const commodities = await db
    .insert(vipCommodities)
    .values(
      VIP_COMMODITIES.map((c, i) => ({
        name: c.name,
        nameEn: c.nameEn,
        isVip: c.isVip,
        description: c.description,
        descriptionEn: c.descriptionEn,
        benefits: [...c.benefits],
        benefitsEn: [...c.benefitsEn],
        perSeat: c.perSeat,
        dataAccess: c.dataAccess,
        freeUnlocks: c.freeUnlocks,
        active: opts.allOnSale ? true : c.active,
        sort: i,
      })),
    )
    .returning({ id: vipCommodities.id, name: vipCommodities.name });
  const idOf = new Map(commodities.map((c) => [c.name, c.id]));
  await db.insert(vipPrices).values(
    VIP_COMMODITIES.flatMap((c) =>
      Object.entries(c.prices).map(([days, yuan]) => ({
        commodityId: idOf.get(c.name) as number,
        days: Number(days),
        priceFen: yuan * 100,
      })),
    ),
  );
  return idOf;
}

/**
 * The VIP commodities and prices, and the VIP demo user's year of 免豆会员 bought through a
 * paid sandbox order, starting at `now`.
 */
async function seedVip(tx: Tx, vipUserId: number, now: Date): Promise<number> {
  const idOf = await seedVipCatalog(tx);

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

/**
 * Order history of the other demo users, so /vipmember has something to show: the member's
 * 数据会员 month bought two months ago (expired now) and a 免豆会员 order that used the member's
 * beans and closed unpaid (held, then returned: the ledger shows both and the balance is
 * unchanged); the trader's closed 企业会员 order for three seats. Order numbers follow the
 * server's SP + date + digits.
 */
async function seedOrderHistory(
  tx: Tx,
  ids: { member: number; trader: number },
  now: Date,
): Promise<{ memberships: number; ledgerRows: number }> {
  const commodities = await tx
    .select({ id: vipCommodities.id, name: vipCommodities.name })
    .from(vipCommodities);
  const idOf = new Map(commodities.map((c) => [c.name, c.id]));
  const [vipEntry, data, company] = VIP_COMMODITIES;
  const at = (daysAgo: number, minutes = 0) => new Date(now.getTime() - daysAgo * DAY_MS + minutes * 60_000);
  const orderNo = (when: Date, n: number) =>
    `SP${when.toISOString().slice(0, 10).replaceAll('-', '')}${String(n).padStart(6, '0')}`;
  const payWindow = 15;

  // The member's paid month of 数据会员, 60 days ago.
  const paidAt = at(60, 2);
  const dataFen = data.prices[30] * 100;
  const [paid] = await tx
    .insert(orders)
    .values({
      orderNo: orderNo(at(60), 2),
      userId: ids.member,
      commodityIds: [idOf.get(data.name) as number],
      days: 30,
      listFen: dataFen,
      amountFen: dataFen,
      state: 'paid',
      paidAt,
      expiresAt: at(60, payWindow),
      createdAt: at(60),
    })
    .returning({ id: orders.id });
  if (!paid) throw new Error('the member demo order was not inserted');
  await tx.insert(payments).values({
    orderId: paid.id,
    provider: 'sandbox',
    providerRef: `SANDBOX-SEED-${paid.id}`,
    amountFen: dataFen,
    state: 'paid',
    notifiedAt: paidAt,
    paidAt,
    expiresAt: at(60, payWindow),
    createdAt: at(60),
  });
  await tx.insert(userMemberships).values({
    userId: ids.member,
    commodityId: idOf.get(data.name) as number,
    startsAt: paidAt,
    expiresAt: new Date(paidAt.getTime() + 30 * DAY_MS),
    sourceOrderId: paid.id,
    createdAt: paidAt,
  });

  // The member's 免豆会员 order, 3 days ago, with all of the member's beans held, closed unpaid.
  const beans = DEMO_ACCOUNTS.member.beans;
  const vipFen = vipEntry.prices[30] * 100;
  const deductionFen = beans * FEN_PER_BEAN;
  const closedAt = at(3, payWindow);
  const [closed] = await tx
    .insert(orders)
    .values({
      orderNo: orderNo(at(3), 3),
      userId: ids.member,
      commodityIds: [idOf.get(vipEntry.name) as number],
      days: 30,
      listFen: vipFen,
      beansUsed: beans,
      deductionFen,
      amountFen: vipFen - deductionFen,
      state: 'closed',
      closedAt,
      expiresAt: closedAt,
      createdAt: at(3),
    })
    .returning({ id: orders.id });
  if (!closed) throw new Error('the closed demo order was not inserted');
  await tx.insert(payments).values({
    orderId: closed.id,
    provider: 'sandbox',
    amountFen: vipFen - deductionFen,
    state: 'closed',
    expiresAt: closedAt,
    createdAt: at(3),
  });
  await tx.insert(beanLedger).values([
    {
      userId: ids.member,
      delta: -beans,
      balanceAfter: 0,
      reason: 'held',
      refType: 'vip_order',
      refId: closed.id,
      note: `会员订单 ${orderNo(at(3), 3)} 钢豆抵扣`,
      createdAt: at(3),
    },
    {
      userId: ids.member,
      delta: beans,
      balanceAfter: beans,
      reason: 'refunded',
      refType: 'vip_order',
      refId: closed.id,
      note: `会员订单 ${orderNo(at(3), 3)} 未支付关闭，退还抵扣钢豆`,
      createdAt: closedAt,
    },
  ]);

  // The trader's 企业会员 order for three seats, 10 days ago, closed unpaid.
  const seats = 3;
  const companyFen = company.prices[90] * 100 * seats;
  const [traderOrder] = await tx
    .insert(orders)
    .values({
      orderNo: orderNo(at(10), 4),
      userId: ids.trader,
      commodityIds: [idOf.get(company.name) as number],
      days: 90,
      quantity: seats,
      listFen: companyFen,
      amountFen: companyFen,
      state: 'closed',
      closedAt: at(10, payWindow),
      expiresAt: at(10, payWindow),
      createdAt: at(10),
    })
    .returning({ id: orders.id });
  if (!traderOrder) throw new Error('the trader demo order was not inserted');
  await tx.insert(payments).values({
    orderId: traderOrder.id,
    provider: 'sandbox',
    amountFen: companyFen,
    state: 'closed',
    expiresAt: at(10, payWindow),
    createdAt: at(10),
  });
  return { memberships: 1, ledgerRows: 2 };
}
