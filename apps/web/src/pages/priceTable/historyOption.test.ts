import type { PricePoint } from '@steelport/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { historyOption, pointTooltip } from './historyOption.ts';

const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key}:${JSON.stringify(values)}` : key) as unknown as TFunction;

const points: PricePoint[] = [
  { date: '2026-11-26', price: 3850, quotes: 3, thin: false, change: null },
  { date: '2026-11-27', price: 3830.5, quotes: 1, thin: true, change: -19.5 },
];

describe('a cell history chart', () => {
  it('draws the quoted days, thin ones hollow', () => {
    const option = historyOption(t, points) as {
      xAxis: { data: string[] };
      series: { data: { value: number; itemStyle?: { color: string } }[] }[];
    };
    expect(option.xAxis.data).toEqual(['2026-11-26', '2026-11-27']);
    expect(option.series[0]?.data.map((d) => d.value)).toEqual([3850, 3830.5]);
    expect(option.series[0]?.data.map((d) => d.itemStyle?.color ?? null)).toEqual([null, '#fff']);
  });

  it('says a day through the shared formats', () => {
    const tip = pointTooltip(t, points[1] as PricePoint);
    expect(tip).toContain('3,831');
    expect(tip).toContain('−20');
    expect(tip).toContain('priceTable.drawer.thinPoint');
  });
});
