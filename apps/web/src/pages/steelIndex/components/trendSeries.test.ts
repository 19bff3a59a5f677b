import type { IndexPoint } from '@steelport/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/index.ts';
import { showSymbols, splitStretches, tooltipHtml, visibleDays } from './trendSeries.ts';

const point = (price: number, provisional: boolean, over: Partial<IndexPoint> = {}): IndexPoint => ({
  date: '2026-11-24',
  price,
  points: 1000,
  change: 0,
  stockWeight: 1000,
  dealWeight: 50,
  tradingWeight: 200,
  packWeight: 0,
  inWeight: 10,
  outWeight: 10,
  source: provisional ? 'chained' : 'quotes',
  sampleCount: provisional ? 2 : 12,
  outlierCount: provisional ? 0 : 1,
  provisional,
  ...over,
});

describe('trend chart stretches', () => {
  it('draws final days solid and every step into or out of a provisional day dashed', () => {
    const days = [
      point(1, false),
      point(2, false),
      point(3, true),
      point(4, true),
      point(5, false),
      point(6, false),
    ];
    const { final, provisional } = splitStretches(days);
    expect(final).toEqual([1, 2, null, null, 5, 6]);
    expect(provisional).toEqual([
      null,
      { value: 2, symbol: 'none' },
      { value: 3, symbol: 'emptyCircle' },
      { value: 4, symbol: 'emptyCircle' },
      { value: 5, symbol: 'none' },
      null,
    ]);
  });
  it('leaves a day without data empty on both lines', () => {
    const { final, provisional } = splitStretches([point(1, true), undefined, point(3, false)]);
    expect(final).toEqual([null, null, 3]);
    expect(provisional).toEqual([{ value: 1, symbol: 'emptyCircle' }, null, null]);
  });
  it('shows symbols only when the visible days are far enough apart', () => {
    expect(showSymbols(1100, 92)).toBe(true);
    expect(showSymbols(1100, 731)).toBe(false);
    expect(showSymbols(270, 92)).toBe(false);
    expect(showSymbols(270, 30)).toBe(true);
    expect(visibleDays(731, 0, 100)).toBe(731);
    expect(visibleDays(731, 90, 100)).toBe(74);
  });
});

describe('trend chart tooltip', () => {
  const t = initI18n('zh-CN').t as TFunction;
  it('gives each price its source, samples, outliers and 暂定 when provisional', () => {
    const html = tooltipHtml(
      t,
      '2026-11-24',
      [
        { name: '天津中厚板价格', color: '#1f4e8c', point: point(3840.97, true) },
        { name: '乐从热卷价格', color: '#e8710a', point: point(3698.76, false) },
        { name: '无数据', color: '#8e44ad', point: undefined },
      ],
      [{ name: '天津中厚板库存', color: '#ccc', tonnes: 12345.6 }],
    );
    const text = html.replace(/<[^>]+>/g, '|');
    // whole yuan, as every 元/吨 figure of the portal (lib/numbers.ts)
    expect(text).toContain('天津中厚板价格|3,841 元/吨|');
    expect(text).toContain('挂牌环比链接 · 样本 2 条 · 剔除异常 0 条');
    expect(text).toContain('同品报价 · 样本 12 条 · 剔除异常 1 条');
    expect(html.match(/暂定/g)).toHaveLength(1);
    expect(html).toContain('sp-chart-tip__marker--hollow');
    expect(text).toContain('12,346 吨');
    expect(text).not.toContain('无数据');
  });
  it('escapes names', () => {
    const html = tooltipHtml(
      t,
      '2026-11-24',
      [{ name: '<b>"乐从"&</b>', color: '#1f4e8c', point: point(1, false) }],
      [],
    );
    expect(html).toContain('&lt;b&gt;&quot;乐从&quot;&amp;&lt;/b&gt;');
    expect(html).not.toContain('<b>"');
  });
});
