/** The operator console's dashboard (issue 18): today's figures, the 30-day series, job health. */
import { describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { makeUser, vipCommodityId } from '../../test/factories.ts';

const t = useTestApp();

async function dashboard(token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/dashboard',
    headers: { 'x-token': token },
  });
  expect(res.json().code).toBe(0);
  return res.json().data;
}

/** An order and its payment for `amountFen`, in `state`. */
async function makePayment(userId: number, amountFen: number, state: 'paid' | 'pending', expiresAt: Date) {
  const commodityId = await vipCommodityId(t.db);
  const [order] = await t.db
    .insert(orders)
    .values({
      orderNo: `T${Date.now()}${Math.floor(Math.random() * 1000)}`,
      userId,
      commodityIds: [commodityId],
      days: 30,
      listFen: amountFen,
      amountFen,
      state,
      expiresAt,
      paidAt: state === 'paid' ? new Date() : null,
    })
    .returning({ id: orders.id });
  await t.db.insert(payments).values({
    orderId: order!.id,
    amountFen,
    state,
    expiresAt,
    paidAt: state === 'paid' ? new Date() : null,
  });
}

describe('GET /api/admin/dashboard', () => {
  it("counts today's new users and payments with revenue in yuan, over a 30-day series", async () => {
    const admin = await makeUser(t.db, { role: 'admin' });
    const before = await dashboard(admin.token);
    expect(before.series).toHaveLength(30);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(before.today.day).toBe(today);
    expect(before.series[29]).toEqual(before.today);
    expect(before.series[0].day < before.series[29].day).toBe(true);

    const buyer = await makeUser(t.db);
    await makePayment(buyer.id, 29_900, 'paid', new Date(Date.now() + 900_000));
    const after = await dashboard(admin.token);
    expect(after.today.newUsers).toBe(before.today.newUsers + 1);
    expect(after.today.payments).toBe(before.today.payments + 1);
    expect(after.today.revenueYuan).toBeCloseTo(before.today.revenueYuan + 299, 2);
  });

  it('reports the jobs; the payment closer is unhealthy when a pending payment is long overdue', async () => {
    const admin = await makeUser(t.db, { role: 'admin' });
    const jobs = (await dashboard(admin.token)).jobs as {
      key: string;
      ok: boolean | null;
      lastRunAt: string | null;
    }[];
    expect(jobs.map((j) => j.key)).toEqual(['indexDaily', 'paymentClose', 'reports']);
    expect(jobs[1]).toMatchObject({ ok: true, lastRunAt: null });

    const buyer = await makeUser(t.db);
    await makePayment(buyer.id, 100, 'pending', new Date(Date.now() - 3600_000));
    const later = (await dashboard(admin.token)).jobs;
    expect(later[1]).toMatchObject({ key: 'paymentClose', ok: false, detail: '1 笔支付单超时未关闭' });
  });
});
