/** The inspection demo data as the portal shows it: every region, every state, traces with photos. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceSwitches, users } from '../../db/schema/index.ts';
import { resetDemo, seedDemo } from '../../seed/index.ts';
import { DEMO_ACCOUNTS } from '../../seed/users.ts';
import { useTestApp } from '../../test/app.ts';
import { createSession } from '../account/sessions.ts';

const t = useTestApp();
let token: string;

beforeAll(async () => {
  await seedDemo(t.db, {
    cargo: 200,
    quotationDays: 2,
    indexDays: 3,
    now: new Date('2026-03-02T00:00:00+08:00'),
  });
  const [member] = await t.db.select().from(users).where(eq(users.phone, DEMO_ACCOUNTS.member.phone));
  token = await createSession(t.db, { userId: member!.id });
}, 60_000);

describe('inspection demo data', () => {
  it('has about forty partner warehouses in every region, with saturation where figures exist', async () => {
    const data = (
      await t.app.inject({ method: 'GET', url: '/api/web/2.0/inspection/warehouseList/region' })
    ).json().data;
    expect(data.total).toBeGreaterThanOrEqual(38);
    expect(data.regions.map((r: { region: string }) => r.region)).toEqual([
      '华东',
      '华南',
      '华北',
      '华中',
      '东北',
      '西南',
      '西北',
    ]);
    const all = data.regions.flatMap(
      (r: { warehouses: { saturation: number | null; address: string }[] }) => r.warehouses,
    );
    expect(all.every((w: { address: string }) => w.address.length > 0)).toBe(true);
    expect(all.some((w: { saturation: number | null }) => w.saturation !== null && w.saturation > 0)).toBe(
      true,
    );
  });

  it('gives the demo member requests in every state and a finished one with a photographed trace', async () => {
    const history = (
      await t.app.inject({
        method: 'GET',
        url: '/api/web/2.0/inspection/warehouseList/history?pageSize=50',
        headers: { 'x-token': token },
      })
    ).json().data;
    const texts = new Set(history.list.map((r: { statusText: string }) => r.statusText));
    expect([...texts].sort()).toEqual(['已取消', '已完成', '待受理', '验货中'].sort());
    const done = history.list.find((r: { status: string }) => r.status === 'done');
    const trace = (
      await t.app.inject({
        method: 'GET',
        url: `/api/web/2.0/inspection/trace/list?id=${done.id}`,
        headers: { 'x-token': token },
      })
    ).json().data;
    expect(trace.steps.map((s: { title: string }) => s.title)).toEqual([
      '已受理',
      '到库核对',
      '外观检查',
      '出具报告',
    ]);
    expect(trace.inspection.conclusion).not.toBe('');
    const photo = trace.steps[1].photos[0];
    const img = await t.app.inject({ method: 'GET', url: photo.url });
    expect(img.headers['content-type']).toBe('image/svg+xml');
    expect(img.body).toContain('<svg');
  });

  it('opens the services again after a reset and a new seed', async () => {
    await resetDemo(t.db);
    expect(await t.db.select().from(serviceSwitches)).toEqual([]);
    await seedDemo(t.db, { cargo: 0, quotationDays: 1, indexDays: 1 });
    const open = (await t.app.inject({ method: 'GET', url: '/api/ma/common/openCheck' })).json().data.open;
    expect(open).toMatchObject({ inspection: true, cloudWarehouse: true, processing: true, payment: true });
  }, 60_000);
});
