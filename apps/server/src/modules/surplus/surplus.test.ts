/** Surplus search, menus, totals and export through the API (the lot search shared with cargo). */

import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { makeCompany, makeUser } from '../../test/factories.ts';
import { makeCatalog, makeLot, type TestCatalog } from '../../test/lots.ts';

const t = useTestApp();
let catalog: TestCatalog;
let ip = 1;
const nextIp = () => `10.3.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

beforeAll(async () => {
  catalog = await makeCatalog(t.db);
});

describe('surplus', () => {
  it('searches surplus by grade with defects and 电议', async () => {
    await makeLot(t.db, catalog, { price: 0 }, 'surplus', { grade: '次品', defects: '表面锈蚀' });
    await makeLot(t.db, catalog, { price: 3100, spec: '3.0*1250*C' }, 'surplus', {
      grade: '协议品',
      defects: '边浪',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/web/2.0/searchMaterial/page?grades=${encodeURIComponent('次品')}`,
      remoteAddress: nextIp(),
    });
    const { data } = res.json();
    expect(data.list).toHaveLength(1);
    expect(data.list[0]).toMatchObject({ grade: '次品', defects: '表面锈蚀', price: 0, callForPrice: true });
    const menu = await t.app.inject({ method: 'GET', url: '/api/web/2.0/searchMaterial/Menu' });
    expect(menu.json().data.grades).toEqual(
      expect.arrayContaining([
        { value: '次品', count: 1 },
        { value: '协议品', count: 1 },
      ]),
    );
    const bad = await t.app.inject({ method: 'GET', url: '/api/web/2.0/searchMaterial/page?grades=好货' });
    expect(bad.json().code).toBe(2);

    const totals = await t.app.inject({
      method: 'GET',
      url: `/api/web/2.0/searchMaterial/page-total?grades=${encodeURIComponent('协议品')}`,
    });
    expect(totals.json().data).toMatchObject({
      rows: 1,
      pieces: 3,
      weight: 75.5,
      products: [{ product: '热轧卷板', rows: 1, weight: 75.5, avgPrice: 3100 }],
    });

    const vip = await makeUser(t.db, { vip: true });
    const sheet = await t.app.inject({
      method: 'GET',
      url: '/api/web/2.0/searchMaterial/export',
      headers: { 'x-token': vip.token },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.name).toBe('余料');
    expect(book.worksheets[0]!.getRow(1).values).toEqual(expect.arrayContaining(['等级', '缺陷']));
    expect(book.worksheets[0]!.rowCount).toBe(3);
  });
});

describe('surplus through the shared lot search', () => {
  it('sorts by price with 电议 last', async () => {
    await makeLot(t.db, catalog, { price: 2900, spec: '4.0*1250*C' }, 'surplus', { grade: '正品' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/web/2.0/searchMaterial/page?sort=price&order=asc',
      remoteAddress: nextIp(),
    });
    const prices = res.json().data.list.map((r: { price: number }) => r.price);
    expect(prices).toEqual([2900, 3100, 0]);
  });

  it('unlocks a surplus supplier through the enquiry with kind surplus', async () => {
    const supplier = await makeCompany(t.db, '天津余料钢铁有限公司');
    const lot = await makeLot(t.db, catalog, { companyId: supplier.id, spec: '8.0*1500*C' }, 'surplus', {
      grade: '协议品',
    });
    const member = await makeUser(t.db, { beans: 2 });
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/web/searchCargo/enquiryTotal',
      headers: { 'x-token': member.token },
      payload: { kind: 'surplus', ids: [lot.id] },
    });
    expect(before.json().data).toMatchObject({ todayCount: 0, beans: 2, unlockedIds: [] });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/web/searchCargo/enquiry',
      headers: { 'x-token': member.token },
      payload: { kind: 'surplus', ids: [lot.id] },
    });
    expect(res.json().data).toMatchObject({ beansSpent: 1, beans: 1 });
    expect(res.json().data.contacts[0]).toMatchObject({
      id: lot.id,
      supplier: { id: supplier.id, phone: supplier.contactPhone, unlocked: true },
    });

    const after = await t.app.inject({
      method: 'POST',
      url: '/api/web/searchCargo/enquiryTotal',
      headers: { 'x-token': member.token },
      payload: { kind: 'surplus', ids: [lot.id] },
    });
    expect(after.json().data).toMatchObject({ todayCount: 1, beans: 1, unlockedIds: [lot.id] });

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/web/2.0/searchMaterial/page?supplierId=${supplier.id}`,
      headers: { 'x-token': member.token },
      remoteAddress: nextIp(),
    });
    expect(page.json().data.list[0].supplier).toMatchObject({ unlocked: true, phone: supplier.contactPhone });
  });
});
