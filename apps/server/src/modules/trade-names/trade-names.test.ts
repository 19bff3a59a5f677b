/**
 * The trade vocabulary in English (issue 31): `GET /api/web/tradeNames?lang=en` over the demo's
 * catalogue (seed/catalog.ts) and two more warehouses, one with an English name of its own. A
 * visitor reads it; products, families, categories and mills carry their seeded English names,
 * cities and markets their pinyin, warehouses `name_en` or their name by rule; a console
 * vocabulary write refreshes it as it does the searches' dictionary.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, warehouses } from '../../db/schema/index.ts';
import { seedCatalog } from '../../seed/catalog.ts';
import { CATEGORIES, FAMILIES, PRODUCTS } from '../../seed/dictionaries.ts';
import { MILLS } from '../../seed/mills.ts';
import { Rng } from '../../seed/random.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';

const t = useTestApp();
let ip = 1;
const nextIp = () => `10.31.1.${(ip++ % 250) + 1}`;
let admin: MadeUser;

async function tradeNames(query = '?lang=en') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/web/tradeNames${query}`,
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    lang: string;
    categories: Record<string, string>;
    families: Record<string, string>;
    products: Record<string, string>;
    mills: Record<string, string>;
    cities: Record<string, string>;
    warehouses: Record<string, string>;
  };
}

const base = { region: '西南' as const, province: '重庆', address: '重庆市', capacityTonnes: 1000 };

beforeAll(async () => {
  admin = await makeUser(t.db, { role: 'admin' });
  await t.db.transaction((tx) => seedCatalog(tx, new Rng(31), new Set()));
  await t.db.insert(warehouses).values([
    { ...base, name: '重庆西彭钢材仓', city: '重庆', market: '重庆' },
    { ...base, name: '长沙金霞码头', city: '长沙', market: '长沙', nameEn: 'Jinxia Port Terminal' },
  ]);
});

describe('GET /api/web/tradeNames', () => {
  it('gives a visitor the English names of the vocabulary, keyed by the Chinese ones', async () => {
    const names = await tradeNames();
    expect(names.lang).toBe('en');
    expect(names.categories).toEqual(Object.fromEntries(CATEGORIES.map((c) => [c.name, c.nameEn])));
    expect(names.families).toEqual(Object.fromEntries(FAMILIES.map((f) => [f.name, f.nameEn])));
    expect(names.products).toEqual(Object.fromEntries(PRODUCTS.map((p) => [p.name, p.nameEn])));
    expect(names.mills).toEqual(Object.fromEntries(MILLS.map((m) => [m.name, m.nameEn])));
    expect(names.products.热轧卷板).toBe('Hot-rolled coil');
    expect(names.mills.宝钢).toBe('Baosteel');
  });

  it('names cities and markets in pinyin, polyphonic ones as they are called', async () => {
    const { cities } = await tradeNames();
    expect(cities).toMatchObject({
      上海: 'Shanghai',
      乐从: 'Lecong',
      张家港: 'Zhangjiagang',
      重庆: 'Chongqing',
      长沙: 'Changsha',
      全国: 'Nationwide',
    });
    for (const [zh, en] of Object.entries(cities)) expect(en, zh).toMatch(/^[A-Z][A-Za-z' ]+$/);
  });

  it('names a warehouse by its English name, else by rule', async () => {
    const { warehouses: names } = await tradeNames();
    expect(names).toMatchObject({
      上海宝钢钢材物流宝山库: 'Shanghai Baosteel Steel Logistics Baoshan Warehouse',
      张家港保税区钢材物流园: 'Zhangjiagang Bonded Zone Steel Logistics Park',
      重庆西彭钢材仓: 'Chongqing Xipeng Steel Warehouse',
      长沙金霞码头: 'Jinxia Port Terminal',
    });
    for (const [zh, en] of Object.entries(names)) expect(en, zh).not.toMatch(/\p{Script=Han}/u);
  });

  it('speaks English by default and refuses a language it does not have', async () => {
    expect((await tradeNames('')).lang).toBe('en');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/web/tradeNames?lang=fr',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(2);
  });

  it('follows a console vocabulary write at once, like the searches', async () => {
    expect((await tradeNames()).products.冷轧板).toBe('Cold-rolled sheet');
    await t.db.update(products).set({ nameEn: 'Cold-rolled cut sheet' }).where(eq(products.name, '冷轧板'));
    const [row] = await t.db.select({ id: products.id }).from(products).where(eq(products.name, '冷轧板'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/vocabulary/products/${row!.id}/aliases`,
      headers: { 'x-token': admin.token },
      payload: { alias: '冷切板' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await tradeNames()).products.冷轧板).toBe('Cold-rolled cut sheet');
  });
});
