import type { IndexAll, IndexPoint } from '@steelport/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/index.ts';
import { trendOption } from './trendOption.ts';

const point = (date: string, price: number): IndexPoint => ({
  date,
  price,
  points: 1000,
  change: 0,
  stockWeight: 1000,
  dealWeight: 50,
  tradingWeight: 200,
  packWeight: 0,
  inWeight: 10,
  outWeight: 10,
  source: 'quotes',
  sampleCount: 12,
  outlierCount: 0,
  provisional: false,
});

const data: IndexAll = {
  start: '2026-11-23',
  end: '2026-11-24',
  earliestAllowed: null,
  limitedBy: null,
  series: [
    { id: 1, indexName: '热卷', points: [point('2026-11-23', 3800), point('2026-11-24', 3810)] },
    { id: 2, indexName: '冷轧', points: [point('2026-11-24', 4500)] },
  ],
};

describe('trend chart option', () => {
  const t = initI18n('zh-CN').t as TFunction;
  const options = [
    { id: 1, name: 'HRC' },
    { id: 2, name: 'CRC' },
  ];

  it('draws two price lines per chosen index, and the stock and deals of the first', () => {
    const { option, lineIds, days, legend } = trendOption({
      data,
      selected: [1, 2],
      options,
      t,
      width: null,
    });
    expect(lineIds).toEqual(['final-1', 'provisional-1', 'final-2', 'provisional-2']);
    expect(days).toBe(2);
    expect((option.series as unknown[]).length).toBe(6);
    // one legend entry per index and one per bar, named as the options name them
    expect(legend.names).toHaveLength(4);
    expect(legend.names[0]).toContain('HRC');
    expect(legend.names.join('|')).not.toContain('热卷');
    expect(legend.axes).toHaveLength(3);
  });

  it('leaves out the indexes not chosen', () => {
    const { lineIds, days } = trendOption({ data, selected: [2], options, t, width: 800 });
    expect(lineIds).toEqual(['final-2', 'provisional-2']);
    expect(days).toBe(1);
  });
});
