/** Contact unlocks with beans, VIP, masking, anti-scraping and export through the API. */

import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { beanLedger, companies, users } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { makeCompany, makeUser } from '../../test/factories.ts';
import { makeCatalog, makeLot, type TestCatalog } from '../../test/lots.ts';

const t = useTestApp();
let catalog: TestCatalog;
const lot: Record<string, { id: number; companyId: number }> = {};
let ip = 1;
const nextIp = () => `10.2.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

beforeAll(async () => {
  catalog = await makeCatalog(t.db);
  const s1 = await makeCompany(t.db, '佛山市乐从鑫源钢铁有限公司');
  lot.a = await makeLot(t.db, catalog, { companyId: s1.id });
  lot.a2 = await makeLot(t.db, catalog, { companyId: s1.id, spec: '3.0*1250*C' });
  lot.b = await makeLot(t.db, catalog, { spec: '4.0*1500*C' });
  lot.c = await makeLot(t.db, catalog, { spec: '5.0*1500*C' });
});

const enquire = (token: string, ids: number[], kind = 'cargo') =>
  t.app.inject({
    method: 'POST',
    url: '/api/web/searchCargo/enquiry',
    headers: { 'x-token': token },
    payload: { kind, ids },
  });
const beansOf = async (userId: number) =>
  (await t.db.select({ beans: users.beans }).from(users).where(eq(users.id, userId)))[0]!.beans;

describe('contact unlock', () => {
  it('never shows a visitor a full phone number anywhere', async () => {
    const phones = (await t.db.select({ phone: companies.contactPhone }).from(companies)).map((c) => c.phone);
    const answers = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/web/2.0/searchCargo/page',
        payload: {},
        remoteAddress: nextIp(),
      }),
      t.app.inject({ method: 'GET', url: '/api/web/searchCargo/supplier/list' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      for (const phone of phones) expect(res.body).not.toContain(phone);
      expect(res.body).toMatch(/1\d{2}\*{4}\d{4}/);
    }
    const row = answers[0]!.json().data.list[0];
    expect(row.supplier.contactName).toBeNull();
  });

  it('asks a visitor to log in to enquire', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/web/searchCargo/enquiry',
      payload: { ids: [lot.a!.id] },
    });
    expect(res.json().code).toBe(4);
  });

  it('charges a member one bean per supplier, never twice, and shows the phone', async () => {
    const member = await makeUser(t.db, { beans: 2 });
    const first = await enquire(member.token, [lot.a!.id]);
    expect(first.json().data).toMatchObject({ beansSpent: 1, beans: 1 });
    const phone = first.json().data.contacts[0].supplier.phone;
    expect(phone).toMatch(/^1\d{10}$/);
    // Another lot of the same supplier, and the same lot again: free.
    expect((await enquire(member.token, [lot.a2!.id, lot.a!.id])).json().data).toMatchObject({
      beansSpent: 0,
      beans: 1,
    });
    expect(await beansOf(member.id)).toBe(1);

    const page = await t.app.inject({
      method: 'POST',
      url: '/api/web/2.0/searchCargo/page',
      headers: { 'x-token': member.token },
      payload: { pageSize: 100 },
      remoteAddress: nextIp(),
    });
    const rowA = page.json().data.list.find((r: { id: number }) => r.id === lot.a!.id);
    expect(rowA.supplier).toMatchObject({ unlocked: true, phone });
    expect(rowA.supplier.contactName).not.toBeNull();

    const total = await t.app.inject({
      method: 'POST',
      url: '/api/web/searchCargo/enquiryTotal',
      headers: { 'x-token': member.token },
      payload: { ids: [lot.a!.id, lot.b!.id] },
    });
    expect(total.json().data).toMatchObject({
      todayCount: 2,
      beans: 1,
      isVip: false,
      unlockedIds: [lot.a!.id],
    });
  });

  it('refuses with code 5 when beans run out, and charges nothing', async () => {
    const member = await makeUser(t.db, { beans: 1 });
    const res = await enquire(member.token, [lot.b!.id, lot.c!.id]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 5, message: expect.stringContaining('钢豆不足') });
    expect(res.json().message).toContain('开通免豆会员');
    expect(await beansOf(member.id)).toBe(1);
  });

  it('unlocks for free for a VIP', async () => {
    const vip = await makeUser(t.db, { vip: true, beans: 5 });
    const res = await enquire(vip.token, [lot.b!.id, lot.c!.id]);
    expect(res.json().data).toMatchObject({ beansSpent: 0, beans: 5 });
    expect(await beansOf(vip.id)).toBe(5);
  });

  it('never overdraws under concurrent enquiries', async () => {
    const member = await makeUser(t.db, { beans: 3 });
    const suppliers = await Promise.all(
      Array.from({ length: 8 }, () => makeLot(t.db, catalog, { spec: '6.0*1500*C' })),
    );
    const answers = await Promise.all(suppliers.map((s) => enquire(member.token, [s.id])));
    const codes = answers.map((a) => a.json().code).sort();
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    expect(codes.filter((c) => c === 5)).toHaveLength(5);
    expect(await beansOf(member.id)).toBe(0);
    const [ledger] = await t.db
      .select({
        sum: sql<number>`sum(${beanLedger.delta})::int`,
        min: sql<number>`min(${beanLedger.balanceAfter})::int`,
      })
      .from(beanLedger)
      .where(eq(beanLedger.userId, member.id));
    expect(ledger).toEqual({ sum: -3, min: 0 });
  });
});

describe('anti-scraping', () => {
  it('asks for a captcha after 60 searches a minute, and lets the client on once passed', async () => {
    const client = '10.9.9.9';
    const hit = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/web/2.0/searchCargo/page',
        payload: {},
        remoteAddress: client,
      });
    for (let i = 0; i < 60; i++) expect((await hit()).statusCode).toBe(200);
    const blocked = await hit();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 7, message: expect.stringContaining('验证码') });
    // Once stopped, a client's searches wait for the guard and read no lots (on PostgreSQL
    // without Redis the guard's own store reads are selects too: only lot reads count here).
    const select = vi.spyOn(t.app.db, 'select');
    try {
      expect((await hit()).statusCode).toBe(429);
      const lotReads = select.mock.calls.filter(([fields]) => fields !== undefined && 'productId' in fields);
      expect(lotReads).toEqual([]);
    } finally {
      select.mockRestore();
    }

    const captcha = (
      await t.app.inject({ method: 'GET', url: '/api/web/searchCargo/captcha', remoteAddress: client })
    ).json().data;
    expect(captcha.svg).toContain('<svg');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/web/searchCargo/checkImg',
      payload: { captchaId: captcha.captchaId, text: 'zzzz' },
      remoteAddress: client,
    });
    expect(wrong.json().code).toBe(1);

    const fresh = (
      await t.app.inject({ method: 'GET', url: '/api/web/searchCargo/captcha', remoteAddress: client })
    ).json().data;
    const answer = await t.app.store.get(`captcha:${fresh.captchaId}`);
    const pass = await t.app.inject({
      method: 'POST',
      url: '/api/web/searchCargo/checkImg',
      payload: { captchaId: fresh.captchaId, text: answer!.toUpperCase() },
      remoteAddress: client,
    });
    expect(pass.json().data).toEqual({ passed: true, validForSeconds: 600 });
    expect((await hit()).statusCode).toBe(200);
  });
});

describe('export', () => {
  it('gives a VIP an .xlsx with Chinese headers and the rows', async () => {
    const vip = await makeUser(t.db, { vip: true });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/web/2.0/searchCargo/export?keyword=${encodeURIComponent('日照')}&sort=price&order=asc`,
      headers: { 'x-token': vip.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['品名', '规格', '重量(吨)', '单价(元/吨)', '供应商']),
    );
    expect(sheet.rowCount).toBe(1 + 12);
    expect(sheet.getRow(2).getCell(1).value).toBe('热轧卷板');
  });

  it('refuses a member who is not VIP (code 5)', async () => {
    const member = await makeUser(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/web/2.0/searchCargo/export',
      headers: { 'x-token': member.token },
    });
    expect(res.json().code).toBe(5);
  });
});
