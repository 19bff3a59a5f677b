/**
 * VIP membership bought by QR code, through the API: prices, the beans deduction and its cap,
 * orders with held beans, the payment QR and mobile pay page, signed notifications (forged ones
 * change nothing; 50 concurrent duplicates extend once), the closing of unpaid payments, the
 * owner-only rule, myInfo's badge, the ledger invariant and the free unlock a VIP gets.
 */
import { randomBytes } from 'node:crypto';
import { BEANS_PER_SUPPLIER, type PayNotifyBody, VIP_ENTRY_NAME } from '@steelport/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../dates.ts';
import { beanLedger, orders, payments, userMemberships, users } from '../../db/schema/index.ts';
import { startPaymentCloser } from '../../jobs/scheduler.ts';
import { sandboxKey, signNotification } from '../../providers/payment/sandbox.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { makeCatalog, makeLot, type TestCatalog } from '../../test/lots.ts';
import { vipCatalog } from '../../test/vip.ts';
import { findSessionUser } from '../account/sessions.ts';
import { earnForActivity } from '../beans/service.ts';
import { setOpen } from '../open-check/repo.ts';
import { historyWindow } from '../steel-index/history.ts';
import { closeExpiredPayments } from './service.ts';

const t = useTestApp();
// The demo catalogue (seed/users.ts): 免豆会员, 数据会员, 企业会员 (per seat).
const vipCatalogue = vipCatalog();
const { VIP, DATA, COMPANY } = vipCatalogue;
let catalog: TestCatalog;

beforeAll(async () => {
  catalog = await makeCatalog(t.db);
  await vipCatalogue.seed(t.db);
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { 'x-token': token } : {} });
const post = (url: string, token: string | null, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: token ? { 'x-token': token } : {},
    ...(payload ? { payload } : {}),
  });

const save = (token: string, body: object, count?: number) =>
  post(`/api/web/order/savePayment${count ? `?count=${count}` : ''}`, token, body);

async function order(user: MadeUser, body: { commodityIds: number[]; day: number; useBeans: boolean }) {
  const res = await save(user.token, body);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data as { paymentId: number; orderId: number; amountFen: number; beansUsed: number };
}

const beansOf = async (userId: number) =>
  (await t.db.select({ beans: users.beans }).from(users).where(eq(users.id, userId)))[0]!.beans;

const ledgerOf = (userId: number) =>
  t.db.select().from(beanLedger).where(eq(beanLedger.userId, userId)).orderBy(beanLedger.id);

const membershipsOf = (userId: number) =>
  t.db.select().from(userMemberships).where(eq(userMemberships.userId, userId)).orderBy(userMemberships.id);

const key = () => sandboxKey(t.config.appSecret);
const notification = (over: Partial<PayNotifyBody> & { paymentId: number; amountFen: number }) =>
  signNotification(key(), {
    providerRef: `SBXTEST${randomBytes(6).toString('hex')}`,
    timestamp: Math.floor(Date.now() / 1000),
    nonce: randomBytes(9).toString('base64url'),
    ...over,
  });
const notify = (body: PayNotifyBody) => post('/api/pay/notify/sandbox', null, body);

const vipEntry = async (token: string) => {
  const info = (await get('/api/web/user/myInfo', token)).json().data;
  return info.userNewVipVo.find((e: { name: string }) => e.name === VIP_ENTRY_NAME);
};

describe('commodities and prices', () => {
  it('lists the commodities for a visitor, 免豆会员 first, longer durations cheaper per day', async () => {
    const res = await get('/api/web/2.0/order/getBuyVIPInfo');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.commodities.map((c: { name: string }) => c.name)).toEqual([
      '免豆会员',
      '数据会员',
      '企业会员',
    ]);
    expect(data.commodities[0]).toMatchObject({ isVip: 1, perSeat: false });
    expect(data.commodities[2]).toMatchObject({ isVip: 0, perSeat: true });
    expect(data.days).toEqual([30, 90, 180, 365]);
    expect(data.beans).toEqual({ fenPerBean: 10, capPercent: 20, balance: 0, useBeans: false });
    expect(data.payTimeoutSeconds).toBe(900);
    for (const c of data.commodities) {
      const perDay = c.prices.map((p: { perDayFen: number }) => p.perDayFen);
      for (let i = 1; i < perDay.length; i++) expect(perDay[i]).toBeLessThan(perDay[i - 1]);
      for (const p of c.prices) expect(Number.isInteger(p.priceFen)).toBe(true);
      expect(c.prices[0].saveFen).toBe(0);
      expect(c.prices.at(-1).saveFen).toBeGreaterThan(0);
    }
    expect(data.commodities[0].prices[0]).toEqual({ day: 30, priceFen: 19800, perDayFen: 660, saveFen: 0 });
  });

  it('carries the English name, description and benefits beside the Chinese ones (issue 31)', async () => {
    const { commodities } = (await get('/api/web/2.0/order/getBuyVIPInfo')).json().data;
    expect(commodities.map((c: { nameEn: string }) => c.nameEn)).toEqual([
      'Bean-free membership',
      'Data membership',
      'Company membership',
    ]);
    for (const c of commodities) {
      expect(c.descriptionEn, c.name).toMatch(/^[\x20-\x7e]+$/);
      expect(c.benefitsEn, c.name).toHaveLength(c.benefits.length);
    }
    const member = await makeUser(t.db);
    const { entries } = (await get('/api/web/order/myVip', member.token)).json().data;
    expect(entries[1]).toMatchObject({
      name: '数据会员',
      nameEn: 'Data membership',
      benefitsEn: ['Full index history', 'Data export to Excel'],
    });
  });

  it('gives a member the same with the balance, with and without beans', async () => {
    const member = await makeUser(t.db, { beans: 37 });
    const withBeans = (await get('/api/web/order/getBuyVIPInfoWithIntegral', member.token)).json().data;
    const without = (await get('/api/web/2.0/order/getBuyVIPInfoDisIntegral', member.token)).json().data;
    expect(withBeans.beans).toMatchObject({ balance: 37, useBeans: true });
    expect(without.beans).toMatchObject({ balance: 37, useBeans: false });
    expect((await get('/api/web/order/getBuyVIPInfoWithIntegral')).json().code).toBe(4);
  });

  it('prices repeated commodity ids on the server, seats only for the per-seat one', async () => {
    const url = `/api/web/2.0/order/getBuyVIPPrice?day=90&commodity_id=${VIP()}&commodity_id=${COMPANY()}&commodity_id=${VIP()}&count=3`;
    const data = (await get(url)).json().data;
    expect(data.items).toEqual([
      expect.objectContaining({ commodityId: VIP(), count: 1, unitPriceFen: 52800, subtotalFen: 52800 }),
      expect.objectContaining({ commodityId: COMPANY(), count: 3, unitPriceFen: 42800, subtotalFen: 128400 }),
    ]);
    expect(data).toMatchObject({ day: 90, count: 3, listFen: 181200, perDayFen: 2013 });
    const one = (await get(`/api/web/2.0/order/getBuyVIPPrice?day=30&commodity_id=${DATA()}`)).json();
    expect(one.data.listFen).toBe(9800);
  });

  it('refuses a duration that is not sold and an unknown commodity', async () => {
    const bad = (await get(`/api/web/2.0/order/getBuyVIPPrice?day=45&commodity_id=${VIP()}`)).json();
    expect(bad).toMatchObject({ code: 1, message: '免豆会员不支持 45 天，可选时长：30、90、180、365 天' });
    const unknown = (await get('/api/web/2.0/order/getBuyVIPPrice?day=30&commodity_id=999999')).json();
    expect(unknown).toMatchObject({ code: 1, message: '所选会员不存在或已下架' });
  });
});

describe('beans deduction', () => {
  it('caps the deduction at 20% of the price and says how many beans it needs', async () => {
    const rich = await makeUser(t.db, { beans: 5000 });
    const res = await get(`/api/web/order/checkDerateCount?days=30&count=1&ids=${VIP()}`, rich.token);
    expect(res.json().data).toEqual({
      listFen: 19800,
      maxDeductionFen: 3960,
      beansNeeded: 396,
      balance: 5000,
      beansUsed: 396,
      deductionFen: 3960,
      amountFen: 15840,
      enough: true,
      fenPerBean: 10,
      capPercent: 20,
    });
  });

  it('uses what a short balance has', async () => {
    const poor = await makeUser(t.db, { beans: 25 });
    const data = (
      await get(`/api/web/order/checkDerateCount?days=30&ids=${VIP()}&ids=${DATA()}`, poor.token)
    ).json().data;
    expect(data).toMatchObject({
      listFen: 29600,
      beansNeeded: 592,
      beansUsed: 25,
      deductionFen: 250,
      amountFen: 29350,
      enough: false,
    });
  });

  it('refuses an order that asks for beans when there are none, and creates nothing', async () => {
    const broke = await makeUser(t.db, { beans: 0 });
    const res = await save(broke.token, { commodityIds: [VIP()], day: 30, useBeans: true });
    expect(res.json()).toMatchObject({ code: 1, message: expect.stringContaining('钢豆不足') });
    expect(await t.db.$count(orders, eq(orders.userId, broke.id))).toBe(0);
    const ok = await save(broke.token, { commodityIds: [VIP()], day: 30, useBeans: false });
    expect(ok.json().data).toMatchObject({ amountFen: 19800, beansUsed: 0 });
  });

  it('takes no order while operators keep 在线支付 closed (issue 35)', async () => {
    const buyer = await makeUser(t.db);
    await setOpen(t.db, 'payment', false);
    try {
      const res = await save(buyer.token, { commodityIds: [VIP()], day: 30, useBeans: false });
      expect(res.json()).toMatchObject({ code: 1, message: '在线支付服务即将开放，敬请期待' });
    } finally {
      await setOpen(t.db, 'payment', true);
    }
    expect(await t.db.$count(orders, eq(orders.userId, buyer.id))).toBe(0);
  });
});

describe('orders', () => {
  it('creates an order and a pending payment priced on the server, holding the beans used', async () => {
    const member = await makeUser(t.db, { beans: 100 });
    await t.db.insert(beanLedger).values({
      userId: member.id,
      delta: 100,
      balanceAfter: 100,
      reason: 'earned',
      refType: 'signup',
      note: '注册赠送钢豆',
    });
    const res = await save(
      member.token,
      { commodityIds: [VIP()], day: 30, useBeans: true, priceFen: 1, amountFen: 1, listFen: 1 },
      1,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      state: 'pending',
      listFen: 19800,
      beansUsed: 100,
      deductionFen: 1000,
      amountFen: 18800,
      rewardBeans: 188,
      expiresInSeconds: 900,
      orderNo: expect.stringMatching(/^SP\d{18}$/),
    });
    const [pay] = await t.db.select().from(payments).where(eq(payments.id, data.paymentId));
    expect(pay).toMatchObject({ state: 'pending', amountFen: 18800, provider: 'sandbox' });
    expect(pay!.expiresAt.getTime() - pay!.createdAt.getTime()).toBe(15 * MINUTE_MS);
    expect(await beansOf(member.id)).toBe(0);
    const held = (await ledgerOf(member.id)).at(-1);
    expect(held).toMatchObject({
      delta: -100,
      balanceAfter: 0,
      reason: 'held',
      refType: 'vip_order',
      refId: data.orderId,
    });
    const history = (await get('/api/web/user/beans', member.token)).json().data.list[0];
    expect(history).toMatchObject({ reason: 'held', reasonLabel: '抵扣', delta: -100 });
  });

  it('asks a visitor to log in and bounds the input', async () => {
    expect(
      (await post('/api/web/order/savePayment', null, { commodityIds: [1], day: 30, useBeans: false })).json()
        .code,
    ).toBe(4);
    const member = await makeUser(t.db);
    const tooMany = await save(member.token, {
      commodityIds: Array.from({ length: 11 }, (_, i) => i + 1),
      day: 30,
      useBeans: false,
    });
    expect(tooMany.statusCode).toBe(400);
    const seats = await save(member.token, { commodityIds: [COMPANY()], day: 30, useBeans: false }, 51);
    expect(seats.statusCode).toBe(400);
  });
});

describe('paying by QR', () => {
  it('makes a real QR of the mobile pay page, and confirming there pays and turns the badge on', async () => {
    const buyer = await makeUser(t.db, { beans: 0 });
    expect((await vipEntry(buyer.token)).isVip).toBe(0);
    const { paymentId } = await order(buyer, { commodityIds: [VIP()], day: 30, useBeans: false });

    const qr = await post(`/api/uaa/login/wechatXcxTempQrPayCreate?paymentId=${paymentId}`, buyer.token);
    expect(qr.statusCode).toBe(200);
    expect(qr.json().data).toMatchObject({
      paymentId,
      qrImage: expect.stringMatching(/^data:image\/png;base64,/),
      qrUrl: `${t.config.publicUrl}/m/pay/${paymentId}`,
      amountFen: 19800,
    });
    expect(qr.json().data.expiresInSeconds).toBeGreaterThan(890);

    const page = (await get(`/api/web/order/payDetail?paymentId=${paymentId}`, buyer.token)).json().data;
    expect(page).toMatchObject({
      state: 'pending',
      amountFen: 19800,
      items: [{ name: '免豆会员', day: 30, count: 1 }],
    });

    const before = Date.now();
    const confirmed = await post('/api/web/order/payConfirm', buyer.token, { paymentId });
    expect(confirmed.json()).toEqual({ code: 0, message: 'ok', data: { state: 'paid' } });

    const result = (await get(`/api/web/order/getPaymentResult?paymentId=${paymentId}`, buyer.token)).json()
      .data;
    expect(result.state).toBe('paid');
    expect(result.userNewVipVo.find((e: { name: string }) => e.name === VIP_ENTRY_NAME).isVip).toBe(1);
    expect(result.extended).toHaveLength(1);
    const start = new Date(result.extended[0].startsAt).getTime();
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(result.extended[0].expiresAt).getTime() - start).toBe(30 * DAY_MS);
    expect(result.beans).toBe(198);
    const posted = (await post('/api/web/order/getPaymentResult', buyer.token, { paymentId })).json().data;
    expect(posted.state).toBe('paid');
    // The query form as a POST, as a client reading the OpenAPI document sends it: no body.
    const queried = await post(`/api/web/order/getPaymentResult?paymentId=${paymentId}`, buyer.token);
    expect(queried.json()).toMatchObject({ code: 0, data: { state: 'paid' } });

    const entry = await vipEntry(buyer.token);
    expect(entry.isVip).toBe(1);
    expect(new Date(entry.expireAt).getTime()).toBe(new Date(result.extended[0].expiresAt).getTime());
    const reward = (await ledgerOf(buyer.id)).at(-1);
    expect(reward).toMatchObject({ delta: 198, balanceAfter: 198, reason: 'earned', refType: 'vip_order' });

    // Paid: no second QR, and confirming again changes nothing.
    expect(
      (await post(`/api/uaa/login/wechatXcxTempQrPayCreate?paymentId=${paymentId}`, buyer.token)).json(),
    ).toMatchObject({ code: 1, message: '该订单已支付' });
    expect((await post('/api/web/order/payConfirm', buyer.token, { paymentId })).json().data.state).toBe(
      'paid',
    );
    expect(await membershipsOf(buyer.id)).toHaveLength(1);
  });

  it('extends a membership from its current expiry, not from now', async () => {
    const vip = await makeUser(t.db, { vip: true });
    const [current] = await membershipsOf(vip.id);
    const { paymentId, amountFen } = await order(vip, {
      commodityIds: [VIP(), DATA()],
      day: 90,
      useBeans: false,
    });
    expect((await notify(notification({ paymentId, amountFen }))).json().data.state).toBe('paid');
    const rows = await membershipsOf(vip.id);
    const renewal = rows.find((r) => r.commodityId === VIP() && r.sourceOrderId !== null)!;
    expect(renewal.startsAt.getTime()).toBe(current!.expiresAt.getTime());
    expect(renewal.expiresAt.getTime()).toBe(current!.expiresAt.getTime() + 90 * DAY_MS);
    const data = rows.find((r) => r.commodityId === DATA())!;
    expect(data.expiresAt.getTime() - data.startsAt.getTime()).toBe(90 * DAY_MS);
    expect(Math.abs(data.startsAt.getTime() - Date.now())).toBeLessThan(60_000);
    // myInfo runs the badge to the end of the renewal.
    expect(new Date((await vipEntry(vip.token)).expireAt).getTime()).toBe(renewal.expiresAt.getTime());
    const mine = (await get('/api/web/order/myVip', vip.token)).json().data;
    expect(mine.isVip).toBe(true);
    expect(mine.entries.find((e: { name: string }) => e.name === '数据会员')).toMatchObject({
      active: true,
      daysLeft: 90,
    });
    expect(mine.entries.find((e: { name: string }) => e.name === '企业会员')).toMatchObject({
      active: false,
      expireAt: null,
    });
  });

  it('buys seats of 企业会员', async () => {
    const boss = await makeUser(t.db, { role: 'trader' });
    const res = await save(boss.token, { commodityIds: [COMPANY()], day: 365, useBeans: false }, 5);
    const { paymentId, amountFen } = res.json().data;
    expect(amountFen).toBe(138800 * 5);
    await notify(notification({ paymentId, amountFen }));
    const [seat] = await membershipsOf(boss.id);
    expect(seat).toMatchObject({ commodityId: COMPANY(), seats: 5 });
    const later = await order(boss, { commodityIds: [DATA(), COMPANY()], day: 30, useBeans: false });
    const orders = (await get('/api/web/order/myOrders', boss.token)).json().data;
    expect(orders).toMatchObject({
      total: 2,
      list: [
        {
          state: 'pending',
          count: 1,
          paymentId: later.paymentId,
          items: [
            { name: '数据会员', count: 1 },
            { name: '企业会员', count: 1 },
          ],
        },
        { state: 'paid', count: 5, day: 365, paymentId, items: [{ name: '企业会员', count: 5 }] },
      ],
    });
  });
});

describe('notifications', () => {
  it('rejects forged notifications and changes nothing', async () => {
    const buyer = await makeUser(t.db, { beans: 50 });
    const { paymentId, amountFen } = await order(buyer, { commodityIds: [VIP()], day: 30, useBeans: true });
    const ledgerBefore = (await ledgerOf(buyer.id)).length;
    const good = notification({ paymentId, amountFen });

    const forged = [
      { ...good, signature: 'f'.repeat(64) },
      signNotification(Buffer.from('not-the-key'), { ...good }),
      notification({ paymentId, amountFen, timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
      notification({ paymentId, amountFen: 1 }),
      notification({ paymentId: 999_999, amountFen }),
      { ...good, amountFen: amountFen - 1 },
    ];
    const answers = [];
    for (const body of forged) answers.push((await notify(body)).json());
    expect(answers.map((a) => a.message)).toEqual([
      '支付通知签名无效',
      '支付通知签名无效',
      '支付通知已过期',
      '支付金额与订单不符',
      '支付单不存在',
      '支付通知签名无效',
    ]);
    for (const a of answers) expect(a.code).not.toBe(0);

    const [pay] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(pay).toMatchObject({ state: 'pending', paidAt: null, providerRef: null });
    expect(await membershipsOf(buyer.id)).toHaveLength(0);
    expect(await ledgerOf(buyer.id)).toHaveLength(ledgerBefore);
    expect((await vipEntry(buyer.token)).isVip).toBe(0);
    // The genuine one still goes through afterwards.
    expect((await notify(good)).json().data.state).toBe('paid');
  });

  it('extends exactly once for 50 concurrent duplicate notifications', async () => {
    const buyer = await makeUser(t.db, { beans: 0 });
    const { paymentId, amountFen, orderId } = await order(buyer, {
      commodityIds: [VIP()],
      day: 30,
      useBeans: false,
    });
    const same = notification({ paymentId, amountFen });
    // Half the very same notification, half the provider retrying with new nonces and refs.
    const bodies = Array.from({ length: 50 }, (_, i) =>
      i % 2 ? same : notification({ paymentId, amountFen }),
    );
    const answers = await Promise.all(bodies.map(notify));
    for (const a of answers) expect(a.json().data, a.body).toEqual({ paymentId, state: 'paid' });

    const periods = await membershipsOf(buyer.id);
    expect(periods).toHaveLength(1);
    expect(periods[0]!.expiresAt.getTime() - periods[0]!.startsAt.getTime()).toBe(30 * DAY_MS);
    const movements = await t.db
      .select()
      .from(beanLedger)
      .where(and(eq(beanLedger.refType, 'vip_order'), eq(beanLedger.refId, orderId)));
    expect(movements).toHaveLength(1);
    expect(await beansOf(buyer.id)).toBe(198);
    const [o] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(o!.state).toBe('paid');
  });
});

describe('unpaid payments', () => {
  it('close after 15 minutes and return their held beans', async () => {
    const buyer = await makeUser(t.db, { beans: 30 });
    const { paymentId, orderId } = await order(buyer, { commodityIds: [VIP()], day: 30, useBeans: true });
    expect(await beansOf(buyer.id)).toBe(0);
    // Not yet due: the job leaves it alone.
    await closeExpiredPayments(t.db, t.app.payments, t.app.log);
    expect(
      (await get(`/api/web/order/getPaymentResult?paymentId=${paymentId}`, buyer.token)).json().data.state,
    ).toBe('pending');

    const closed = await closeExpiredPayments(
      t.db,
      t.app.payments,
      t.app.log,
      new Date(Date.now() + 15 * MINUTE_MS + 1000),
    );
    expect(closed).toBeGreaterThanOrEqual(1);
    const result = (await get(`/api/web/order/getPaymentResult?paymentId=${paymentId}`, buyer.token)).json()
      .data;
    expect(result).toMatchObject({ state: 'closed', expiresInSeconds: 0 });
    expect(await beansOf(buyer.id)).toBe(30);
    expect((await ledgerOf(buyer.id)).at(-1)).toMatchObject({
      delta: 30,
      balanceAfter: 30,
      reason: 'refunded',
      refId: orderId,
    });
    // A second run and a late notification change nothing.
    await closeExpiredPayments(t.db, t.app.payments, t.app.log, new Date(Date.now() + 20 * MINUTE_MS));
    const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect((await notify(notification({ paymentId, amountFen: row!.amountFen }))).json().message).toBe(
      '支付单已关闭',
    );
    expect(await beansOf(buyer.id)).toBe(30);
    expect(await membershipsOf(buyer.id)).toHaveLength(0);
    expect((await post('/api/web/order/payConfirm', buyer.token, { paymentId })).json().code).toBe(1);
    expect(
      (await post(`/api/uaa/login/wechatXcxTempQrPayCreate?paymentId=${paymentId}`, buyer.token)).json().code,
    ).toBe(1);
  });

  it('close on the pay page’s 取消, and a poll after the deadline sees closed', async () => {
    const buyer = await makeUser(t.db, { beans: 10 });
    const first = await order(buyer, { commodityIds: [DATA()], day: 30, useBeans: true });
    const cancelled = await post('/api/web/order/payConfirm', buyer.token, {
      paymentId: first.paymentId,
      cancel: true,
    });
    expect(cancelled.json().data.state).toBe('closed');
    expect(await beansOf(buyer.id)).toBe(10);

    const second = await order(buyer, { commodityIds: [DATA()], day: 30, useBeans: false });
    await t.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, second.paymentId));
    expect(
      (await get(`/api/web/order/getPaymentResult?paymentId=${second.paymentId}`, buyer.token)).json().data
        .state,
    ).toBe('closed');
  });
});

describe('owner only', () => {
  it('lets no other user read, pay or confirm someone else’s payment', async () => {
    const owner = await makeUser(t.db, { beans: 0 });
    const other = await makeUser(t.db, { beans: 0 });
    const { paymentId } = await order(owner, { commodityIds: [VIP()], day: 30, useBeans: false });
    const attempts = [
      await get(`/api/web/order/getPaymentResult?paymentId=${paymentId}`, other.token),
      await post('/api/web/order/getPaymentResult', other.token, { paymentId }),
      await get(`/api/web/order/payDetail?paymentId=${paymentId}`, other.token),
      await post(`/api/uaa/login/wechatXcxTempQrPayCreate?paymentId=${paymentId}`, other.token),
      await post('/api/web/order/payConfirm', other.token, { paymentId }),
      await post('/api/web/order/payConfirm', other.token, { paymentId, cancel: true }),
    ];
    for (const res of attempts)
      expect(res.json()).toMatchObject({ code: 6, message: '支付单不存在', data: null });
    expect((await get(`/api/web/order/getPaymentResult?paymentId=${paymentId}`)).json().code).toBe(4);
    const [pay] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(pay!.state).toBe('pending');
    expect(await membershipsOf(other.id)).toHaveLength(0);
    expect((await get('/api/web/order/myOrders', other.token)).json().data.total).toBe(0);
  });
});

describe('membership expiry', () => {
  it('turns the badge off on the next myInfo once the period ends', async () => {
    const vip = await makeUser(t.db, { vip: true });
    expect((await vipEntry(vip.token)).isVip).toBe(1);
    await t.db
      .update(userMemberships)
      .set({ startsAt: new Date(Date.now() - 40 * DAY_MS), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userMemberships.userId, vip.id));
    expect(await vipEntry(vip.token)).toMatchObject({ isVip: 0, expireAt: null });
    const mine = (await get('/api/web/order/myVip', vip.token)).json().data;
    expect(mine.isVip).toBe(false);
    expect(mine.entries[0]).toMatchObject({ name: '免豆会员', active: false, daysLeft: 0 });
  });
});

describe('beans ledger', () => {
  it('signs in once a day', async () => {
    const member = await makeUser(t.db, { beans: 0 });
    const first = (await post('/api/web/user/signIn', member.token)).json().data;
    expect(first).toEqual({ earned: 2, alreadySigned: false, balance: 2 });
    const again = await Promise.all([1, 2, 3].map(() => post('/api/web/user/signIn', member.token)));
    for (const a of again) expect(a.json().data).toEqual({ earned: 0, alreadySigned: true, balance: 2 });
    expect(await ledgerOf(member.id)).toEqual([
      expect.objectContaining({ delta: 2, reason: 'earned', refType: 'sign_in', note: '每日签到' }),
    ]);
  });

  it('keeps the balance equal to the ledger and never negative under concurrent operations', async () => {
    const member = await makeUser(t.db, { beans: 0 });
    await t.db.update(users).set({ beans: 500 }).where(eq(users.id, member.id));
    await t.db.insert(beanLedger).values({
      userId: member.id,
      delta: 500,
      balanceAfter: 500,
      reason: 'adjusted',
      refType: 'test',
      note: '测试',
    });
    const lots = [await makeLot(t.db, catalog), await makeLot(t.db, catalog), await makeLot(t.db, catalog)];
    const ops = [
      ...Array.from({ length: 8 }, () =>
        save(member.token, { commodityIds: [VIP()], day: 30, useBeans: true }),
      ),
      ...Array.from({ length: 3 }, () => post('/api/web/user/signIn', member.token)),
      ...lots.map((l) => post('/api/web/searchCargo/enquiry', member.token, { kind: 'cargo', ids: [l.id] })),
    ];
    const answers = await Promise.all(ops);
    // An order finding the balance already held by the others is refused; nothing else fails.
    for (const a of answers) {
      if (a.statusCode !== 200) expect(a.json().message, a.body).toContain('钢豆不足');
    }
    // Some orders held beans, some found the balance empty; close half, pay one.
    const placed = answers
      .slice(0, 8)
      .map((a) => a.json())
      .filter((a) => a.code === 0)
      .map((a) => a.data);
    expect(placed.length).toBeGreaterThan(0);
    await Promise.all([
      closeExpiredPayments(t.db, t.app.payments, t.app.log, new Date(Date.now() + 16 * MINUTE_MS)),
      notify(notification({ paymentId: placed[0].paymentId, amountFen: placed[0].amountFen })),
    ]);
    const [sums] = await t.db
      .select({
        sum: sql<number>`sum(${beanLedger.delta})::int`,
        min: sql<number>`min(${beanLedger.balanceAfter})::int`,
      })
      .from(beanLedger)
      .where(eq(beanLedger.userId, member.id));
    const balance = await beansOf(member.id);
    expect(sums!.sum).toBe(balance);
    expect(sums!.min).toBeGreaterThanOrEqual(0);
    expect((await ledgerOf(member.id)).at(-1)!.balanceAfter).toBe(balance);
  });
});

describe('earning', () => {
  it('pays publishing and answering once per item', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    await t.db.transaction((tx) => earnForActivity(tx, trader.id, 'publish', 41));
    await t.db.transaction((tx) => earnForActivity(tx, trader.id, 'answer', 7));
    expect(await ledgerOf(trader.id)).toEqual([
      expect.objectContaining({ delta: 1, balanceAfter: 1, reason: 'earned', refType: 'publish', refId: 41 }),
      expect.objectContaining({
        delta: 2,
        balanceAfter: 3,
        reason: 'earned',
        refType: 'enquiry_answer',
        refId: 7,
      }),
    ]);
    expect(await beansOf(trader.id)).toBe(3);
  });
});

describe('the closing job', () => {
  it('runs on the scheduler and closes a payment past its time', async () => {
    const buyer = await makeUser(t.db, { beans: 40 });
    const { paymentId } = await order(buyer, { commodityIds: [DATA()], day: 30, useBeans: true });
    await t.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, paymentId));
    const logged: object[] = [];
    const job = startPaymentCloser(
      { db: t.db },
      t.app.payments,
      { info: (o) => logged.push(o), warn: () => {}, error: () => {} },
      50,
    );
    try {
      await expect
        .poll(async () => (await t.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.state, {
          timeout: 5000,
        })
        .toBe('closed');
    } finally {
      job.stop();
    }
    expect(await beansOf(buyer.id)).toBe(40);
  });
});

describe('after paying', () => {
  it('unlocks a supplier’s phone without beans', async () => {
    const lot = await makeLot(t.db, catalog);
    const buyer = await makeUser(t.db, { beans: 0 });
    const before = await post('/api/web/searchCargo/enquiry', buyer.token, { kind: 'cargo', ids: [lot.id] });
    expect(before.json().code).toBe(5);
    const { paymentId } = await order(buyer, { commodityIds: [VIP()], day: 30, useBeans: false });
    await post('/api/web/order/payConfirm', buyer.token, { paymentId });
    const balance = await beansOf(buyer.id);
    const after = await post('/api/web/searchCargo/enquiry', buyer.token, { kind: 'cargo', ids: [lot.id] });
    expect(after.json().data).toMatchObject({ beansSpent: 0, beans: balance });
    expect(BEANS_PER_SUPPLIER).toBeGreaterThan(0);
    expect(await beansOf(buyer.id)).toBe(balance);
  });
});

describe('数据会员', () => {
  it('opens the exports and the whole index history, but not free contacts or the badge', async () => {
    const buyer = await makeUser(t.db, { beans: 0 });
    const exportUrl = '/api/web/2.0/searchCargo/export';
    const historyOf = async () => historyWindow(await findSessionUser(t.db, buyer.token), '2026-06-30');
    expect((await get(exportUrl, buyer.token)).json().code).toBe(5);
    expect((await historyOf()).limit).toBe('vip');

    const { paymentId } = await order(buyer, { commodityIds: [DATA()], day: 30, useBeans: false });
    await post('/api/web/order/payConfirm', buyer.token, { paymentId });

    const exported = await get(exportUrl, buyer.token);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(await historyOf()).toEqual({ earliestAllowed: null, limit: null });
    const me = (await get('/api/web/user/myInfo', buyer.token)).json().data;
    expect(me.userNewVipVo).toContainEqual(
      expect.objectContaining({ name: '数据会员', isVip: 1, dataAccess: 1 }),
    );
    expect(me.userNewVipVo).toContainEqual(expect.objectContaining({ name: VIP_ENTRY_NAME, isVip: 0 }));
    const lot = await makeLot(t.db, catalog);
    const enquiry = await post('/api/web/searchCargo/enquiry', buyer.token, { kind: 'cargo', ids: [lot.id] });
    expect(enquiry.json().data).toMatchObject({ beansSpent: BEANS_PER_SUPPLIER });
  });
});
