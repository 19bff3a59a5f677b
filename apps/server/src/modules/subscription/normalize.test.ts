/** A saved filter in the matcher's columns: explicit filters meet keyword words, keys spread. */
import { describe, expect, it } from 'vitest';
import { buildDictionary } from '../search/dictionary.ts';
import { normalizeFilter } from './normalize.ts';

const dict = buildDictionary({
  products: [
    { id: 1, name: '热轧卷板', aliases: ['热卷'] },
    { id: 2, name: '冷轧卷板', aliases: ['冷卷'] },
  ],
  materials: [
    { id: 10, name: 'Q235B' },
    { id: 11, name: 'SPHC' },
  ],
  mills: [
    { id: 20, name: '日照' },
    { id: 21, name: '宝钢' },
  ],
  warehouses: [
    { id: 30, name: '乐从钢铁世界仓', city: '乐从', market: '乐从' },
    { id: 31, name: '张家港保税仓', city: '张家港', market: '上海' },
    { id: 32, name: '宝山仓', city: '上海', market: '上海' },
  ],
  suppliers: [{ id: 40, shortName: '润钢' }],
});

describe('normalizeFilter', () => {
  it('spreads a family over its products and narrows the explicit ranges by the keyword’s', () => {
    const vocabulary = buildDictionary({
      families: [{ id: 1, name: '热轧', aliases: ['HR'] }],
      products: [
        { id: 1, name: '热轧卷板', aliases: ['热卷'], familyId: 1 },
        { id: 3, name: '花纹板', aliases: [], familyId: 1 },
        { id: 2, name: '冷轧卷板', aliases: ['冷卷'] },
      ],
      materials: [],
      mills: [],
      warehouses: [],
      suppliers: [],
    });
    const terms = normalizeFilter(
      { kind: 'cargo', filter: { keyword: 'HR 3-5 ≥1250', thicknessMin: 4, widthMax: 1500 } },
      vocabulary,
    );
    expect(terms.map((t) => t.productId).sort()).toEqual([1, 3]);
    expect(terms[0]).toMatchObject({
      thicknessMin: 4,
      thicknessMax: 5,
      widthMin: 1250,
      widthMax: 1500,
      thicknesses: null,
    });
  });

  it('understands the keyword like the search: ids, a market’s cities, spec, text', () => {
    const terms = normalizeFilter(
      { kind: 'cargo', filter: { keyword: '热卷 q235b 2.75*1250 上海 花纹板材' }, priceMaxFen: 350000 },
      dict,
    );
    expect(terms.map((t) => t.matchKey).sort()).toEqual(['1:上海:10:*', '1:张家港:10:*']);
    expect(terms[0]).toMatchObject({
      productId: 1,
      materialIds: [10],
      materialNames: [],
      cities: ['张家港', '上海'],
      thicknesses: [2.75],
      widths: [1250],
      priceMaxFen: 350000,
      texts: ['%花纹板材%'],
    });
  });

  it('spreads the key over a short list of cities and products, one term each', () => {
    const terms = normalizeFilter(
      {
        kind: 'cargo',
        filter: { products: ['热轧卷板', '冷轧卷板'], cities: ['乐从', '上海'], origins: ['日照'] },
      },
      dict,
    );
    expect(terms.map((t) => t.matchKey).sort()).toEqual([
      '1:上海:*:20',
      '1:乐从:*:20',
      '2:上海:*:20',
      '2:乐从:*:20',
    ]);
  });

  it('keeps unknown names as written, with `*` in the key', () => {
    const [term] = normalizeFilter(
      { kind: 'cargo', filter: { materials: ['SAPH440'], origins: ['某钢厂'] } },
      dict,
    );
    expect(term).toMatchObject({ materialIds: [], materialNames: ['SAPH440'], originNames: ['某钢厂'] });
    expect(term!.matchKey).toBe('*:*:*:*');
  });

  it('an explicit filter and a keyword that cannot both hold match nothing', () => {
    expect(
      normalizeFilter({ kind: 'cargo', filter: { products: ['冷轧卷板'], keyword: '热卷' } }, dict),
    ).toEqual([]);
    expect(normalizeFilter({ kind: 'cargo', filter: { cities: ['乐从'], keyword: '上海' } }, dict)).toEqual(
      [],
    );
    expect(normalizeFilter({ kind: 'cargo', filter: { products: ['不锈钢'] } }, dict)).toEqual([]);
    expect(
      normalizeFilter({ kind: 'quotation', filter: { spec: '2.75*1250' }, traderCompanyId: null }, dict),
    ).toEqual([]);
  });

  it('a quotation filter: spec exact, trader as company, no price bounds', () => {
    const [term] = normalizeFilter(
      {
        kind: 'quotation',
        filter: { spec: '3.0*1500', indexSearch: '宝钢' },
        traderCompanyId: 7,
        priceMaxFen: 1,
      },
      dict,
    );
    expect(term).toMatchObject({
      thicknesses: [3],
      widths: [1500],
      companyId: 7,
      millIds: [21],
      priceMaxFen: null,
    });
  });
});
