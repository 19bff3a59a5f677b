/** What makes a word operators may add: folding, bounds, and the refusal that names the owner. */
import { describe, expect, it } from 'vitest';
import type { DictionaryRows } from '../search/dictionary.ts';
import { aliasWord, assertAliasFree, assertGradeFree, gradeWord } from './words.ts';

const ROWS: DictionaryRows = {
  families: [{ id: 1, name: '热轧', aliases: ['HR'], nameEn: 'Hot-rolled' }],
  products: [{ id: 2, name: '热轧卷板', aliases: ['热卷'], familyId: 1, nameEn: 'Hot-rolled coil' }],
  materials: [{ id: 3, name: 'DX51D+Z' }],
  mills: [{ id: 4, name: '宝钢', aliases: ['宝武'], fullName: '宝山钢铁股份有限公司', nameEn: 'Baosteel' }],
  warehouses: [{ id: 5, name: '乐从钢铁世界仓', city: '乐从', market: '佛山' }],
  suppliers: [{ id: 6, shortName: '鑫达' }],
};

describe('aliasWord', () => {
  it('folds as search does: trimmed, full width to half width, upper case', () => {
    expect(aliasWord(' ｈｒｃ ')).toBe('HRC');
    expect(aliasWord('黑皮卷')).toBe('黑皮卷');
  });

  it.each([
    ['板', '参数错误：别名至少 2 个字（单字不参与搜索）'],
    ['热'.repeat(21), '参数错误：别名最多 20 个字'],
    ['热 卷', '参数错误：别名不能含空格（搜索按空格分词）'],
    ['2.75*1250', '参数错误：别名不能只有数字或符号（会被当作厚度、宽度）'],
  ])('refuses 「%s」 with code 2', (word, message) => {
    expect(() => aliasWord(word)).toThrow(message);
  });
});

describe('gradeWord', () => {
  it('takes letters, digits and + - . /, in upper case', () => {
    expect(gradeWord('spcc-sd')).toBe('SPCC-SD');
    expect(gradeWord('ｄｘ５１ｄ＋ｚ')).toBe('DX51D+Z');
    expect(gradeWord('S350GD/Z')).toBe('S350GD/Z');
  });

  it.each(['Q235 B', '热轧', '-Q235', 'Q'])('refuses 「%s」', (word) => {
    expect(() => gradeWord(word)).toThrow(/参数错误：材质牌号/);
  });
});

describe('a word that already names something', () => {
  it.each([
    ['热卷', '「热卷」已是 热轧卷板 的别名'],
    ['HR', '「HR」已是 热轧 的别名'],
    ['热轧', '「热轧」已是品类 热轧'],
    ['宝山钢铁股份有限公司', '「宝山钢铁股份有限公司」已是钢厂 宝钢 的全称'],
    ['佛山', '「佛山」已是城市 佛山'],
    ['乐从钢铁世界仓', '「乐从钢铁世界仓」已是仓库 乐从钢铁世界仓'],
    ['鑫达', '「鑫达」已是供应商简称 鑫达'],
    ['DX51', '「DX51」是材质 DX51D+Z 的开头，搜索时会选中这些材质'],
    // English names are words of search too (issue 31)
    ['BAOSTEEL', '「BAOSTEEL」已是钢厂 宝钢 的英文名'],
    ['HOT-ROLLED', '「HOT-ROLLED」已是品类 热轧 的英文名'],
    ['LECONG', '「LECONG」已是城市 乐从 的英文名'],
  ])('「%s」 is refused naming it', (word, message) => {
    expect(() => assertAliasFree(word, ROWS)).toThrow(message);
  });

  it('a new word passes; a grade may not repeat any word', () => {
    expect(() => assertAliasFree('黑皮卷', ROWS)).not.toThrow();
    expect(() => assertGradeFree('DX51D+Z', ROWS)).toThrow('「DX51D+Z」已是材质 DX51D+Z');
    expect(() => assertGradeFree('HR', ROWS)).toThrow('「HR」已是 热轧 的别名');
    expect(() => assertGradeFree('Q235B', ROWS)).not.toThrow();
  });
});
