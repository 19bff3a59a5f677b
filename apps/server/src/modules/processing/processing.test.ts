/** Shared processing (共享加工): offers, menus, enquiries and group-order joins. */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayString } from '../../dates.ts';
import { processingEnquiries, processingOffers } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { setOpen } from '../open-check/repo.ts';

const t = useTestApp();
const LIST = '/api/web/2.0/shareMach';
const MENUS = '/api/web/2.0/shareMach/getMenus';
const enquiry = (id: number, q = '') => `/api/web/shareMach/enquiry/${id}${q ? `?${q}` : ''}`;

let ids: { slit: number; cut: number; full: number; past: number; plain: number; hidden: number };
let a: MadeUser;
let b: MadeUser;

const offer = (extra: Partial<typeof processingOffers.$inferInsert>) => ({
  plantName: '乐从顺德金属加工厂',
  lineType: '分条' as const,
  thicknessMin: 0.3,
  thicknessMax: 3,
  widthMin: 800,
  widthMax: 1600,
  city: '乐从',
  address: '广东省佛山市顺德区乐从镇',
  priceFen: 8000,
  freeCapacityTonnes: 500,
  contactName: '陈经理',
  contactPhone: '13912340001',
  ...extra,
});

beforeAll(async () => {
  const rows = await t.db
    .insert(processingOffers)
    .values([
      offer({
        groupOpen: true,
        groupTargetTonnes: 100,
        groupJoinedTonnes: 40,
        groupDeadline: dayString(new Date(), 5),
        sort: 1,
      }),
      offer({
        plantName: '上海宝山开平厂',
        lineType: '开平',
        city: '上海',
        thicknessMin: 2,
        thicknessMax: 12,
        widthMin: 1000,
        widthMax: 2000,
        priceFen: 6000,
        freeCapacityTonnes: 1200,
        sort: 2,
      }),
      offer({
        plantName: '天津满单加工',
        city: '天津',
        groupOpen: true,
        groupTargetTonnes: 50,
        groupJoinedTonnes: 50,
        groupDeadline: dayString(new Date(), 3),
        sort: 3,
      }),
      offer({
        plantName: '无锡过期拼单',
        city: '无锡',
        groupOpen: true,
        groupTargetTonnes: 80,
        groupJoinedTonnes: 10,
        groupDeadline: dayString(new Date(), -1),
        sort: 4,
      }),
      offer({ plantName: '杭州纵剪厂', lineType: '纵剪', city: '杭州', priceFen: 9900, sort: 5 }),
      offer({ plantName: '已下架加工厂', active: false, sort: 6 }),
    ])
    .returning({ id: processingOffers.id });
  const [slit, cut, full, past, plain, hidden] = rows.map((r) => r.id) as number[];
  ids = { slit: slit!, cut: cut!, full: full!, past: past!, plain: plain!, hidden: hidden! };
  a = await makeUser(t.db);
  b = await makeUser(t.db);
});

describe('GET shareMach', () => {
  it('lists active offers with prices in 元 and group orders with progress and state', async () => {
    const res = await t.app.inject({ method: 'GET', url: LIST });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(5);
    const slit = page.list.find((o: { id: number }) => o.id === ids.slit);
    expect(slit).toMatchObject({
      plantName: '乐从顺德金属加工厂',
      lineType: '分条',
      thicknessMin: 0.3,
      thicknessMax: 3,
      widthMin: 800,
      widthMax: 1600,
      price: 80,
      freeCapacityTonnes: 500,
      myTonnes: null,
      group: { targetTonnes: 100, joinedTonnes: 40, leftTonnes: 60, progress: 40, state: 'open', members: 0 },
    });
    expect(slit).not.toHaveProperty('contactPhone');
    const states = Object.fromEntries(
      page.list.map((o: { id: number; group: { state: string } | null }) => [o.id, o.group?.state ?? null]),
    );
    expect(states).toMatchObject({ [ids.full]: 'full', [ids.past]: 'closed', [ids.cut]: null });
  });

  it('filters by line type, city, thickness, width and joinable group orders, and sorts', async () => {
    const names = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `${LIST}?${q}` }))
        .json()
        .data.list.map((o: { plantName: string }) => o.plantName);
    expect(await names(`lineType=${encodeURIComponent('开平')}`)).toEqual(['上海宝山开平厂']);
    expect(await names(`city=${encodeURIComponent('杭州')}`)).toEqual(['杭州纵剪厂']);
    expect(await names('thickness=10')).toEqual(['上海宝山开平厂']);
    expect(await names('width=1800')).toEqual(['上海宝山开平厂']);
    expect(await names('groupOnly=true')).toEqual(['乐从顺德金属加工厂']);
    expect((await names('sort=price'))[0]).toBe('上海宝山开平厂');
    expect((await names('sort=capacity'))[0]).toBe('上海宝山开平厂');
    expect((await names('sort=deadline'))[0]).toBe('无锡过期拼单');
    expect(await names('pageSize=2&page=3')).toHaveLength(1);
  });

  it('refuses bad filters with code 2', async () => {
    for (const q of [
      'lineType=%E5%89%AA',
      'thickness=0',
      'thickness=501',
      'width=1.5',
      'pageSize=101',
      'sort=name',
      `city=${'a'.repeat(21)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `${LIST}?${q}` });
      expect(res.json().code, q).toBe(2);
    }
  });
});

describe('GET shareMach/getMenus', () => {
  it('counts offers per line type and city and the joinable group orders', async () => {
    const res = await t.app.inject({ method: 'GET', url: MENUS });
    const menus = res.json().data;
    expect(menus.lineTypes).toEqual([
      { value: '分条', count: 3 },
      { value: '开平', count: 1 },
      { value: '纵剪', count: 1 },
      { value: '横切', count: 0 },
    ]);
    expect(menus.cities).toHaveLength(5);
    expect(menus.openGroups).toBe(1);
  });
});

describe('GET shareMach/enquiry/{id}', () => {
  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: enquiry(ids.slit) });
    expect(res.json().code).toBe(4);
  });

  it('gives the plant contact for an enquiry and records it once', async () => {
    const res = await t.app.inject({ method: 'GET', url: enquiry(ids.cut), headers: { 'x-token': a.token } });
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        offerId: ids.cut,
        contactName: '陈经理',
        contactPhone: '13912340001',
        myTonnes: null,
        group: null,
      },
    });
    await t.app.inject({ method: 'GET', url: enquiry(ids.cut, 'remark=x'), headers: { 'x-token': a.token } });
    const rows = await t.db
      .select()
      .from(processingEnquiries)
      .where(and(eq(processingEnquiries.offerId, ids.cut), eq(processingEnquiries.userId, a.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tonnes: 0, remark: 'x' });
  });

  it('joins a group order; joining again updates the share instead of adding one', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: enquiry(ids.slit, 'tonnes=20'),
      headers: { 'x-token': a.token },
    });
    expect(first.json().data).toMatchObject({
      myTonnes: 20,
      contactPhone: '13912340001',
      group: { joinedTonnes: 60, leftTonnes: 40, progress: 60, members: 1, state: 'open' },
    });
    const again = await t.app.inject({
      method: 'GET',
      url: enquiry(ids.slit, 'tonnes=35'),
      headers: { 'x-token': a.token },
    });
    expect(again.json().data).toMatchObject({ myTonnes: 35, group: { joinedTonnes: 75, members: 1 } });
    const rows = await t.db
      .select()
      .from(processingEnquiries)
      .where(eq(processingEnquiries.offerId, ids.slit));
    expect(rows).toHaveLength(1);
    // a plain enquiry afterwards keeps the share
    const ask = await t.app.inject({
      method: 'GET',
      url: enquiry(ids.slit),
      headers: { 'x-token': a.token },
    });
    expect(ask.json().data.myTonnes).toBe(35);
    const list = await t.app.inject({ method: 'GET', url: LIST, headers: { 'x-token': a.token } });
    expect(list.json().data.list.find((o: { id: number }) => o.id === ids.slit).myTonnes).toBe(35);
  });

  it('refuses more than is left (own share counted as free) with code 2, and never passes the target', async () => {
    const over = await t.app.inject({
      method: 'GET',
      url: enquiry(ids.slit, 'tonnes=26'),
      headers: { 'x-token': b.token },
    });
    expect(over.json()).toMatchObject({ code: 2, message: '拼单吨位不能超过剩余可拼的 25 吨' });
    // a can grow to 35 + 25 = 60 because their own share is counted as free
    const grow = await t.app.inject({
      method: 'GET',
      url: enquiry(ids.slit, 'tonnes=60'),
      headers: { 'x-token': a.token },
    });
    expect(grow.json().data.group).toMatchObject({ joinedTonnes: 100, state: 'full' });
    const full = await t.app.inject({
      method: 'GET',
      url: enquiry(ids.slit, 'tonnes=1'),
      headers: { 'x-token': b.token },
    });
    expect(full.json()).toMatchObject({ code: 1, message: '该拼单已满' });
    // lowering one's share in a full order frees tonnage again
    await t.app.inject({
      method: 'GET',
      url: enquiry(ids.slit, 'tonnes=50'),
      headers: { 'x-token': a.token },
    });
    const [row] = await t.db.select().from(processingOffers).where(eq(processingOffers.id, ids.slit));
    expect(row!.groupJoinedTonnes).toBe(90);
  });

  it('lets concurrent joins fill the order but never beyond the target', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => makeUser(t.db)));
    const answers = await Promise.all(
      users.map((u) =>
        t.app.inject({ method: 'GET', url: enquiry(ids.slit, 'tonnes=3'), headers: { 'x-token': u.token } }),
      ),
    );
    const codes = answers.map((r) => r.json().code).sort();
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    const [row] = await t.db.select().from(processingOffers).where(eq(processingOffers.id, ids.slit));
    expect(row!.groupJoinedTonnes).toBe(99);
  });

  it('refuses a closed, missing or group-less order and bad tonnage', async () => {
    const as = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-token': b.token } });
    expect((await as(enquiry(ids.past, 'tonnes=5'))).json()).toMatchObject({
      code: 1,
      message: '该拼单已截止',
    });
    expect((await as(enquiry(ids.cut, 'tonnes=5'))).json().code).toBe(1);
    expect((await as(enquiry(ids.hidden))).json().code).toBe(6);
    expect((await as(enquiry(999999))).json().code).toBe(6);
    for (const q of [
      'tonnes=0',
      'tonnes=-5',
      'tonnes=1.5',
      'tonnes=abc',
      'tonnes=100001',
      `remark=${'x'.repeat(301)}`,
    ]) {
      const res = await as(enquiry(ids.slit, q));
      expect(res.json().code, q).toBe(2);
    }
    for (const id of ['0', 'abc', '2147483648']) {
      expect((await as(`/api/web/shareMach/enquiry/${id}`)).json().code, id).toBe(2);
    }
  });

  it('refuses joins and enquiries while the service is closed, and takes them again once open', async () => {
    await setOpen(t.db, 'processing', false);
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: enquiry(ids.cut),
        headers: { 'x-token': b.token },
      });
      expect(res.json()).toMatchObject({ code: 1, message: '共享加工服务即将开放，敬请期待' });
    } finally {
      await setOpen(t.db, 'processing', true);
    }
    const res = await t.app.inject({ method: 'GET', url: enquiry(ids.cut), headers: { 'x-token': b.token } });
    expect(res.json().code).toBe(0);
  });

  it('refuses its offers and menus while the service is closed, not only the menu entry (issue 35)', async () => {
    await setOpen(t.db, 'processing', false);
    try {
      for (const url of ['/api/web/2.0/shareMach', '/api/web/2.0/shareMach/getMenus']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.json(), url).toMatchObject({
          code: 1,
          message: '共享加工服务即将开放，敬请期待',
          data: null,
        });
      }
    } finally {
      await setOpen(t.db, 'processing', true);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/web/2.0/shareMach' })).json().code).toBe(0);
  });
});
