/** Cloud warehouse (云仓): partner warehouses for everyone, a member's own coils and history only. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cloudCoils, warehouseDaily, warehouses } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { makeCatalog, type TestCatalog } from '../../test/lots.ts';
import { setOpen } from '../open-check/repo.ts';

const t = useTestApp();
const URL = '/api/web/2.0/cloudWarehouse/index';

let c: TestCatalog;
let owner: MadeUser;
let other: MadeUser;
let trader: MadeUser;
let colleague: MadeUser;

const day = (d: string) => new Date(`${d}T02:00:00Z`);

beforeAll(async () => {
  c = await makeCatalog(t.db);
  await t.db.update(warehouses).set({ cloudPartner: true }).where(eq(warehouses.id, c.lecong.id));
  await t.db.insert(warehouseDaily).values([
    { warehouseId: c.lecong.id, productId: c.hrc, day: '2026-11-20', stockKg: 90_000_000 },
    { warehouseId: c.lecong.id, productId: c.hrc, day: '2026-11-21', stockKg: 100_000_000 },
    { warehouseId: c.lecong.id, productId: c.crc, day: '2026-11-21', stockKg: 20_000_000 },
  ]);
  owner = await makeUser(t.db);
  other = await makeUser(t.db);
  trader = await makeUser(t.db, { role: 'trader' });
  colleague = await makeUser(t.db, { role: 'trader' });
  const coil = (userId: number, coilNo: string, extra: Partial<typeof cloudCoils.$inferInsert> = {}) => ({
    userId,
    warehouseId: c.lecong.id,
    coilNo,
    productId: c.hrc,
    material: 'Q235B',
    spec: '2.75*1250*C',
    thickness: 2.75,
    width: 1250,
    origin: '日照',
    weightKg: 25_130,
    inAt: day('2026-11-01'),
    ...extra,
  });
  await t.db.insert(cloudCoils).values([
    coil(owner.id, 'H24A05001'),
    coil(owner.id, 'H24A05002', {
      warehouseId: c.zhangjiagang.id,
      weightKg: 24_870,
      inAt: day('2026-11-03'),
    }),
    coil(owner.id, 'H24A05003', { status: 'out', outAt: day('2026-11-10'), inAt: day('2026-11-02') }),
    coil(other.id, 'OTHER-0001'),
    // the trader's company goods, deposited by a colleague account of the same firm
    coil(colleague.id, 'FIRM-00001', { companyId: trader.companyId }),
  ]);
});

describe('GET cloudWarehouse/index', () => {
  it('answers code 1 while operators keep 仓库自助 closed, and the data again once open (issue 35)', async () => {
    await setOpen(t.db, 'cloudWarehouse', false);
    try {
      const closed = await t.app.inject({ method: 'GET', url: URL, headers: { 'x-token': owner.token } });
      expect(closed.json()).toMatchObject({ code: 1, message: '仓库自助服务即将开放，敬请期待', data: null });
    } finally {
      await setOpen(t.db, 'cloudWarehouse', true);
    }
    expect((await t.app.inject({ method: 'GET', url: URL })).json().code).toBe(0);
  });

  it('shows a visitor the partner warehouses with capacity and saturation, and no goods', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    const { warehouses: list, mine } = res.json().data;
    expect(mine).toBeNull();
    expect(list).toEqual([
      {
        id: c.lecong.id,
        name: '乐从钢铁世界仓',
        city: '乐从',
        region: '华南',
        address: '',
        capacityTonnes: 200000,
        stockTonnes: 120000,
        saturation: 60,
        stockDay: '2026-11-21',
      },
    ]);
  });

  it('asks a visitor to log in before looking up a coil number', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${URL}?coilNo=H24A05001` });
    expect(res.json()).toMatchObject({ code: 4, message: '登录后可查询自己的卷号' });
  });

  it('gives a member their coils in stock, totals per warehouse and in/out history', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL, headers: { 'x-token': owner.token } });
    const { mine } = res.json().data;
    expect(mine.summary).toEqual({ coils: 2, tonnes: 50, warehouses: 2 });
    expect(mine.totals).toEqual([
      { warehouseId: c.lecong.id, warehouseName: '乐从钢铁世界仓', city: '乐从', coils: 1, tonnes: 25.13 },
      {
        warehouseId: c.zhangjiagang.id,
        warehouseName: '张家港保税仓',
        city: '张家港',
        coils: 1,
        tonnes: 24.87,
      },
    ]);
    expect(mine.coils.total).toBe(2);
    expect(mine.coils.list.map((x: { coilNo: string }) => x.coilNo)).toEqual(['H24A05002', 'H24A05001']);
    expect(mine.coils.list[0]).toMatchObject({
      product: '热轧卷板',
      spec: '2.75*1250*C',
      weightTonnes: 24.87,
      status: 'in_stock',
      outAt: null,
      inAt: '2026-11-03T02:00:00.000Z',
    });
    // three arrivals and one departure, newest first
    expect(mine.history.total).toBe(4);
    expect(mine.history.list.map((m: { coilNo: string; kind: string }) => `${m.kind}:${m.coilNo}`)).toEqual([
      'out:H24A05003',
      'in:H24A05002',
      'in:H24A05003',
      'in:H24A05001',
    ]);
  });

  it('filters by status, warehouse and coil number', async () => {
    const get = (q: string) =>
      t.app.inject({ method: 'GET', url: `${URL}?${q}`, headers: { 'x-token': owner.token } });
    const out = (await get('status=out')).json().data.mine.coils;
    expect(out.list.map((x: { coilNo: string }) => x.coilNo)).toEqual(['H24A05003']);
    const all = (await get(`status=all&warehouseId=${c.lecong.id}`)).json().data.mine.coils;
    expect(all.total).toBe(2);
    const one = (await get('status=all&coilNo=H24A05003')).json().data.mine;
    expect(one.coils.list).toHaveLength(1);
    expect(one.history.total).toBe(2);
  });

  it('never shows a member someone else’s coils, even by number', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${URL}?coilNo=OTHER-0001&status=all`,
      headers: { 'x-token': owner.token },
    });
    const { mine } = res.json().data;
    expect(mine.coils).toMatchObject({ total: 0, list: [] });
    expect(mine.history.total).toBe(0);
    const theirs = await t.app.inject({ method: 'GET', url: URL, headers: { 'x-token': other.token } });
    expect(theirs.json().data.mine.coils.list.map((x: { coilNo: string }) => x.coilNo)).toEqual([
      'OTHER-0001',
    ]);
  });

  it('shows a trader the goods of their company', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL, headers: { 'x-token': trader.token } });
    expect(res.json().data.mine.coils.list.map((x: { coilNo: string }) => x.coilNo)).toEqual(['FIRM-00001']);
  });

  it('refuses a malformed coil number or filter with code 2 naming the field', async () => {
    for (const q of [
      'coilNo=ab',
      'coilNo=%E5%8D%B7%E5%8F%B7123456',
      'coilNo=-H24A05001',
      `coilNo=${'A'.repeat(25)}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${URL}?${q}`,
        headers: { 'x-token': owner.token },
      });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe(2);
      expect(res.json().message).toContain('卷号');
    }
    for (const q of [
      'status=gone',
      'warehouseId=0',
      'warehouseId=2147483648',
      'pageSize=101',
      'historyPage=0',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${URL}?${q}`,
        headers: { 'x-token': owner.token },
      });
      expect(res.json().code, q).toBe(2);
    }
  });

  it('answers a stale token with code 3', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL, headers: { 'x-token': 'no-such-token' } });
    expect(res.json().code).toBe(3);
  });
});
