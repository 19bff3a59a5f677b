/**
 * The price table's pure rules: the median (half up), the order of the rows, which items are
 * rows, blank cells and the change against the previous trading day.
 */
import { describe, expect, it } from 'vitest';
import { buildTable, chooseRows, compareItems, medianOf, movesOf } from './table.ts';

const item = (material: string, spec: string, origin = '日照') => ({ material, spec, origin });

describe('medianOf', () => {
  it('takes the middle price, or the two middle ones’ mean rounded half up to whole fen', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([340000, 330000, 350000])).toBe(340000);
    expect(medianOf([340001, 340004])).toBe(340003);
    expect(medianOf([340002, 340005, 1, 999999])).toBe(340004);
    expect(medianOf([340002, 340004])).toBe(340003);
  });
});

describe('rows', () => {
  it('orders by grade, then thickness, width and length as numbers, then mill', () => {
    const sorted = [
      item('Q355B', '2.0*1250*C'),
      item('Q235B', '10*2200*L'),
      item('Q235B', '2.75*1500*C', '宝钢'),
      item('Q235B', '2.75*1250*C'),
      item('Q235B', '不是规格'),
      item('Q235B', '2.75*1250*C', '宝钢'),
    ].sort(compareItems);
    expect(sorted.map((r) => `${r.material} ${r.spec} ${r.origin}`)).toEqual([
      'Q235B 2.75*1250*C 宝钢',
      'Q235B 2.75*1250*C 日照',
      'Q235B 2.75*1500*C 宝钢',
      'Q235B 10*2200*L 日照',
      'Q235B 不是规格 日照',
      'Q355B 2.0*1250*C 日照',
    ]);
  });

  it('keeps the 30 most quoted and adds pinned items once, marked', () => {
    const frequent = Array.from({ length: 35 }, (_, i) => item('Q235B', `${i + 1}*1500*L`));
    const rows = chooseRows(frequent, [item('Q235B', '1*1500*L'), item('SPHC', '3*1250*C')]);
    expect(rows).toHaveLength(31);
    expect(rows.filter((r) => r.pinned).map((r) => r.spec)).toEqual(['1*1500*L', '3*1250*C']);
    expect(rows.some((r) => r.spec === '31*1500*L')).toBe(false);
  });
});

describe('buildTable', () => {
  it('leaves a cell without quotes blank and changes only between two quoted days', () => {
    const a = item('Q235B', '2.75*1250*C');
    const cell = (day: string, city: string, quotes: number, medianFen: number) => ({
      ...a,
      day,
      city,
      quotes,
      medianFen,
    });
    const table = buildTable(
      [{ ...a, pinned: false }],
      [
        cell('2026-11-30', '乐从', 3, 345000),
        cell('2026-11-30', '上海', 1, 344000),
        cell('2026-11-27', '乐从', 2, 343000),
        cell('2026-11-27', '天津', 2, 330000),
        cell('2026-11-28', '上海', 2, 1),
      ],
      '2026-11-30',
      '2026-11-27',
    );
    expect(table.cities).toEqual(['乐从', '上海']);
    expect(table.rows[0]!.cells).toEqual([
      { city: '乐从', medianFen: 345000, quotes: 3, thin: false, changeFen: 2000 },
      { city: '上海', medianFen: 344000, quotes: 1, thin: true, changeFen: null },
    ]);
    expect(movesOf(table)).toEqual({
      rising: 1,
      falling: 0,
      unchanged: 0,
      cities: [
        { city: '乐从', rising: 1, falling: 0, unchanged: 0 },
        { city: '上海', rising: 0, falling: 0, unchanged: 0 },
      ],
    });
  });
});
