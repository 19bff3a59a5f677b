/**
 * Near misses over the demo's own vocabulary (test/vocabulary.ts): which typed words get
 * 您是不是要找 and which must not (real words, numbers, pieces of longer words, coin tosses).
 */
import { describe, expect, it } from 'vitest';
import { demoDictionaryRows } from '../../test/vocabulary.ts';
import { buildDictionary } from './dictionary.ts';
import { editDistance, suggestWord } from './suggest.ts';

const dict = buildDictionary(demoDictionaryRows());
const fold = (word: string) => word.normalize('NFKC').toUpperCase();
const suggested = (word: string) => {
  const s = suggestWord(fold(word), dict);
  return s ? `${s.word} ${s.kind}:${s.value}` : null;
};

/** typed -> `word kind:name` */
const NEAR_MISSES: [string, string][] = [
  // a mill with the wrong 钢 (纲, same sound)
  ['宝纲', '宝钢 origin:宝钢'],
  ['沙纲', '沙钢 origin:沙钢'],
  ['鞍纲', '鞍钢 origin:鞍钢'],
  ['本纲', '本钢 origin:本钢'],
  ['首纲', '首钢 origin:首钢'],
  ['马纲', '马钢 origin:马钢'],
  ['南纲', '南钢 origin:南钢'],
  ['日纲', '日照 origin:日照'],
  // a character added or left out of a mill's longer name
  ['宝山纲铁', '宝山钢铁 origin:宝钢'],
  // products and families: 扎 for 轧, 版 for 板, 辛 for 锌
  ['冷扎', '冷轧 family:冷轧'],
  ['热扎', '热轧 family:热轧'],
  ['镀辛', '镀锌 family:镀锌'],
  ['酸冼', '酸洗 family:酸洗'],
  ['热扎卷', '热轧卷 product:热轧卷板'],
  ['冷扎卷', '冷轧卷 product:冷轧卷板'],
  ['热扎卷板', '热轧卷板 product:热轧卷板'],
  ['冷扎卷板', '冷轧卷板 product:冷轧卷板'],
  ['镀新卷', '镀锌卷 product:镀锌卷'],
  ['花文板', '花纹板 product:花纹板'],
  ['开平版', '开平板 product:热轧开平板'],
  ['中厚版', '中厚板 product:中厚板'],
  ['带纲', '带钢 product:热轧带钢'],
  ['卷热', '热卷 product:热轧卷板'],
  // places
  ['天律', '天津 city:天津'],
  ['乐丛', '乐从 city:乐从'],
  ['无钖', '无锡 city:无锡'],
  ['杭洲', '杭州 city:杭州'],
  ['博新', '博兴 city:博兴'],
  ['张家巷', '张家港 city:张家港'],
  // suppliers
  ['润纲', '润钢 supplier:润钢'],
  ['鑫园钢铁', '鑫源钢铁 supplier:鑫源钢铁'],
  // grades: separators, case, full width, a letter too many, swapped, or misread (O for 0)
  ['SPCCSD', 'SPCC-SD material:SPCC-SD'],
  ['spccsd', 'SPCC-SD material:SPCC-SD'],
  ['ＳＰＣＣＳＤ', 'SPCC-SD material:SPCC-SD'],
  ['SPCC_SD', 'SPCC-SD material:SPCC-SD'],
  ['DX51DZ', 'DX51D+Z material:DX51D+Z'],
  ['dx51d-z', 'DX51D+Z material:DX51D+Z'],
  ['DX51DAZ', 'DX51D+AZ material:DX51D+AZ'],
  ['Q253B', 'Q235B material:Q235B'],
  ['Q235BB', 'Q235B material:Q235B'],
  ['SPFH59O', 'SPFH590 material:SPFH590'],
  ['QSTE42OTM', 'QStE420TM material:QStE420TM'],
  ['QSET42OTM', 'QStE420TM material:QStE420TM'],
  ['SAPH4400', 'SAPH440 material:SAPH440'],
  ['SGLCCC', 'SGLCC material:SGLCC'],
  ['CRCC', 'CRC product:冷轧卷板'],
];

/** words that must get no suggestion, and why */
const NO_SUGGESTION: string[] = [
  // real words
  '宝钢',
  '热卷',
  'SPCC-SD',
  'Q235B',
  // numbers and dimensions
  '7000',
  '2.75',
  '1250',
  '3-4',
  '2.75*1250',
  // trade words that are no typo of a vocabulary word
  '现货',
  '急售',
  '现货供应',
  '边丝卷头',
  // pieces of longer vocabulary words: a real text search
  '钢铁',
  '北辰仓',
  '钢铁世界',
  '物流园',
  '鑫源钢',
  '宝山钢',
  '马鞍山钢',
  'SGL',
  'SPC',
  'DX5',
  // coin tosses: several things equally near
  '保钢',
  'DC0',
  'Q2355B',
  'SPHCC',
  'SGCCC',
  // too short to guess, or not a word at all
  '钢',
  'Q2',
  'AB',
  'ABC',
  '宝纲3',
];

describe('near-miss suggestions', () => {
  it('hold at least 30 near misses and 20 words without one', () => {
    expect(NEAR_MISSES.length).toBeGreaterThanOrEqual(30);
    expect(NO_SUGGESTION.length).toBeGreaterThanOrEqual(20);
  });

  it.each(NEAR_MISSES)('%s → %s', (typed, expected) => {
    expect(suggested(typed)).toBe(expected);
  });

  it.each(NO_SUGGESTION)('%s gets none', (typed) => {
    expect(suggested(typed)).toBeNull();
  });

  it('prefers a dictionary name over an alias, then the commoner kind', () => {
    // 冷扎 is one edit from the family 冷轧 and from the aliases 冷板 and 冷卷.
    expect(suggested('冷扎')).toBe('冷轧 family:冷轧');
    // 邯单 is one edit from the mill 邯钢 and the city 邯郸: mills rank above cities.
    expect(suggested('邯单')).toBe('邯钢 origin:邯钢');
  });

  it('builds its index once per dictionary and follows a new one', () => {
    const fresh = buildDictionary({
      ...demoDictionaryRows(),
      mills: [{ id: 1, name: '鑫钢', aliases: [] }],
    });
    expect(suggestWord('宝纲', fresh)).toBeNull();
    expect(suggestWord('鑫纲', fresh)).toMatchObject({ word: '鑫钢', kind: 'origin' });
    expect(suggestWord('鑫纲', dict)).toBeNull();
  });

  it('answers a five-word keyword well under a millisecond', () => {
    // About 50 µs on a 2-core machine (the index is built once, a few ms); the bound is loose
    // so a busy machine does not fail it, a lookup that scans the vocabulary would.
    const words = ['宝纲', 'SPCCSD', '热扎卷', '现货', 'QSTE42OTM'];
    const batch = () => {
      const runs = 200;
      const start = performance.now();
      for (let i = 0; i < runs; i++) for (const w of words) suggestWord(w, dict);
      return (performance.now() - start) / runs;
    };
    batch(); // the index is built and the code warmed up
    const times = [batch(), batch(), batch(), batch(), batch()].sort((a, b) => a - b);
    expect(times[2]).toBeLessThan(1);
  });
});

describe('editDistance', () => {
  it.each([
    ['宝纲', '宝钢', 1],
    ['SPCC', 'SPCC', 0],
    ['Q253B', 'Q235B', 1],
    ['AB', 'BA', 1],
    ['SPFH', 'SPHC', 2],
    ['', 'ABC', 3],
  ] as const)('%s / %s = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });
});
