/**
 * The trader's workspace through the API: its own stock, surplus and quotes (write, list, delete,
 * bulk, copy yesterday), its profile and the enquiries it received — and that nothing of another
 * trader's can be read or changed by trying its ids.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayString } from '../../dates.ts';
import { cargo, enquiries, quotations, surplus, users } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { makeCatalog, makeLot, type TestCatalog } from '../../test/lots.ts';
import { makeQuotes } from '../../test/quotes.ts';

const t = useTestApp();
let catalog: TestCatalog;
let alice: MadeUser;
let bob: MadeUser;
let member: MadeUser;
let ip = 1;
const nextIp = () => `10.17.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

const call = (
  user: MadeUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: user ? { 'x-token': user.token } : {},
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const hrc = {
  product: '热卷',
  material: 'q235b',
  spec: '2.75×1250×C',
  origin: '日照',
  warehouse: '乐从钢铁世界仓',
  pieces: 3,
  weight: 75.5,
  price: 4120,
};

const today = () => dayString(new Date());

beforeAll(async () => {
  catalog = await makeCatalog(t.db);
  alice = await makeUser(t.db, { role: 'trader' });
  bob = await makeUser(t.db, { role: 'trader' });
  member = await makeUser(t.db, { beans: 100 });
});

describe('who may use the workspace', () => {
  it('asks a visitor to log in and tells a member it is for traders', async () => {
    expect((await call(null, 'GET', '/api/trader/cargo')).json().code).toBe(4);
    const res = await call(member, 'GET', '/api/trader/cargo');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 5, message: '该功能仅对已认证的商家开放' });
  });

  it('tells an operator without a company that the account has none', async () => {
    const admin = await makeUser(t.db, { role: 'admin' });
    const res = await call(admin, 'GET', '/api/trader/profile');
    expect(res.json()).toMatchObject({ code: 5, message: '该账户未关联企业' });
  });
});

describe('spot stock', () => {
  let id: number;

  it('publishes a form row understood like search understands it', async () => {
    const res = await call(alice, 'POST', '/api/trader/cargo', { ...hrc, remark: '可开票' });
    expect(res.json().code).toBe(0);
    const lot = res.json().data;
    expect(lot).toMatchObject({
      product: '热轧卷板',
      material: 'Q235B',
      spec: '2.75*1250*C',
      origin: '日照',
      warehouse: '乐从钢铁世界仓',
      city: '乐从',
      pieces: 3,
      weight: 75.5,
      price: 4120,
      callForPrice: false,
      status: 'on_sale',
      stale: false,
    });
    id = lot.id;
    const [row] = await t.db.select().from(cargo).where(eq(cargo.id, id));
    expect(row).toMatchObject({
      companyId: alice.companyId,
      weightKg: 75_500,
      priceFen: 412_000,
      thickness: 2.75,
    });
    expect(row!.searchText).toContain('热轧卷板');
    expect(row!.searchText).toContain('乐从');
  });

  it('refuses a row it cannot understand with the reason in Chinese', async () => {
    const res = await call(alice, 'POST', '/api/trader/cargo', { ...hrc, spec: '2.75*abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1 });
    expect(res.json().message).toContain('规格「2.75*abc」无法识别，应如 2.75*1250*C');
    const two = await call(alice, 'POST', '/api/trader/cargo', { ...hrc, product: '螺纹钢', spec: 'abc' });
    expect(two.json().message).toContain('品名「螺纹钢」不在品名表中');
    expect(two.json().message).toContain('规格「abc」无法识别');
  });

  it('is found on /wareHouse by keyword', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/web/2.0/searchCargo/page',
      payload: { keyword: '热卷 2.75*1250' },
      remoteAddress: nextIp(),
    });
    const found = res.json().data.list.find((l: { id: number }) => l.id === id);
    expect(found).toMatchObject({ price: 4120, stale: false });
  });

  it('lists own rows newest first, by keyword and status, 过期 after 7 days', async () => {
    const old = await makeLot(t.db, catalog, {
      companyId: alice.companyId!,
      spec: '3.0*1500*C',
      updatedAt: new Date(Date.now() - 8 * 86_400_000),
    });
    const sold = await makeLot(t.db, catalog, {
      companyId: alice.companyId!,
      spec: '4.0*1500*C',
      status: 'sold_out',
    });
    await makeLot(t.db, catalog, { companyId: bob.companyId!, spec: '2.75*1250*C' });
    const all = (await call(alice, 'GET', '/api/trader/cargo')).json().data;
    expect(all.total).toBe(3);
    expect(all.list.map((l: { id: number }) => l.id)).toEqual([sold.id, id, old.id]);
    expect(all.list.find((l: { id: number }) => l.id === old.id).stale).toBe(true);
    const byWord = (await call(alice, 'GET', '/api/trader/cargo?keyword=1250')).json().data;
    expect(byWord.list.map((l: { id: number }) => l.id)).toEqual([id]);
    const byAlias = await call(
      alice,
      'GET',
      `/api/trader/cargo?keyword=${encodeURIComponent('热卷 2.75×1250')}`,
    );
    expect(byAlias.json().data.list.map((l: { id: number }) => l.id)).toEqual([id]);
    const soldOnly = (await call(alice, 'GET', '/api/trader/cargo?status=sold_out')).json().data;
    expect(soldOnly.list.map((l: { id: number }) => l.id)).toEqual([sold.id]);
    // the public listing marks it too
    const pub = await t.app.inject({
      method: 'POST',
      url: '/api/web/2.0/searchCargo/page',
      payload: { keyword: '3.0*1500' },
      remoteAddress: nextIp(),
    });
    expect(pub.json().data.list.find((l: { id: number }) => l.id === old.id).stale).toBe(true);
  });

  it('edits its own row and moves its time', async () => {
    await t.db
      .update(cargo)
      .set({ updatedAt: new Date(Date.now() - 9 * 86_400_000) })
      .where(eq(cargo.id, id));
    const res = await call(alice, 'PUT', `/api/trader/cargo/${id}`, { ...hrc, price: 0, weight: 50 });
    expect(res.json().data).toMatchObject({ id, price: 0, callForPrice: true, weight: 50, stale: false });
  });

  it("cannot read, edit, delete or bulk another trader's rows", async () => {
    const theirs = await makeLot(t.db, catalog, { companyId: bob.companyId!, price: 3000 });
    const before = (await t.db.select().from(cargo).where(eq(cargo.id, theirs.id)))[0]!;
    const edit = await call(alice, 'PUT', `/api/trader/cargo/${theirs.id}`, hrc);
    expect(edit.statusCode).toBe(404);
    expect(edit.json().code).toBe(6);
    const missing = await call(alice, 'PUT', '/api/trader/cargo/999999', hrc);
    expect(missing.json()).toEqual({ ...edit.json(), requestId: expect.any(String) });
    expect((await call(alice, 'DELETE', `/api/trader/cargo/${theirs.id}`)).json().code).toBe(6);
    for (const action of ['sold', 'delete']) {
      const bulk = await call(alice, 'POST', '/api/trader/cargo/bulk', { ids: [theirs.id], action });
      expect(bulk.json().data).toEqual({ affected: 0 });
    }
    const reprice = await call(alice, 'POST', '/api/trader/cargo/bulk', {
      ids: [theirs.id],
      action: 'reprice',
      delta: -2000,
    });
    expect(reprice.json().data).toEqual({ affected: 0 });
    const list = (await call(alice, 'GET', '/api/trader/cargo?pageSize=100')).json().data.list;
    expect(list.some((l: { id: number }) => l.id === theirs.id)).toBe(false);
    const after = (await t.db.select().from(cargo).where(eq(cargo.id, theirs.id)))[0]!;
    expect(after).toEqual(before);
  });

  it('bulk: marks sold, back on sale, reprices priced rows only, refuses a price at or below 0', async () => {
    const a = await makeLot(t.db, catalog, { companyId: alice.companyId!, price: 3000, spec: '5.0*1500*C' });
    const b = await makeLot(t.db, catalog, { companyId: alice.companyId!, price: 0, spec: '6.0*1500*C' });
    const ids = [a.id, b.id];
    const sold = await call(alice, 'POST', '/api/trader/cargo/bulk', { ids, action: 'sold' });
    expect(sold.json().data).toEqual({ affected: 2 });
    expect(
      (await call(alice, 'POST', '/api/trader/cargo/bulk', { ids, action: 'onSale' })).json().data,
    ).toEqual({
      affected: 2,
    });
    const up = await call(alice, 'POST', '/api/trader/cargo/bulk', { ids, action: 'reprice', delta: 20 });
    expect(up.json().data).toEqual({ affected: 1 });
    const prices = await t.db.select({ id: cargo.id, priceFen: cargo.priceFen }).from(cargo);
    expect(prices.find((p) => p.id === a.id)!.priceFen).toBe(302_000);
    expect(prices.find((p) => p.id === b.id)!.priceFen).toBe(0);
    const tooLow = await call(alice, 'POST', '/api/trader/cargo/bulk', {
      ids,
      action: 'reprice',
      delta: -3020,
    });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json().message).toContain('不大于 0');
    const noDelta = await call(alice, 'POST', '/api/trader/cargo/bulk', { ids, action: 'reprice' });
    expect(noDelta.statusCode).toBe(400);
  });

  it('a deleted lot vanishes from the list, the public search, the firm counts and enquiries', async () => {
    const del = await call(alice, 'DELETE', `/api/trader/cargo/${id}`);
    expect(del.json().data).toEqual({ affected: 1 });
    expect((await call(alice, 'DELETE', `/api/trader/cargo/${id}`)).json().code).toBe(6);
    const [row] = await t.db.select({ status: cargo.status }).from(cargo).where(eq(cargo.id, id));
    expect(row!.status).toBe('deleted');
    const mine = (await call(alice, 'GET', '/api/trader/cargo?pageSize=100')).json().data.list;
    expect(mine.some((l: { id: number }) => l.id === id)).toBe(false);
    const pub = await t.app.inject({
      method: 'POST',
      url: '/api/web/2.0/searchCargo/page',
      payload: { keyword: '热卷', pageSize: 100 },
      remoteAddress: nextIp(),
    });
    expect(pub.json().data.list.some((l: { id: number }) => l.id === id)).toBe(false);
    const home = await call(null, 'GET', '/api/web/2.0/home/newestCargo');
    expect(home.body).not.toContain(`"id":${id},`);
    const ask = await call(member, 'POST', '/api/web/searchCargo/enquiry', { kind: 'cargo', ids: [id] });
    expect(ask.json().code).toBe(6);
    expect((await call(alice, 'PUT', `/api/trader/cargo/${id}`, hrc)).json().code).toBe(6);
  });
});

describe('surplus', () => {
  it('publishes with grade and defects, lists and deletes its own', async () => {
    const res = await call(alice, 'POST', '/api/trader/surplus', {
      ...hrc,
      grade: '协议品',
      defects: '边浪',
    });
    expect(res.json().data).toMatchObject({
      product: '热轧卷板',
      grade: '协议品',
      defects: '边浪',
      stale: false,
    });
    const id = res.json().data.id;
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/web/2.0/searchMaterial/page?keyword=边浪',
      remoteAddress: nextIp(),
    });
    expect(listed.json().data.list.map((l: { id: number }) => l.id)).toEqual([id]);
    const [row] = await t.db.select().from(surplus).where(eq(surplus.id, id));
    expect(row!.searchText).toContain('边浪');
    const edit = await call(alice, 'PUT', `/api/trader/surplus/${id}`, { ...hrc, grade: '次品' });
    expect(edit.json().data).toMatchObject({ grade: '次品', defects: '' });
    const list = (await call(alice, 'GET', '/api/trader/surplus')).json().data;
    expect(list.list.map((l: { id: number }) => l.id)).toEqual([id]);
    expect((await call(bob, 'DELETE', `/api/trader/surplus/${id}`)).json().code).toBe(6);
    expect((await call(bob, 'GET', '/api/trader/surplus')).json().data.total).toBe(0);
    expect(
      (await call(alice, 'POST', '/api/trader/surplus/bulk', { ids: [id], action: 'delete' })).json().data,
    ).toEqual({
      affected: 1,
    });
    const pub = await t.app.inject({
      method: 'GET',
      url: '/api/web/2.0/searchMaterial/page?pageSize=100',
      remoteAddress: nextIp(),
    });
    expect(pub.json().code).toBe(0);
    expect(pub.json().data.list.some((l: { id: number }) => l.id === id)).toBe(false);
  });
});

describe('quotations', () => {
  let carol: MadeUser;
  const yesterday = () => dayString(new Date(), -1);

  beforeAll(async () => {
    carol = await makeUser(t.db, { role: 'trader' });
    await makeQuotes(t.db, catalog, [
      { companyId: carol.companyId!, day: dayString(new Date(), -3), price: 4000 },
      { companyId: carol.companyId!, day: yesterday(), price: 4100 },
      { companyId: carol.companyId!, day: yesterday(), spec: '3.0*1500*C', price: 0 },
      {
        companyId: carol.companyId!,
        day: yesterday(),
        product: 'crc',
        material: 'SPHC',
        spec: '1.0*1250*C',
        price: 5000,
      },
    ]);
  });

  it('lists the latest day with quotes before today has any, and names it as the copy source', async () => {
    const page = (await call(carol, 'GET', '/api/trader/quotations')).json().data;
    expect(page).toMatchObject({ date: yesterday(), today: today(), previousDate: yesterday(), total: 3 });
    const first = page.list.find((q: { spec: string; product: string }) => q.spec === '2.75*1250*C');
    expect(first).toMatchObject({ price: 4100, prevPrice: 4000, change: 100, quoteDate: yesterday() });
  });

  it('copies yesterday +20 into today with the change, and a second run copies nothing', async () => {
    const res = await call(carol, 'POST', '/api/trader/quotations/copy', { delta: 20 });
    expect(res.json().data).toEqual({ from: yesterday(), date: today(), copied: 3, skipped: 0 });
    const page = (await call(carol, 'GET', '/api/trader/quotations')).json().data;
    expect(page.date).toBe(today());
    const bySpec = Object.fromEntries(page.list.map((q: { spec: string }) => [q.spec, q]));
    expect(bySpec['2.75*1250*C']).toMatchObject({ price: 4120, prevPrice: 4100, change: 20 });
    expect(bySpec['3.0*1500*C']).toMatchObject({ price: 0, callForPrice: true, change: null });
    expect(bySpec['1.0*1250*C']).toMatchObject({ price: 5020, change: 20 });
    const again = await call(carol, 'POST', '/api/trader/quotations/copy', { delta: 20 });
    expect(again.json().data).toEqual({ from: yesterday(), date: today(), copied: 0, skipped: 3 });

    // /beginMain shows the copied quote with its change
    const pub = await t.app.inject({
      method: 'POST',
      url: '/api/web/2.0/quotation/list-index',
      payload: { date: today(), traderId: carol.id },
      remoteAddress: nextIp(),
    });
    const list = pub.json().data.list;
    expect(list).toHaveLength(3);
    expect(list.find((q: { spec: string }) => q.spec === '2.75*1250*C')).toMatchObject({
      price: 4120,
      previousPrice: 4100,
      change: 20,
    });
  });

  it("publishes, edits and reprices today's quotes with the change against the last day", async () => {
    const created = await call(carol, 'POST', '/api/trader/quotations', {
      product: '热轧卷板',
      material: 'Q235B',
      spec: '2.75*1250*C',
      origin: '宝钢',
      city: '乐从',
      price: 4200,
    });
    expect(created.json().data).toMatchObject({ origin: '宝钢', price: 4200, prevPrice: null, change: null });
    const id = created.json().data.id;
    const dup = await call(carol, 'POST', '/api/trader/quotations', {
      product: '热轧卷板',
      material: 'Q235B',
      spec: '2.75*1250*C',
      origin: '宝钢',
      city: '乐从',
      price: 4300,
    });
    expect(dup.json().code).toBe(1);
    // edited into the item quoted yesterday at 4,100 (from 日照, no warehouse) -> but that is quoted today already
    const clash = await call(carol, 'PUT', `/api/trader/quotations/${id}`, {
      product: '热卷',
      material: 'Q235B',
      spec: '2.75*1250*C',
      origin: '日照',
      city: '乐从',
      price: 4150,
    });
    expect(clash.json().code).toBe(1);
    const [copied] = await t.db
      .select({ id: quotations.id })
      .from(quotations)
      .where(eq(quotations.quoteDate, today()));
    const page = (await call(carol, 'GET', '/api/trader/quotations')).json().data;
    const hot = page.list.find(
      (q: { spec: string; origin: string }) => q.spec === '2.75*1250*C' && q.origin === '日照',
    );
    expect(copied).toBeDefined();
    const edited = await call(carol, 'PUT', `/api/trader/quotations/${hot.id}`, {
      product: '热卷',
      material: 'Q235B',
      spec: '2.75*1250*C',
      origin: '日照',
      city: '乐从',
      price: 4080,
    });
    expect(edited.json().data).toMatchObject({ price: 4080, prevPrice: 4100, change: -20 });
    const bulk = await call(carol, 'POST', '/api/trader/quotations/bulk', {
      ids: [hot.id, id],
      action: 'reprice',
      delta: -30,
    });
    expect(bulk.json().data).toEqual({ affected: 2 });
    const after = (await call(carol, 'GET', '/api/trader/quotations')).json().data.list;
    expect(after.find((q: { id: number }) => q.id === hot.id)).toMatchObject({ price: 4050, change: -50 });
    expect(after.find((q: { id: number }) => q.id === id)).toMatchObject({ price: 4170, change: null });
  });

  it("refuses edits of another day's quote and of another trader's", async () => {
    const [old] = await t.db
      .select({ id: quotations.id })
      .from(quotations)
      .where(eq(quotations.quoteDate, yesterday()));
    const body = { product: '热卷', spec: '2.75*1250*C', city: '乐从', price: 1 };
    expect((await call(carol, 'PUT', `/api/trader/quotations/${old!.id}`, body)).json().code).toBe(1);
    expect((await call(alice, 'PUT', `/api/trader/quotations/${old!.id}`, body)).json().code).toBe(6);
    expect((await call(alice, 'DELETE', `/api/trader/quotations/${old!.id}`)).json().code).toBe(6);
    const bulk = await call(alice, 'POST', '/api/trader/quotations/bulk', {
      ids: [old!.id],
      action: 'delete',
    });
    expect(bulk.json().data).toEqual({ affected: 0 });
    const mine = (await call(alice, 'GET', `/api/trader/quotations?date=${yesterday()}`)).json().data;
    expect(mine.total).toBe(0);
    const [row] = await t.db.select().from(quotations).where(eq(quotations.id, old!.id));
    expect(row!.deletedAt).toBeNull();
  });

  it('a deleted quote leaves /beginMain and the firm page', async () => {
    const page = (await call(carol, 'GET', '/api/trader/quotations')).json().data;
    const target = page.list.find((q: { spec: string }) => q.spec === '1.0*1250*C');
    expect((await call(carol, 'DELETE', `/api/trader/quotations/${target.id}`)).json().data).toEqual({
      affected: 1,
    });
    const pub = await t.app.inject({
      method: 'POST',
      url: '/api/web/2.0/quotation/list-index',
      payload: { date: today(), traderId: carol.id },
      remoteAddress: nextIp(),
    });
    expect(pub.json().data.list.some((q: { id: number }) => q.id === target.id)).toBe(false);
    const firm = await t.app.inject({
      method: 'POST',
      url: `/api/web/2.0/quotation/list-user/${carol.id}`,
      payload: { date: today() },
      remoteAddress: nextIp(),
    });
    expect(firm.json().data.list.some((q: { id: number }) => q.id === target.id)).toBe(false);
    const mine = (await call(carol, 'GET', '/api/trader/quotations')).json().data;
    expect(mine.list.some((q: { id: number }) => q.id === target.id)).toBe(false);
  });
});

describe('profile', () => {
  it('shows and edits the firm profile; the firm page shows the change', async () => {
    const got = (await call(alice, 'GET', '/api/trader/profile')).json().data;
    expect(got).toMatchObject({ companyId: alice.companyId, userId: alice.id });
    const body = {
      shortName: '爱丽丝钢贸',
      city: '佛山',
      address: '乐从镇钢铁世界 A 区 8 号',
      contactName: '王经理',
      contactPhone: '0757-28881234',
      mainProducts: '热卷、冷卷',
      intro: '十年热卷现货。\n诚信经营。',
    };
    const res = await call(alice, 'PUT', '/api/trader/profile', { ...body, name: '改不了的名字' });
    expect(res.json().data).toMatchObject({ ...body, name: got.name });
    const firm = await t.app.inject({
      method: 'POST',
      url: `/api/web/2.0/quotation/list-user/${alice.id}`,
      payload: {},
      remoteAddress: nextIp(),
    });
    expect(firm.json().data.firm).toMatchObject({
      name: got.name,
      shortName: '爱丽丝钢贸',
      city: '佛山',
      address: body.address,
      mainProducts: '热卷、冷卷',
      intro: body.intro,
    });
    const taken = await call(bob, 'PUT', '/api/trader/profile', { ...body, contactPhone: '13900001111' });
    expect(taken.json()).toMatchObject({ code: 1 });
    const badPhone = await call(bob, 'PUT', '/api/trader/profile', {
      ...body,
      shortName: '鲍勃',
      contactPhone: '12',
    });
    expect(badPhone.statusCode).toBe(400);
  });
});

describe('enquiries received', () => {
  it("shows the buyer's name, full phone and the item, newest first; answers only its own", async () => {
    const lot = await call(bob, 'POST', '/api/trader/cargo', hrc);
    const lotId = lot.json().data.id;
    const ask = await call(member, 'POST', '/api/web/searchCargo/enquiry', {
      kind: 'cargo',
      ids: [lotId],
      message: '还有货吗',
    });
    expect(ask.json().code).toBe(0);
    const page = (await call(bob, 'GET', '/api/trader/enquiries')).json().data;
    expect(page.total).toBe(1);
    const [buyer] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(page.list[0]).toMatchObject({
      kind: 'cargo',
      itemId: lotId,
      item: '热轧卷板 Q235B 2.75*1250*C 日照 4,120元/吨',
      buyerName: buyer!.linkMan,
      buyerPhone: buyer!.phone,
      buyerCompany: null,
      message: '还有货吗',
      answeredAt: null,
    });
    const enquiryId = page.list[0].id;
    expect((await call(alice, 'GET', '/api/trader/enquiries')).json().data.total).toBe(0);
    const foreign = await call(alice, 'POST', `/api/trader/enquiries/${enquiryId}/answer`);
    expect(foreign.json().code).toBe(6);
    const [still] = await t.db.select().from(enquiries).where(eq(enquiries.id, enquiryId));
    expect(still!.answeredAt).toBeNull();
    const answered = await call(bob, 'POST', `/api/trader/enquiries/${enquiryId}/answer`);
    expect(answered.json().data.answeredAt).not.toBeNull();
    expect((await call(bob, 'GET', '/api/trader/enquiries?unanswered=true')).json().data.total).toBe(0);
    // a lot deleted since: the enquiry stays, its item id is gone
    await call(bob, 'DELETE', `/api/trader/cargo/${lotId}`);
    const later = (await call(bob, 'GET', '/api/trader/enquiries')).json().data.list[0];
    expect(later).toMatchObject({ itemId: null, item: '热轧卷板 Q235B 2.75*1250*C 日照 4,120元/吨' });
  });

  it('summarises a 电议 lot', async () => {
    const lot = await call(bob, 'POST', '/api/trader/surplus', { ...hrc, price: 0, spec: '3.0*1250*C' });
    const ask = await call(member, 'POST', '/api/web/searchCargo/enquiry', {
      kind: 'surplus',
      ids: [lot.json().data.id],
    });
    expect(ask.json().code).toBe(0);
    const page = (await call(bob, 'GET', '/api/trader/enquiries')).json().data;
    expect(page.list[0]).toMatchObject({ kind: 'surplus', item: '热轧卷板 Q235B 3.0*1250*C 日照 电议' });
  });
});
