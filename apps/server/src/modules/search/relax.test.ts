import { describe, expect, it } from 'vitest';
import { buildDictionary } from './dictionary.ts';
import { parseKeyword } from './query.ts';
import { applyRelaxation, relaxationsOf } from './relax.ts';

const dict = buildDictionary({
  products: [{ id: 1, name: '热轧卷板', aliases: ['热卷'] }],
  materials: [{ id: 10, name: 'Q235B' }],
  mills: [
    { id: 20, name: '日照' },
    { id: 21, name: '宝钢', aliases: ['宝武'] },
  ],
  warehouses: [{ id: 30, name: '乐从钢铁世界仓', city: '乐从', market: '乐从' }],
  suppliers: [],
});
const relax = (keyword: string, filter = {}) =>
  relaxationsOf(filter, keyword, parseKeyword(keyword, dict).tokens).map((r) => [
    r.kind,
    r.keyword,
    r.set,
    r.clear,
  ]);

describe('relaxations of an empty search', () => {
  it('drops the width, widens the thickness by 0.25 mm and drops the mill, word by word', () => {
    expect(relax('热卷 Q235B 2.75*1250 宝武 乐从')).toEqual([
      ['width', '热卷 Q235B 2.75 宝武 乐从', {}, []],
      ['thickness', '热卷 Q235B 2.5-3 1250 宝武 乐从', {}, []],
      ['origin', '热卷 Q235B 2.75*1250 乐从', {}, []],
    ]);
    expect(relax('Q235B 3-4 1500')).toEqual([
      ['width', 'Q235B 3-4', {}, []],
      ['thickness', 'Q235B 2.75-4.25 1500', {}, []],
    ]);
    expect(relax('≥3 日照热卷')).toEqual([
      ['thickness', '≥2.75 日照热卷', {}, []],
      ['origin', '≥3 热卷', {}, []],
    ]);
    expect(relax('2.75')).toEqual([['thickness', '2.5-3', {}, []]]);
  });

  it('widens and clears the explicit bounds and mills too', () => {
    expect(relax('热卷', { thicknessMin: 0.1, thicknessMax: 3, widthMin: 1000, origins: ['日照'] })).toEqual([
      ['width', '热卷', {}, ['widthMin']],
      ['thickness', '热卷', { thicknessMin: 0, thicknessMax: 3.25 }, []],
      ['origin', '热卷', {}, ['origins']],
    ]);
  });

  it('offers nothing when there is nothing to widen', () => {
    expect(relax('热卷 Q235B 乐从')).toEqual([]);
    expect(relax('')).toEqual([]);
  });

  it('makes the wider request: new keyword, bounds set, fields cleared', () => {
    const filter = { keyword: '日照 2.75*1250', widthMin: 1000, origins: ['宝钢'], products: ['热轧卷板'] };
    const [width, , origin] = relaxationsOf(
      filter,
      filter.keyword,
      parseKeyword(filter.keyword, dict).tokens,
    );
    expect(applyRelaxation(filter, 'keyword', width!)).toEqual({
      keyword: '日照 2.75',
      origins: ['宝钢'],
      products: ['热轧卷板'],
    });
    expect(applyRelaxation(filter, 'keyword', origin!)).toEqual({
      keyword: '2.75*1250',
      widthMin: 1000,
      products: ['热轧卷板'],
    });
  });
});
