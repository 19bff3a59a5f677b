import { describe, expect, it } from 'vitest';
import { buildDictionary } from './dictionary.ts';
import { parseKeyword, splitWords } from './query.ts';

const dict = buildDictionary({
  products: [
    { id: 1, name: '热轧卷板', aliases: ['热卷', '热轧板卷'] },
    { id: 2, name: '冷轧卷板', aliases: ['冷卷'] },
    { id: 3, name: '中厚板', aliases: ['中板'] },
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

describe('parseKeyword', () => {
  it('turns every kind of word into its filter', () => {
    const q = parseKeyword('热卷 q235b 2.75*1250 日照 乐从 润钢 乐从钢铁世界仓', dict);
    expect(q.tokens.map((t) => [t.kind, t.value])).toEqual([
      ['product', '热轧卷板'],
      ['material', 'Q235B'],
      ['spec', '2.75*1250'],
      ['origin', '日照'],
      ['city', '乐从'],
      ['supplier', '润钢'],
      ['warehouse', '乐从钢铁世界仓'],
    ]);
    expect(q).toMatchObject({
      productIds: [1],
      materialIds: [10],
      millIds: [20],
      supplierIds: [40],
      warehouseIds: [30],
      thicknesses: [2.75],
      widths: [1250],
      texts: [],
    });
    expect(q.cityGroups).toEqual([['乐从']]);
  });

  it('reads a market as all of its cities', () => {
    expect(parseKeyword('上海', dict).cityGroups[0]?.sort()).toEqual(['上海', '张家港']);
    // The chip names what the market takes in (上海市场 · 含张家港); a plain city names nothing.
    expect(parseKeyword('上海', dict).tokens[0]).toEqual({
      text: '上海',
      kind: 'city',
      value: '上海',
      includes: ['张家港'],
    });
    expect(parseKeyword('乐从', dict).tokens[0]).toEqual({ text: '乐从', kind: 'city', value: '乐从' });
  });

  it('reads spec words with any separator and bare numbers', () => {
    expect(parseKeyword('2.75×1250', dict)).toMatchObject({ thicknesses: [2.75], widths: [1250] });
    expect(parseKeyword('2.75x1250xC', dict).tokens[0]).toEqual({
      text: '2.75x1250xC',
      kind: 'spec',
      value: '2.75*1250*C',
    });
    expect(parseKeyword('2.75', dict)).toMatchObject({ thicknesses: [2.75], widths: [] });
    expect(parseKeyword('1250', dict)).toMatchObject({ thicknesses: [], widths: [1250] });
    expect(parseKeyword('1.0*1250*2500', dict)).toMatchObject({ lengths: [2500] });
  });

  it('splits words run together on dictionary words', () => {
    const q = parseKeyword('日照热卷Q235B', dict);
    expect(q.tokens.map((t) => t.kind)).toEqual(['origin', 'product', 'material']);
  });

  it('matches only 3+ character leftovers as text and ignores shorter ones', () => {
    const q = parseKeyword('热卷 现货 带钢头 边浪', dict);
    expect(q.texts).toEqual(['带钢头']);
    expect(q.tokens.filter((t) => t.kind === 'ignored').map((t) => t.text)).toEqual(['现货', '边浪']);
  });

  it('never lets a 2-character unknown word become a text match', () => {
    for (const word of ['乐山', '马钢', 'AB']) {
      expect(parseKeyword(word, dict).texts).toEqual([]);
    }
  });

  it('caps the number of words', () => {
    expect(
      parseKeyword(Array.from({ length: 50 }, (_, i) => `词语${i}号`).join(' '), dict).tokens,
    ).toHaveLength(20);
  });
});

describe('splitWords', () => {
  it('splits on blanks and Chinese punctuation', () => {
    expect(splitWords(' 热卷，Q235B、日照 ;乐从 ')).toEqual(['热卷', 'Q235B', '日照', '乐从']);
  });
});
