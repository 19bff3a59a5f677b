/**
 * Real providers through the app (issue 30): WeChat Pay APIv3 and Alipay, each against its local
 * double (doubles/), so the libraries' own request signing, answer verification and notification
 * verification run unchanged. For each provider: a good notification credits once and a replay
 * changes nothing; a forged, stale (WeChat), wrong-amount or unknown-order notification is refused
 * and changes nothing; 50 concurrent duplicates give one extension and one ledger movement; a
 * lost notification is credited by the query job and by the payer's own polling; a refund goes
 * through the provider and its notification; an order past its time is closed at the provider
 * and its beans come back.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../dates.ts';
import { beanLedger, orders, payments, userMemberships, users } from '../../db/schema/index.ts';
import { type AlipayDouble, startAlipayDouble } from '../../doubles/alipay.ts';
import { startWechatPayDouble, type WechatPayDouble } from '../../doubles/wechat-pay.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { vipCatalog } from '../../test/vip.ts';
import { closeExpiredPayments, reconcilePayments } from './service.ts';

let t: TestApp;
let wechat: WechatPayDouble;
let alipay: AlipayDouble;
const vipCatalogue = vipCatalog();

beforeAll(async () => {
  [wechat, alipay] = await Promise.all([startWechatPayDouble(), startAlipayDouble()]);
  t = await createTestApp({ PAYMENT_PROVIDERS: 'wechat,alipay', ...wechat.env, ...alipay.env });
  await vipCatalogue.seed(t.db);
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await Promise.all([wechat?.close(), alipay?.close()]);
});

interface Notification {
  headers: Record<string, string | undefined>;
  body: string;
}

/** What differs between the providers: how their double pays and notifies, and how we answer. */
interface Case {
  method: 'wechat' | 'alipay';
  /** the payer paid; the notification is returned, not sent */
  paid(orderNo: string): Notification;
  /** paid, and the notification is lost */
  paidSilently(orderNo: string): void;
  forged(orderNo: string): Notification;
  wrongAmount(orderNo: string): Notification;
  /** a genuine notification naming a trade number we never made (built from a real trade's) */
  unknownOrder(orderNo: string): Notification;
  /** a genuine notification too old to act on (Alipay resends with the first time for 25 h: none) */
  stale: ((orderNo: string) => Notification) | null;
  /** the payer opened the QR (a precreated Alipay trade exists only once scanned) */
  scanned(orderNo: string): void;
  accepted(res: { statusCode: number; body: string }): boolean;
  tradeClosed(orderNo: string): boolean;
  /** the provider's refund notification, when its refund is not done at once */
  refundDone: ((refundNo: string) => Notification) | null;
}

const CASES: Case[] = [
  {
    method: 'wechat',
    paid: (no) => {
      wechat.payWithoutNotifying(no);
      return wechat.notification(no);
    },
    paidSilently: (no) => wechat.payWithoutNotifying(no),
    forged: (no) => wechat.notification(no, { badSignature: true }),
    wrongAmount: (no) => wechat.notification(no, { amountFen: 1 }),
    unknownOrder: (no) => wechat.notification(no, { outTradeNo: 'SP202611290000000001' }),
    stale: (no) => wechat.notification(no, { ageSeconds: 6 * 60 }),
    scanned: () => {},
    accepted: (res) => res.statusCode === 204,
    tradeClosed: (no) => wechat.trade(no)?.state === 'CLOSED',
    refundDone: (refundNo) => wechat.refundNotification(refundNo, 'SUCCESS'),
  },
  {
    method: 'alipay',
    paid: (no) => {
      alipay.payWithoutNotifying(no);
      return alipay.notification(no);
    },
    paidSilently: (no) => {
      alipay.payWithoutNotifying(no);
    },
    forged: (no) => alipay.notification(no, { badSignature: true }),
    wrongAmount: (no) => alipay.notification(no, { totalAmount: '0.01' }),
    unknownOrder: (no) => alipay.notification(no, { outTradeNo: 'SP202611290000000001' }),
    stale: null,
    scanned: (no) => {
      alipay.scan(no);
    },
    accepted: (res) => res.statusCode === 200 && res.body === 'success',
    tradeClosed: (no) => alipay.trade(no)?.status === 'TRADE_CLOSED',
    refundDone: null,
  },
];

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? { 'x-token': token } : {}, ...(payload ? { payload } : {}) });

const deliver = (method: string, n: Notification) =>
  t.app.inject({
    method: 'POST',
    url: `/api/pay/notify/${method}`,
    headers: n.headers as Record<string, string>,
    payload: n.body,
  });

/** A member's pending 免豆会员 order opened at the provider by QR: its payment and order number. */
async function opened(c: Case, buyer: MadeUser, useBeans = false) {
  const saved = await call('POST', '/api/web/order/savePayment', buyer.token, {
    commodityIds: [vipCatalogue.VIP()],
    day: 30,
    useBeans,
  });
  expect(saved.json().code, saved.body).toBe(0);
  const { paymentId, orderId } = saved.json().data as { paymentId: number; orderId: number };
  const started = await call('POST', '/api/web/order/payStart', buyer.token, {
    paymentId,
    method: c.method,
    scene: 'desktop',
  });
  expect(started.json(), started.body).toMatchObject({ code: 0, data: { method: c.method, kind: 'qr' } });
  expect(started.json().data.qrImage).toMatch(/^data:image\/png;base64,/);
  const [row] = await t.db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, orderId));
  c.scanned(row!.orderNo);
  return { paymentId, orderId, orderNo: row!.orderNo };
}

const stateOf = async (paymentId: number) =>
  (await t.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
const periodsOf = (userId: number) =>
  t.db.select().from(userMemberships).where(eq(userMemberships.userId, userId));
const rewardsOf = (userId: number) =>
  t.db
    .select()
    .from(beanLedger)
    .where(and(eq(beanLedger.userId, userId), eq(beanLedger.reason, 'earned')));
const beansOf = async (userId: number) =>
  (await t.db.select({ beans: users.beans }).from(users).where(eq(users.id, userId)))[0]!.beans;

describe.each(CASES)('$method', (c) => {
  it('credits a good notification once; a replay is answered and changes nothing', async () => {
    const buyer = await makeUser(t.db);
    const { paymentId, orderNo } = await opened(c, buyer);
    const notification = c.paid(orderNo);
    const first = await deliver(c.method, notification);
    expect(c.accepted(first), first.body).toBe(true);
    expect(await stateOf(paymentId)).toMatchObject({ state: 'paid', provider: c.method, scene: 'desktop' });
    expect(await periodsOf(buyer.id)).toHaveLength(1);
    const again = await deliver(c.method, notification);
    expect(c.accepted(again)).toBe(true);
    expect(await periodsOf(buyer.id)).toHaveLength(1);
    expect(await rewardsOf(buyer.id)).toHaveLength(1);
  });

  it('refuses a forged, wrong-amount, unknown-order or stale notification and changes nothing', async () => {
    const buyer = await makeUser(t.db);
    const { paymentId, orderNo } = await opened(c, buyer);
    const bad = [c.forged(orderNo), c.wrongAmount(orderNo), c.unknownOrder(orderNo)];
    if (c.stale) bad.push(c.stale(orderNo));
    for (const n of bad) {
      const res = await deliver(c.method, n);
      expect(c.accepted(res), res.body).toBe(false);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await stateOf(paymentId)).state).toBe('pending');
    expect(await periodsOf(buyer.id)).toHaveLength(0);
  });

  it('extends exactly once for 50 concurrent duplicate notifications', async () => {
    const buyer = await makeUser(t.db);
    const { orderNo } = await opened(c, buyer);
    const notification = c.paid(orderNo);
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(c.method, notification)));
    expect(answers.every((a) => c.accepted(a))).toBe(true);
    expect(await periodsOf(buyer.id)).toHaveLength(1);
    expect(await rewardsOf(buyer.id)).toHaveLength(1);
  });

  it('credits a payment whose notification was lost: the query job, and the payer polling', async () => {
    const buyer = await makeUser(t.db);
    const lost = await opened(c, buyer);
    c.paidSilently(lost.orderNo);
    // Not yet 5 minutes: the job leaves it for the notification.
    expect(await reconcilePayments(t.db, t.app.payments, t.app.log)).toBe(0);
    const credited = await reconcilePayments(
      t.db,
      t.app.payments,
      t.app.log,
      new Date(Date.now() + 6 * MINUTE_MS),
    );
    expect(credited).toBe(1);
    expect((await stateOf(lost.paymentId)).state).toBe('paid');

    // Back from the provider's page, the result page's poll asks the provider itself.
    const other = await makeUser(t.db);
    const polled = await opened(c, other);
    c.paidSilently(polled.orderNo);
    const result = await call(
      'GET',
      `/api/web/order/getPaymentResult?paymentId=${polled.paymentId}`,
      other.token,
    );
    expect(result.json().data).toMatchObject({ state: 'paid', method: c.method });
    expect(await periodsOf(other.id)).toHaveLength(1);
  });

  it('refunds through the provider, finished by its notification where it has one', async () => {
    const admin = await makeUser(t.db, { role: 'admin' });
    const buyer = await makeUser(t.db);
    const { paymentId, orderId, orderNo } = await opened(c, buyer);
    expect(c.accepted(await deliver(c.method, c.paid(orderNo)))).toBe(true);
    const refunded = await call('POST', `/api/admin/vip/orders/${orderId}/refund`, admin.token, {
      reason: '客户申请退款',
    });
    expect(refunded.json().code, refunded.body).toBe(0);
    const after = await stateOf(paymentId);
    expect(after).toMatchObject({ state: 'refunded', refundNo: `${orderNo}R` });
    if (c.refundDone) {
      expect(after.refundState).toBe('processing');
      const res = await deliver(c.method, c.refundDone(`${orderNo}R`));
      expect(c.accepted(res), res.body).toBe(true);
    }
    expect(await stateOf(paymentId)).toMatchObject({ refundState: 'success', refundedAt: expect.any(Date) });
    // The order's days are taken off: no period of it is left running.
    for (const period of await periodsOf(buyer.id))
      expect(period.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('closes an order past its time at the provider and returns its beans', async () => {
    const buyer = await makeUser(t.db, { beans: 40 });
    const { paymentId, orderNo } = await opened(c, buyer, true);
    expect(await beansOf(buyer.id)).toBeLessThan(40);
    const closed = await closeExpiredPayments(
      t.db,
      t.app.payments,
      t.app.log,
      new Date(Date.now() + 16 * MINUTE_MS),
    );
    expect(closed).toBeGreaterThanOrEqual(1);
    expect((await stateOf(paymentId)).state).toBe('closed');
    expect(c.tradeClosed(orderNo)).toBe(true);
    expect(await beansOf(buyer.id)).toBe(40);
  });
});

describe('choosing how to pay', () => {
  it('sends a phone to the provider’s page, and closes the first provider’s trade on a switch', async () => {
    const buyer = await makeUser(t.db);
    const { paymentId, orderNo } = await opened(CASES[0]!, buyer);
    const phone = await call('POST', '/api/web/order/payStart', buyer.token, {
      paymentId,
      method: 'alipay',
      scene: 'phone',
    });
    expect(phone.json().data).toMatchObject({ method: 'alipay', kind: 'redirect', qrImage: null });
    expect(phone.json().data.url).toContain(alipay.url);
    expect(wechat.trade(orderNo)?.state).toBe('CLOSED');
    expect((await stateOf(paymentId)).provider).toBe('alipay');
    // Alipay has no in-WeChat payment: said plainly, nothing changes.
    const inWechat = await call('POST', '/api/web/order/payStart', buyer.token, {
      paymentId,
      method: 'alipay',
      scene: 'wechat',
    });
    expect(inWechat.json()).toMatchObject({ code: 1, message: '该支付方式不支持当前设备，请换一种方式' });
  });

  it('offers the configured methods with their scenes, and refuses one not configured', async () => {
    const info = (await call('GET', '/api/web/2.0/order/getBuyVIPInfo', null)).json().data;
    expect(info.payMethods).toEqual([
      { method: 'wechat', scenes: ['desktop', 'phone', 'wechat'] },
      { method: 'alipay', scenes: ['desktop', 'phone'] },
    ]);
    const buyer = await makeUser(t.db);
    const saved = await call('POST', '/api/web/order/savePayment', buyer.token, {
      commodityIds: [vipCatalogue.VIP()],
      day: 30,
      useBeans: false,
    });
    const sandbox = await call('POST', '/api/web/order/payStart', buyer.token, {
      paymentId: saved.json().data.paymentId,
      method: 'sandbox',
      scene: 'desktop',
    });
    expect(sandbox.json()).toMatchObject({ code: 1, message: '该支付方式暂未开通' });
  });
});
