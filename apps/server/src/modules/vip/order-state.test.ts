/**
 * An unpaid order past its time reads closed in the buyer's order list (issue 30 item 5), also
 * before the closing job has closed it: no client shows 待支付 for an order that can no longer
 * be paid.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../dates.ts';
import { orders } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';
import { vipCatalog } from '../../test/vip.ts';
import { orderStateAt } from './present.ts';

const t = useTestApp();
const vipCatalogue = vipCatalog();

beforeAll(async () => {
  await vipCatalogue.seed(t.db);
});

describe('orderStateAt', () => {
  const now = new Date('2026-11-29T08:00:00Z');
  const before = new Date(now.getTime() - 1000);
  const after = new Date(now.getTime() + 1000);

  it('reads a pending order past its time as closed, and one within it as pending', () => {
    expect(orderStateAt({ state: 'pending', expiresAt: before }, now)).toBe('closed');
    expect(orderStateAt({ state: 'pending', expiresAt: now }, now)).toBe('closed');
    expect(orderStateAt({ state: 'pending', expiresAt: after }, now)).toBe('pending');
  });

  it('leaves settled orders as they are, whatever their time', () => {
    expect(orderStateAt({ state: 'paid', expiresAt: before }, now)).toBe('paid');
    expect(orderStateAt({ state: 'refunded', expiresAt: before }, now)).toBe('refunded');
    expect(orderStateAt({ state: 'closed', expiresAt: after }, now)).toBe('closed');
  });
});

describe('myOrders', () => {
  it('shows an order that expired unpaid as closed before the job closed it', async () => {
    const buyer = await makeUser(t.db);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/web/order/savePayment',
      headers: { 'x-token': buyer.token },
      payload: { commodityIds: [vipCatalogue.VIP()], day: 30, useBeans: false },
    });
    expect(saved.json().code, saved.body).toBe(0);
    const { orderId } = saved.json().data as { orderId: number };
    const list = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/web/order/myOrders',
          headers: { 'x-token': buyer.token },
        })
      ).json().data.list as { orderId: number; state: string; closedAt: string | null }[];

    expect((await list())[0]).toMatchObject({ orderId, state: 'pending', closedAt: null });

    // Past its time; the closing job has not run (the row still says pending).
    const expiresAt = new Date(Date.now() - MINUTE_MS);
    await t.db.update(orders).set({ expiresAt }).where(eq(orders.id, orderId));
    const [row] = await t.db.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId));
    expect(row?.state).toBe('pending');
    expect((await list())[0]).toMatchObject({
      orderId,
      state: 'closed',
      closedAt: expiresAt.toISOString(),
    });
  });
});
