/**
 * The console's VIP part through the API: prices edited reach the public catalogue at once with
 * one audit row, bad prices are refused; orders are searched; a refund returns the beans the order
 * took off its price, takes back the beans its payment granted (down to a zero balance, the spent
 * rest recorded as owed and shown to the operator), takes exactly the order's days off the
 * membership (the member's own /vipmember data shows it), marks order and payment refunded with
 * one audit row, leaves the dashboard's revenue, and a second refund is code 1.
 */
import { randomBytes } from 'node:crypto';
import { VIP_ENTRY_NAME } from '@steelport/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../dates.ts';
import { auditLog, beanLedger, orders, payments, userMemberships, users } from '../../db/schema/index.ts';
import { sandboxKey, signNotification } from '../../providers/payment/sandbox.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { vipCatalog } from '../../test/vip.ts';
import { moveBeans } from '../beans/service.ts';
import { purchaseReward } from '../vip/pricing.ts';

const t = useTestApp();
// The demo catalogue (seed/users.ts): 免豆会员, 数据会员, 企业会员 (per seat).
const catalogue = vipCatalog();
const { VIP, DATA } = catalogue;
let admin: MadeUser;
let ipSeq = 10;
const newIp = () => `10.9.0.${ipSeq++}`;

beforeAll(async () => {
  admin = await makeUser(t.db, { role: 'admin', linkMan: '值班运营' });
  await catalogue.seed(t.db);
});

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  token: string | null = admin.token,
) {
  return t.app.inject({
    method,
    url,
    headers: token ? { 'x-token': token } : {},
    remoteAddress: newIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const auditRows = (entity: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

/** A paid order of `user` through the real road: savePayment, then the provider's signed notification. */
async function paidOrder(user: MadeUser, commodityIds: number[], day: number, useBeans: boolean) {
  const saved = (
    await call('POST', '/api/web/order/savePayment', { commodityIds, day, useBeans }, user.token)
  ).json();
  expect(saved.code, JSON.stringify(saved)).toBe(0);
  const body = signNotification(sandboxKey(t.config.appSecret), {
    paymentId: saved.data.paymentId,
    providerRef: `SBXTEST${randomBytes(6).toString('hex')}`,
    amountFen: saved.data.amountFen,
    timestamp: Math.floor(Date.now() / 1000),
    nonce: randomBytes(9).toString('base64url'),
  });
  const paid = (await call('POST', '/api/pay/notify/sandbox', body, null)).json();
  expect(paid.code, JSON.stringify(paid)).toBe(0);
  return saved.data as {
    orderId: number;
    orderNo: string;
    paymentId: number;
    beansUsed: number;
    amountFen: number;
  };
}

const vipExpiry = async (token: string) => {
  const mine = (await call('GET', '/api/web/order/myVip', undefined, token)).json().data;
  const entry = mine.entries.find((e: { name: string }) => e.name === VIP_ENTRY_NAME);
  return entry.expireAt ? Date.parse(entry.expireAt) : null;
};

const beansOf = async (userId: number) =>
  (await t.db.select({ beans: users.beans }).from(users).where(eq(users.id, userId)))[0]!.beans;

describe('commodities and prices', () => {
  it('lists every commodity with its prices in 元', async () => {
    const res = (await call('GET', '/api/admin/vip/commodities')).json();
    expect(res.code).toBe(0);
    expect(res.data.days).toEqual([30, 90, 180, 365]);
    expect(res.data.list.map((c: { name: string }) => c.name)).toEqual(['免豆会员', '数据会员', '企业会员']);
    expect(res.data.list[0]).toMatchObject({
      isVip: 1,
      active: true,
      prices: [
        { day: 30, priceYuan: 198 },
        { day: 90, priceYuan: 528 },
        { day: 180, priceYuan: 988 },
        { day: 365, priceYuan: 1680 },
      ],
    });
  });

  it('a price change reaches the public catalogue at once, with one audit row before/after', async () => {
    const current = (await call('GET', '/api/admin/vip/commodities')).json().data.list[1];
    const body = {
      name: '数据会员',
      description: current.description,
      benefits: current.benefits,
      active: true,
      // 90 days at 255.50, 365 days no longer sold.
      prices: [
        { day: 30, priceYuan: 98 },
        { day: 90, priceYuan: 255.5 },
        { day: 180, priceYuan: 498 },
      ],
    };
    const res = (await call('PUT', `/api/admin/vip/commodities/${DATA()}`, body)).json();
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data.prices).toEqual([
      { day: 30, priceYuan: 98 },
      { day: 90, priceYuan: 255.5 },
      { day: 180, priceYuan: 498 },
    ]);
    const info = (await call('GET', '/api/web/2.0/order/getBuyVIPInfo', undefined, null)).json().data;
    const data = info.commodities.find((c: { name: string }) => c.name === '数据会员');
    expect(data.prices.map((p: { day: number; priceFen: number }) => [p.day, p.priceFen])).toEqual([
      [30, 9800],
      [90, 25550],
      [180, 49800],
    ]);
    const quoted = (
      await call('GET', `/api/web/2.0/order/getBuyVIPPrice?day=90&commodity_id=${DATA()}`, undefined, null)
    ).json();
    expect(quoted.data.listFen).toBe(25550);

    const rows = await auditRows('vip_commodity', DATA());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'vip_commodity.update', actorUserId: admin.id });
    expect((rows[0]!.before as { prices: unknown[] }).prices).toHaveLength(4);
    expect(rows[0]!.before).toMatchObject({ prices: expect.arrayContaining([{ day: 90, priceYuan: 268 }]) });
    expect(rows[0]!.after).toMatchObject({
      prices: [
        { day: 30, priceYuan: 98 },
        { day: 90, priceYuan: 255.5 },
        { day: 180, priceYuan: 498 },
      ],
    });

    // Taken off sale: gone from /vipopen; on sale again with one price.
    const off = (
      await call('PUT', `/api/admin/vip/commodities/${DATA()}`, { ...body, active: false, prices: [] })
    ).json();
    expect(off.code).toBe(0);
    const after = (await call('GET', '/api/web/2.0/order/getBuyVIPInfo', undefined, null)).json().data;
    expect(after.commodities.map((c: { name: string }) => c.name)).toEqual(['免豆会员', '企业会员']);
    const on = (await call('PUT', `/api/admin/vip/commodities/${DATA()}`, body)).json();
    expect(on.data).toMatchObject({ active: true });
    expect(await auditRows('vip_commodity', DATA())).toHaveLength(3);
  });

  it('refuses bad prices and names, in Chinese, without an audit row', async () => {
    const base = {
      name: '数据会员',
      description: '',
      benefits: [],
      active: true,
      prices: [{ day: 30, priceYuan: 98 }],
    };
    const put = async (over: object, id = DATA()) =>
      (await call('PUT', `/api/admin/vip/commodities/${id}`, { ...base, ...over })).json();
    const before = (await auditRows('vip_commodity', DATA())).length;

    expect((await put({ prices: [{ day: 30, priceYuan: 0 }] })).code).toBe(2);
    expect((await put({ prices: [{ day: 30, priceYuan: -5 }] })).code).toBe(2);
    expect((await put({ prices: [{ day: 30, priceYuan: 100_000.01 }] })).code).toBe(2);
    expect((await put({ prices: [{ day: 45, priceYuan: 10 }] })).code).toBe(2);
    expect(await put({ prices: [{ day: 30, priceYuan: 19.999 }] })).toMatchObject({
      code: 2,
      message: '参数错误：30 天的价格最多两位小数',
    });
    expect(
      await put({
        prices: [
          { day: 30, priceYuan: 10 },
          { day: 30, priceYuan: 11 },
        ],
      }),
    ).toMatchObject({ code: 2, message: '参数错误：30 天的价格填写了两次' });
    expect(await put({ prices: [] })).toMatchObject({
      code: 1,
      message: '上架的会员商品至少需要一个价格；不再出售请先下架',
    });
    expect(await put({ name: '企业会员' })).toMatchObject({ code: 1, message: '会员商品「企业会员」已存在' });
    expect(await put({ name: '超级会员' }, VIP())).toMatchObject({
      code: 1,
      message: '免豆会员的名称不能修改：门户按这个名称识别 VIP 会员',
    });
    expect((await put({}, 999999)).code).toBe(6);
    expect((await put({ name: '' })).code).toBe(2);
    expect(
      (await call('PUT', `/api/admin/vip/commodities/${DATA()}`, { ...base, prices: 'x' })).json().code,
    ).toBe(2);
    expect(await auditRows('vip_commodity', DATA())).toHaveLength(before);
    expect(await auditRows('vip_commodity', VIP())).toHaveLength(0);
  });

  it('refuses a member and a trader', async () => {
    for (const role of ['member', 'trader'] as const) {
      const user = await makeUser(t.db, { role });
      const res = await call('GET', '/api/admin/vip/orders', undefined, user.token);
      expect(res.json().code).not.toBe(0);
    }
  });
});

describe('orders', () => {
  it('searches by order number and phone, filters by state and day, pages', async () => {
    const buyer = await makeUser(t.db);
    const a = await paidOrder(buyer, [VIP()], 30, false);
    const pending = (
      await call(
        'POST',
        '/api/web/order/savePayment',
        { commodityIds: [DATA()], day: 30, useBeans: false },
        buyer.token,
      )
    ).json().data;

    const byNo = (await call('GET', `/api/admin/vip/orders?keyword=${a.orderNo}`)).json();
    expect(byNo.data.total).toBe(1);
    expect(byNo.data.list[0]).toMatchObject({
      id: a.orderId,
      phone: buyer.phone,
      state: 'paid',
      days: 30,
      amountYuan: 198,
      commodities: [{ id: VIP(), name: '免豆会员' }],
    });
    const byPhone = (await call('GET', `/api/admin/vip/orders?keyword=${buyer.phone}`)).json();
    expect(byPhone.data.list.map((o: { id: number }) => o.id)).toEqual([pending.orderId, a.orderId]);
    const paidOnly = (await call('GET', `/api/admin/vip/orders?keyword=${buyer.phone}&state=paid`)).json();
    expect(paidOnly.data.list.map((o: { id: number }) => o.id)).toEqual([a.orderId]);
    const paged = (
      await call('GET', `/api/admin/vip/orders?keyword=${buyer.phone}&pageSize=1&page=2`)
    ).json();
    expect(paged.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.data.list.map((o: { id: number }) => o.id)).toEqual([a.orderId]);

    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const inDay = (
      await call('GET', `/api/admin/vip/orders?keyword=${buyer.phone}&from=${today}&to=${today}`)
    ).json();
    expect(inDay.data.total).toBe(2);
    const before = (await call('GET', `/api/admin/vip/orders?keyword=${buyer.phone}&to=2020-01-01`)).json();
    expect(before.data.total).toBe(0);
    const reversed = (await call('GET', `/api/admin/vip/orders?from=${today}&to=2020-01-01`)).json();
    expect(reversed).toMatchObject({ code: 2, message: '开始日期不能晚于结束日期' });
    expect((await call('GET', '/api/admin/vip/orders?from=2026-02-30')).json().code).toBe(2);
    expect((await call('GET', '/api/admin/vip/orders?state=lost')).json().code).toBe(2);
    expect((await call('GET', '/api/admin/vip/orders?keyword=%25%25%25')).json().data.total).toBe(0);

    const detail = (await call('GET', `/api/admin/vip/orders/${a.orderId}`)).json();
    expect(detail.data.payments).toEqual([
      expect.objectContaining({ id: a.paymentId, state: 'paid', amountYuan: 198, provider: 'sandbox' }),
    ]);
    expect(detail.data.periods).toHaveLength(1);
    expect(detail.data.refund).toMatchObject({ amountYuan: 198, beans: 0 });
    expect(detail.data.refund.memberships[0]).toMatchObject({ commodityId: VIP(), days: 30 });
    const pendingDetail = (await call('GET', `/api/admin/vip/orders/${pending.orderId}`)).json();
    expect(pendingDetail.data.refund).toBeNull();
    expect((await call('GET', '/api/admin/vip/orders/999999')).json().code).toBe(6);
  });
});

describe('refund', () => {
  it('returns the beans, takes exactly the order’s days off the membership, once, with one audit row', async () => {
    const buyer = await makeUser(t.db, { beans: 1000 });
    // First order uses beans; a second order extends the membership by 90 more days.
    const first = await paidOrder(buyer, [VIP()], 30, true);
    expect(first.beansUsed).toBeGreaterThan(0);
    const second = await paidOrder(buyer, [VIP()], 90, false);
    const expiryBefore = (await vipExpiry(buyer.token))!;
    const beansBefore = await beansOf(buyer.id);
    const dashboardBefore = (await call('GET', '/api/admin/dashboard')).json().data.today;

    // The first payment granted its purchase reward; the balance holds it, so all of it goes back.
    const reward = purchaseReward(first.amountFen);
    expect(reward).toBeGreaterThan(0);
    const preview = (await call('GET', `/api/admin/vip/orders/${first.orderId}`)).json().data.refund;
    expect(preview).toMatchObject({
      beans: first.beansUsed,
      rewardBeans: reward,
      rewardBeansTaken: reward,
      rewardBeansOwed: 0,
    });
    expect(preview.memberships[0]).toMatchObject({ name: '免豆会员', days: 30 });

    const noReason = (
      await call('POST', `/api/admin/vip/orders/${first.orderId}/refund`, { reason: '' })
    ).json();
    expect(noReason.code).toBe(2);
    const res = (
      await call('POST', `/api/admin/vip/orders/${first.orderId}/refund`, { reason: '用户误购，协商退款' })
    ).json();
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data.order).toMatchObject({
      state: 'refunded',
      closedAt: expect.any(String),
      rewardBeansTaken: reward,
      rewardBeansOwed: 0,
    });
    expect(res.data.payments[0]).toMatchObject({ state: 'refunded' });
    expect(res.data.refund).toBeNull();

    // Beans: exactly the beans the order spent come back and its reward goes, one ledger row each.
    expect(await beansOf(buyer.id)).toBe(beansBefore + first.beansUsed - reward);
    const [takeback, line] = await t.db
      .select()
      .from(beanLedger)
      .where(eq(beanLedger.userId, buyer.id))
      .orderBy(desc(beanLedger.id))
      .limit(2);
    expect(line).toMatchObject({
      delta: first.beansUsed,
      balanceAfter: beansBefore + first.beansUsed,
      reason: 'refunded',
      refType: 'vip_order',
      refId: first.orderId,
      actorUserId: admin.id,
    });
    expect(takeback).toMatchObject({
      delta: -reward,
      balanceAfter: beansBefore + first.beansUsed - reward,
      reason: 'adjusted',
      refType: 'vip_order',
      refId: first.orderId,
      actorUserId: admin.id,
      note: `会员订单 ${first.orderNo} 退款，收回赠送钢豆`,
    });

    // Membership: 30 days shorter; the 90 days of the second order stay. The member sees it.
    const expiryAfter = (await vipExpiry(buyer.token))!;
    expect(expiryBefore - expiryAfter).toBe(30 * DAY_MS);
    const periods = await t.db
      .select()
      .from(userMemberships)
      .where(eq(userMemberships.userId, buyer.id))
      .orderBy(userMemberships.id);
    expect(periods.map((p) => p.sourceOrderId)).toEqual([first.orderId, second.orderId]);
    expect(periods[0]!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(periods[1]!.expiresAt.getTime() - periods[1]!.startsAt.getTime()).toBe(90 * DAY_MS);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(order?.state).toBe('refunded');
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, first.paymentId));
    expect(payment?.state).toBe('refunded');

    // One audit row: the order and the membership before and after.
    const rows = await auditRows('order', first.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'order.refund',
      actorUserId: admin.id,
      before: {
        order: expect.objectContaining({ state: 'paid' }),
        memberships: [
          { commodityId: VIP(), name: '免豆会员', expiresAt: new Date(expiryBefore).toISOString() },
        ],
      },
      after: {
        order: expect.objectContaining({ state: 'refunded' }),
        memberships: [
          { commodityId: VIP(), name: '免豆会员', expiresAt: new Date(expiryAfter).toISOString() },
        ],
        refund: expect.objectContaining({
          reason: '用户误购，协商退款',
          beansReturned: first.beansUsed,
          rewardBeans: reward,
          rewardBeansTaken: reward,
          rewardBeansOwed: 0,
          refundRef: expect.stringMatching(/^SBXR/),
        }),
      },
    });

    // The dashboard's revenue no longer counts it.
    const dashboardAfter = (await call('GET', '/api/admin/dashboard')).json().data.today;
    expect(dashboardAfter.payments).toBe(dashboardBefore.payments - 1);
    expect(dashboardAfter.revenueYuan).toBeCloseTo(dashboardBefore.revenueYuan - first.amountFen / 100, 2);

    // A second refund: code 1, nothing changes.
    const again = (
      await call('POST', `/api/admin/vip/orders/${first.orderId}/refund`, { reason: '再退一次' })
    ).json();
    expect(again).toMatchObject({ code: 1, message: '该订单已退款，不能重复退款' });
    expect(await beansOf(buyer.id)).toBe(beansBefore + first.beansUsed - reward);
    expect(await vipExpiry(buyer.token)).toBe(expiryAfter);
    expect(await auditRows('order', first.orderId)).toHaveLength(1);
  });

  it('refunding an order whose period has not begun removes that period; only paid orders refund', async () => {
    const buyer = await makeUser(t.db);
    const first = await paidOrder(buyer, [VIP()], 30, false);
    const second = await paidOrder(buyer, [VIP(), DATA()], 30, false);
    const expiryBefore = (await vipExpiry(buyer.token))!;
    const res = (
      await call('POST', `/api/admin/vip/orders/${second.orderId}/refund`, { reason: '重复下单' })
    ).json();
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data.periods.map((p: { name: string }) => p.name)).toEqual(['数据会员']);
    expect(expiryBefore - (await vipExpiry(buyer.token))!).toBe(30 * DAY_MS);
    const mine = (await call('GET', '/api/web/order/myVip', undefined, buyer.token)).json().data;
    expect(mine.entries.find((e: { name: string }) => e.name === '数据会员')).toMatchObject({
      active: false,
    });
    expect(mine.isVip).toBe(true);
    const periods = await t.db.select().from(userMemberships).where(eq(userMemberships.userId, buyer.id));
    expect(periods.filter((p) => p.sourceOrderId === first.orderId)).toHaveLength(1);
    expect(periods.filter((p) => p.sourceOrderId === second.orderId && p.commodityId === VIP())).toHaveLength(
      0,
    );

    const pending = (
      await call(
        'POST',
        '/api/web/order/savePayment',
        { commodityIds: [VIP()], day: 30, useBeans: false },
        buyer.token,
      )
    ).json().data;
    const unpaid = (
      await call('POST', `/api/admin/vip/orders/${pending.orderId}/refund`, { reason: '未支付' })
    ).json();
    expect(unpaid).toMatchObject({ code: 1, message: '只有已支付的订单可以退款' });
    expect(await auditRows('order', pending.orderId)).toHaveLength(0);
    const missing = (await call('POST', '/api/admin/vip/orders/999999/refund', { reason: '不存在' })).json();
    expect(missing.code).toBe(6);
  });
  it('takes back spent reward beans only down to zero: the rest is owed, in the answer, the list and the audit', async () => {
    // A buyer without beans pays 198 元 and earns its reward, then spends most of it.
    const buyer = await makeUser(t.db, { beans: 0 });
    const paid = await paidOrder(buyer, [VIP()], 30, false);
    const reward = purchaseReward(paid.amountFen);
    expect(await beansOf(buyer.id)).toBe(reward);
    const spent = reward - 48;
    await t.db.transaction((tx) =>
      moveBeans(tx, {
        userId: buyer.id,
        delta: -spent,
        reason: 'spent',
        refType: 'test',
        refId: null,
        note: '查看联系方式',
      }),
    );

    const preview = (await call('GET', `/api/admin/vip/orders/${paid.orderId}`)).json().data.refund;
    expect(preview).toMatchObject({ rewardBeans: reward, rewardBeansTaken: 48, rewardBeansOwed: spent });

    const res = (
      await call('POST', `/api/admin/vip/orders/${paid.orderId}/refund`, { reason: '用户投诉，全额退款' })
    ).json();
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data.order).toMatchObject({ state: 'refunded', rewardBeansTaken: 48, rewardBeansOwed: spent });

    // The balance stops at zero, never below; the ledger says what was taken and what is owed.
    expect(await beansOf(buyer.id)).toBe(0);
    const lines = await t.db
      .select()
      .from(beanLedger)
      .where(and(eq(beanLedger.userId, buyer.id), eq(beanLedger.refId, paid.orderId)))
      .orderBy(beanLedger.id);
    expect(lines.map((l) => [l.reason, l.delta, l.balanceAfter])).toEqual([
      ['earned', reward, reward],
      ['adjusted', -48, 0],
    ]);
    expect(lines[1]!.note).toBe(
      `会员订单 ${paid.orderNo} 退款，收回赠送钢豆（另有 ${spent} 个已使用，记为欠款）`,
    );
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, paid.orderId));
    expect(stored).toMatchObject({ rewardBeansTaken: 48, rewardBeansOwed: spent });

    // The operator sees what is owed in the list and in the order.
    const list = (await call('GET', `/api/admin/vip/orders?keyword=${paid.orderNo}`)).json().data.list;
    expect(list).toEqual([expect.objectContaining({ orderNo: paid.orderNo, rewardBeansOwed: spent })]);
    const detail = (await call('GET', `/api/admin/vip/orders/${paid.orderId}`)).json().data;
    expect(detail).toMatchObject({ order: { rewardBeansOwed: spent }, refund: null });

    // One audit row, with the reward taken and owed.
    const rows = await auditRows('order', paid.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'order.refund',
      before: { order: expect.objectContaining({ rewardBeansTaken: 0, rewardBeansOwed: 0 }) },
      after: {
        order: expect.objectContaining({ rewardBeansTaken: 48, rewardBeansOwed: spent }),
        refund: expect.objectContaining({
          rewardBeans: reward,
          rewardBeansTaken: 48,
          rewardBeansOwed: spent,
        }),
      },
    });
  });

  it('owes the whole reward when the balance is empty, and writes no ledger line for it', async () => {
    const buyer = await makeUser(t.db, { beans: 0 });
    const paid = await paidOrder(buyer, [DATA()], 30, false);
    const reward = purchaseReward(paid.amountFen);
    await t.db.transaction((tx) =>
      moveBeans(tx, {
        userId: buyer.id,
        delta: -reward,
        reason: 'spent',
        refType: 'test',
        refId: null,
        note: '用完',
      }),
    );
    const res = (
      await call('POST', `/api/admin/vip/orders/${paid.orderId}/refund`, { reason: '重复购买，退款' })
    ).json();
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data.order).toMatchObject({ rewardBeansTaken: 0, rewardBeansOwed: reward });
    expect(await beansOf(buyer.id)).toBe(0);
    const lines = await t.db
      .select()
      .from(beanLedger)
      .where(and(eq(beanLedger.userId, buyer.id), eq(beanLedger.refId, paid.orderId)));
    expect(lines.map((l) => l.reason)).toEqual(['earned']);
  });
});

describe('hostile input', () => {
  it('answers the envelope with code 2, never a 5xx', async () => {
    const cases: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
      ['GET', `/api/admin/vip/orders?keyword=${'x'.repeat(5000)}`],
      ['GET', '/api/admin/vip/orders?keyword=%00'],
      ['GET', '/api/admin/vip/orders?from=1e309&to=-1'],
      ['GET', '/api/admin/vip/orders?page=2147483648'],
      ['GET', '/api/admin/vip/orders/2147483648'],
      ['POST', '/api/admin/vip/orders/1/refund', { reason: 'a\ud800b' }],
      ['POST', '/api/admin/vip/orders/1/refund', { reason: ['x'] }],
      [
        'PUT',
        `/api/admin/vip/commodities/${DATA()}`,
        { name: 'x', description: '', benefits: [], active: true, prices: [{ day: 30, priceYuan: 1e308 }] },
      ],
      [
        'PUT',
        `/api/admin/vip/commodities/${DATA()}`,
        {
          name: 'x',
          description: '',
          benefits: Array.from({ length: 500 }, () => 'b'),
          active: true,
          prices: [],
        },
      ],
      [
        'PUT',
        `/api/admin/vip/commodities/${DATA()}`,
        { name: 'x', description: '', benefits: [], active: true, prices: [{ day: 30, priceYuan: 'NaN' }] },
      ],
    ];
    for (const [method, url, body] of cases) {
      const res = await call(method, url, body);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().code, url).toBe(2);
    }
  });
});
