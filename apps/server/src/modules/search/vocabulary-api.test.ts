/**
 * The trade vocabulary through the API (issue 29): the demo's catalogue (seed/catalog.ts, with
 * its families and mill aliases) and a spread of rows over every product, then trade queries on
 * spot stock, surplus and quotations. Each answer must hold exactly the rows the understood
 * keyword selects, computed here from the rows as written: every returned row matches, and none
 * that matches is missing. Runs on PostgreSQL too (collation, ranges on numeric columns).
 */
import { parseSpec } from '@steelport/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayString } from '../../dates.ts';
import { buildSearchText, cargo, surplus } from '../../db/schema/index.ts';
import { toFen, toKg } from '../../present.ts';
import { seedCatalog } from '../../seed/catalog.ts';
import { PRODUCTS } from '../../seed/dictionaries.ts';
import { millsMaking } from '../../seed/mills.ts';
import { WAREHOUSES } from '../../seed/places.ts';
import { Rng } from '../../seed/random.ts';
import { useTestApp } from '../../test/app.ts';
import { makeCompany } from '../../test/factories.ts';
import { insertQuotations } from '../quotation/repo/publish.ts';
import { tradeDictionary } from './dictionary.ts';
import { type ParsedKeyword, parseKeyword } from './query.ts';

const t = useTestApp();
let ip = 1;
const nextIp = () => `10.29.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

/** One written row as the test knows it. */
interface Written {
  productId: number;
  product: string;
  materialId: number | null;
  material: string;
  millId: number | null;
  origin: string;
  warehouseId: number;
  warehouse: string;
  city: string;
  companyId: number;
  thickness: number;
  width: number | null;
  length: number | null;
  spec: string;
  searchText: string;
}
/** rows by the key each endpoint shows (spec, warehouse, product...) */
const written: Written[] = [];
const rowKey = (r: { product: string; material: string; spec: string; origin: string; warehouse: string }) =>
  [r.product, r.material, r.spec, r.origin, r.warehouse].join('|');

beforeAll(async () => {
  const catalog = await t.db.transaction((tx) => seedCatalog(tx, new Rng(29), new Set()));
  const companies = [await makeCompany(t.db), await makeCompany(t.db), await makeCompany(t.db)];
  const today = dayString(new Date());
  PRODUCTS.forEach((p, pi) => {
    const mills = millsMaking(p.key);
    for (let k = 0; k < 12; k++) {
      const material = p.materials[k % p.materials.length]![0];
      const thickness = p.gauges[(k * 5) % p.gauges.length]![0];
      const width = p.widths[k % p.widths.length]!;
      const tail =
        p.shape === 'coil' ? 'C' : p.shape === 'plate' ? 'L' : String(p.lengths[k % p.lengths.length]);
      const spec = parseSpec(`${thickness}*${width}*${tail}`)!;
      const mill = mills[k % mills.length]!;
      const w = catalog.warehouses[(pi * 7 + k * 3) % WAREHOUSES.length]!;
      const row: Written = {
        productId: catalog.productIds[p.key],
        product: p.name,
        materialId: catalog.materialIds.get(material) ?? null,
        material,
        millId: catalog.millIds.get(mill.name) ?? null,
        origin: mill.name,
        warehouseId: w.id,
        warehouse: w.name,
        city: w.city,
        companyId: companies[k % companies.length]!.id,
        thickness: spec.thickness,
        width: spec.width,
        length: spec.length,
        spec: spec.text,
        searchText: buildSearchText({
          product: p.name,
          material,
          spec: spec.text,
          mill: mill.name,
          warehouse: w.name,
          city: w.city,
        }),
      };
      if (!written.some((x) => rowKey(x) === rowKey(row))) written.push(row);
    }
  });
  const lot = (r: Written) => ({
    productId: r.productId,
    materialId: r.materialId,
    material: r.material,
    spec: r.spec,
    thickness: r.thickness,
    width: r.width,
    length: r.length,
    form: parseSpec(r.spec)!.form,
    millId: r.millId,
    origin: r.origin,
    warehouseId: r.warehouseId,
    warehouseName: r.warehouse,
    city: r.city,
    pieces: 1,
    weightKg: toKg(20),
    priceFen: toFen(3500),
    companyId: r.companyId,
    remark: '',
    searchText: r.searchText,
    status: 'on_sale' as const,
  });
  await t.db.insert(cargo).values(written.map(lot));
  await t.db.insert(surplus).values(written.map((r) => ({ ...lot(r), grade: '正品' as const, defects: '' })));
  for (const r of written) {
    const { pieces: _p, status: _s, ...quote } = lot(r);
    await insertQuotations(t.db, [{ ...quote, quoteDate: today }]);
  }
});

/** Whether a written row meets an understood keyword: the same rules, computed in memory. */
function meets(r: Written, q: ParsedKeyword): boolean {
  const inList = <T>(list: T[], v: T) => list.length === 0 || list.includes(v);
  const atLeast = (v: number | null, min: number | null) => min === null || (v !== null && v >= min);
  const atMost = (v: number | null, max: number | null) => max === null || (v !== null && v <= max);
  return (
    inList(q.productIds, r.productId) &&
    (q.materialIds.length === 0 || (r.materialId !== null && q.materialIds.includes(r.materialId))) &&
    (q.millIds.length === 0 || (r.millId !== null && q.millIds.includes(r.millId))) &&
    inList(q.warehouseIds, r.warehouseId) &&
    inList(q.supplierIds, r.companyId) &&
    q.cityGroups.every((cities) => cities.includes(r.city)) &&
    inList(q.thicknesses, r.thickness) &&
    (q.widths.length === 0 || (r.width !== null && q.widths.includes(r.width))) &&
    (q.lengths.length === 0 || (r.length !== null && q.lengths.includes(r.length))) &&
    atLeast(r.thickness, q.thicknessMin) &&
    atMost(r.thickness, q.thicknessMax) &&
    atLeast(r.width, q.widthMin) &&
    atMost(r.width, q.widthMax) &&
    q.texts.every((text) => r.searchText.toUpperCase().includes(text.toUpperCase()))
  );
}

/** Queries as traders type them; `found` says the demo spread must hold rows for it. */
const QUERIES: [query: string, found: boolean][] = [
  ['热轧', true],
  ['HR', true],
  ['热板', true],
  ['冷轧', true],
  ['CR', true],
  ['镀锌', true],
  ['酸洗', true],
  ['热卷', true],
  ['卷板', true],
  ['HRC', true],
  ['冷板', true],
  ['GI', true],
  ['GL', true],
  ['P&O', true],
  ['厚板', true],
  ['开平板', true],
  ['带钢', true],
  ['花纹板', true],
  ['DX51D', true],
  ['Q355', true],
  ['Q235', true],
  ['spcc', true],
  ['ＳＰＣＣ', true],
  ['SPCC-SD', true],
  ['3-4', true],
  ['3到4', true],
  ['3.0-4.0mm', true],
  ['≥3', true],
  ['3以上', true],
  ['≤1', true],
  ['1000-1250', true],
  ['≥1500', true],
  ['1250', true],
  ['宝钢', true],
  ['宝山钢铁', true],
  ['宝武', true],
  ['上海', true],
  ['乐从 镀锌', false],
  ['无锡 冷轧 DC01', false],
  ['宝钢 冷轧', true],
  ['Q235B 3-4', true],
  ['冷轧 SPCC 0.8 以下', false],
  ['镀锌 DX51D 0.5-0.8', false],
  ['中厚板 Q355 ≥20', false],
  ['热轧 3-4 1250', false],
  ['冷轧 0.5-1.0 1000-1250', false],
  ['热卷 Q235B 3.0~4.0 日照', false],
  ['现货供应', false],
  // English names and the cities' pinyin (issue 31), phrases of several words first
  ['hot rolled', true],
  ['HRC', true],
  ['galvanized', true],
  ['Baosteel', true],
  ['Shanghai', true],
  ['cold rolled coil', true],
  ['Q235B Shanghai', false],
  ['hot rolled coil Baosteel Lecong', false],
  ['Pickled & oiled coil', true],
  // near misses keep their chip (ignored, text) and carry the word they nearly are
  ['宝纲 热卷', true],
  ['SPCCSD', false],
];

type Endpoint = 'cargo' | 'surplus' | 'quotation';
async function ask(endpoint: Endpoint, keyword: string) {
  const res =
    endpoint === 'cargo'
      ? await t.app.inject({
          method: 'POST',
          url: '/api/web/2.0/searchCargo/page',
          payload: { keyword, pageSize: 100 },
          remoteAddress: nextIp(),
        })
      : endpoint === 'surplus'
        ? await t.app.inject({
            method: 'GET',
            url: `/api/web/2.0/searchMaterial/page?pageSize=100&keyword=${encodeURIComponent(keyword)}`,
            remoteAddress: nextIp(),
          })
        : await t.app.inject({
            method: 'POST',
            url: '/api/web/2.0/quotation/list-index',
            payload: { indexSearch: keyword, pageSize: 100 },
            remoteAddress: nextIp(),
          });
  expect(res.statusCode, `${endpoint} ${keyword}: ${res.body}`).toBe(200);
  return res.json().data as {
    list: { product: string; material: string; spec: string; origin: string; warehouse: string }[];
    total: number;
    understood: { kind: string; value: string; suggestion?: { word: string } }[];
    relaxations?: { kind: string; count: number; keyword: string; clear: string[] }[];
  };
}

describe.each<Endpoint>(['cargo', 'surplus', 'quotation'])(
  '%s answers exactly what the words select',
  (endpoint) => {
    it.each(QUERIES)('%s', async (query, found) => {
      const dict = await tradeDictionary({ db: t.db }).get();
      const parsed = parseKeyword(query, dict);
      const expected = written
        .filter((r) => meets(r, parsed))
        .map(rowKey)
        .sort();
      if (found) expect(expected.length, query).toBeGreaterThan(0);
      const data = await ask(endpoint, query);
      const chip = (u: { kind: string; value: string; suggestion?: { word: string } }) =>
        `${u.kind}:${u.value}${u.suggestion ? `?${u.suggestion.word}` : ''}`;
      expect(data.understood.map(chip)).toEqual(parsed.tokens.map(chip));
      expect(data.list.map(rowKey).sort()).toEqual(expected);
      expect(data.total).toBe(expected.length);
    });
  },
);

describe('an empty search', () => {
  it.each<Endpoint>(['cargo', 'surplus', 'quotation'])(
    '%s offers the wider searches that find rows',
    async (endpoint) => {
      const r = written.find((w) => w.width !== null && w.materialId !== null)!;
      const keyword = `${r.material} ${r.thickness}*${r.width! + 1}`;
      const empty = await ask(endpoint, keyword);
      expect(empty.total).toBe(0);
      const width = empty.relaxations?.find((x) => x.kind === 'width');
      expect(width, JSON.stringify(empty.relaxations)).toMatchObject({
        keyword: `${r.material} ${r.thickness}`,
        clear: [],
      });
      expect(width!.count).toBeGreaterThan(0);
      const wider = await ask(endpoint, width!.keyword);
      expect(wider.total).toBe(width!.count);
      expect(wider.list.every((row) => row.material === r.material)).toBe(true);
      // A search that finds rows offers none.
      expect(wider.relaxations).toBeUndefined();
      // Nothing to widen: no offers.
      expect((await ask(endpoint, '不存在的仓库名称')).relaxations).toBeUndefined();
    },
  );

  it('the quotations by trader offer them too, counted in quotes', async () => {
    const r = written.find((w) => w.width !== null && w.materialId !== null)!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/web/2.0/quotation/list-index-three',
      payload: { indexSearch: `${r.material} ${r.thickness}*${r.width! + 1}`, page: 1, pageSize: 12 },
      remoteAddress: nextIp(),
    });
    const data = res.json().data;
    expect(data.total).toBe(0);
    const width = data.relaxations.find((x: { kind: string }) => x.kind === 'width');
    expect(width.count).toBe((await ask('quotation', width.keyword)).total);
  });
});

describe('what the words select on stock', () => {
  it('a near miss is offered on every search', async () => {
    for (const endpoint of ['cargo', 'surplus', 'quotation'] as const) {
      const { understood } = await ask(endpoint, '宝纲');
      expect(understood, endpoint).toEqual([
        {
          text: '宝纲',
          kind: 'ignored',
          value: '宝纲',
          suggestion: { word: '宝钢', kind: 'origin', value: '宝钢' },
        },
      ]);
    }
  });

  it('a family word finds every product of the family and nothing else', async () => {
    const products = new Set((await ask('cargo', '冷轧')).list.map((r) => r.product));
    expect([...products].sort()).toEqual(['冷轧卷板', '冷轧板'].sort());
  });

  it('a grade prefix finds every grade it starts', async () => {
    const materials = new Set((await ask('cargo', 'DX51D')).list.map((r) => r.material));
    expect([...materials].sort()).toEqual(['DX51D+AZ', 'DX51D+Z']);
  });

  it('a thickness range finds rows within it only', async () => {
    const list = (await ask('cargo', '3-4')).list;
    expect(list.length).toBeGreaterThan(0);
    for (const r of list) {
      const { thickness } = parseSpec(r.spec)!;
      expect(thickness).toBeGreaterThanOrEqual(3);
      expect(thickness).toBeLessThanOrEqual(4);
    }
  });
});
