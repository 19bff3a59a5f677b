import type { IndexDay } from '@steelport/contracts';
import { describe, expect, it } from 'vitest';
import { compareDays, toCsv } from './compare.ts';

const day = (over: Partial<IndexDay>): IndexDay => ({
  date: '2026-03-02',
  index_id: 1,
  price: 3600,
  points: 1000,
  tradeChange: 0,
  out_weight: 10,
  in_weight: 10,
  deal_weight: 5,
  stock_weight: 1000,
  pack_weight: 0,
  trading_weight: 250,
  source: 'quotes',
  sampleCount: 12,
  outlierCount: 0,
  provisional: false,
  ...over,
});

describe('cross-date comparison', () => {
  it('gives change and ratio of every field, no ratio against zero', () => {
    const rows = compareDays(day({ price: 3690, pack_weight: 4 }), day({ date: '2026-02-23' }));
    const price = rows.find((r) => r.field === 'price')!;
    expect(price).toEqual({ field: 'price', a: 3690, b: 3600, change: 90, ratio: 0.025 });
    expect(rows.find((r) => r.field === 'pack_weight')).toMatchObject({ change: 4, ratio: null });
    expect(rows).toHaveLength(8);
  });
  it('leaves changes empty when one day is missing', () => {
    expect(compareDays(day({}), undefined).every((r) => r.change === null && r.b === null)).toBe(true);
  });
  it('writes CSV with a BOM and quotes cells that need it', () => {
    expect(toCsv(['指数', 'a'], [['乐从,热卷', 1]])).toBe('\ufeff指数,a\r\n"乐从,热卷",1\r\n');
  });
});
