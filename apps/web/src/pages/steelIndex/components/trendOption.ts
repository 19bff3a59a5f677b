/**
 * The trend chart's ECharts option, built from the data alone (TrendChart.tsx draws it): per
 * chosen index a solid final and a dashed provisional price line, the first index's stock and
 * deal bars, the tooltip, and a legend that wraps at the canvas width.
 */
import '../../../i18n/steelIndex.ts';
import type { IndexAll, IndexPoint } from '@steelport/contracts';
import type { TFunction } from 'i18next';
import type { ChartOption } from '../../../components/Chart/index.tsx';
import { formatTonnes, formatYuan } from '../../../lib/numbers.ts';
import { legendRows, trendLayout } from './trendLayout.ts';
import { splitStretches, tooltipHtml } from './trendSeries.ts';

const COLORS = ['#1f4e8c', '#e8710a', '#8e44ad', '#16a085', '#c0392b'];
const STOCK_COLOR = 'rgba(31, 78, 140, 0.18)';
const DEAL_COLOR = 'rgba(232, 113, 10, 0.45)';
/** Side margins of both panels, wide enough for 3,856 on the left and 1,124,601 on the right. */
export const GRID = { left: 60, right: 72 };
/** Height of the chart: the price and stock panel above, the deal panel below, the zoom slider. */
export const HEIGHT = 420;

/** What the chart draws, and what its view handler and test attributes need of it. */
export interface TrendOption {
  option: ChartOption;
  /** the ids of the price series, whose symbols follow the visible window */
  lineIds: string[];
  /** the number of days on the x axis */
  days: number;
  /** the legend's names and the axis names, repeated in the DOM for tests and tools */
  legend: { names: string[]; axes: string[] };
}

/**
 * The option for the `selected` indexes of `data`, named as in `options` (the page's language),
 * with the legend wrapped for a canvas `width` px wide (null: not measured yet).
 */
export function trendOption({
  data,
  selected,
  options,
  t,
  width,
}: {
  data: IndexAll | undefined;
  selected: number[];
  options: { id: number; name: string }[];
  t: TFunction;
  width: number | null;
}): TrendOption {
  const series = (data?.series ?? []).filter((s) => selected.includes(s.id));
  const dates = [...new Set(series.flatMap((s) => s.points.map((p) => p.date)))].sort();
  const first = series[0];
  const byDate = (points: IndexPoint[]) => new Map(points.map((p) => [p.date, p]));
  const maps = series.map((s) => byDate(s.points));
  const priceName = (name: string) => t('steelIndex.trend.price', { name });
  // The options carry the names in the page's language.
  const nameOf = (s: { id: number; indexName: string }) =>
    options.find((o) => o.id === s.id)?.name ?? s.indexName;
  const lineIds: string[] = [];
  // Two series per index under one name (one legend entry toggles both): the solid final
  // stretches on top of the dashed provisional ones.
  const lines = series.flatMap((s, i) => {
    const color = COLORS[i % COLORS.length];
    const { final, provisional } = splitStretches(dates.map((d) => maps[i]?.get(d)));
    const base = { name: priceName(nameOf(s)), type: 'line', yAxisIndex: 0, color, showSymbol: false };
    lineIds.push(`final-${s.id}`, `provisional-${s.id}`);
    return [
      {
        ...base,
        id: `final-${s.id}`,
        z: 3,
        symbol: 'circle',
        symbolSize: 5,
        showAllSymbol: true,
        lineStyle: { width: 2 },
        data: final,
      },
      {
        ...base,
        id: `provisional-${s.id}`,
        z: 2,
        symbolSize: 6,
        showAllSymbol: true,
        lineStyle: { width: 1.5, type: [5, 3], color, opacity: 0.8 },
        data: provisional,
      },
    ];
  });
  const firstMap = maps[0] ?? new Map<string, IndexPoint>();
  const stockName = first ? t('steelIndex.trend.stock', { name: nameOf(first) }) : '';
  const dealName = first ? t('steelIndex.trend.deal', { name: nameOf(first) }) : '';
  const bars = first
    ? [
        {
          name: stockName,
          type: 'bar',
          yAxisIndex: 1,
          color: STOCK_COLOR,
          data: dates.map((d) => firstMap.get(d)?.stockWeight ?? null),
        },
        {
          name: dealName,
          type: 'bar',
          xAxisIndex: 1,
          yAxisIndex: 2,
          color: DEAL_COLOR,
          data: dates.map((d) => firstMap.get(d)?.dealWeight ?? null),
        },
      ]
    : [];
  const tooltip = (params: unknown) => {
    const at = Array.isArray(params) ? params[0] : params;
    const date = (at as { axisValue?: string } | undefined)?.axisValue ?? '';
    return tooltipHtml(
      t,
      date,
      series.map((s, i) => ({
        name: priceName(nameOf(s)),
        color: COLORS[i % COLORS.length] as string,
        point: maps[i]?.get(date),
      })),
      first
        ? [
            { name: stockName, color: STOCK_COLOR, tonnes: firstMap.get(date)?.stockWeight },
            { name: dealName, color: DEAL_COLOR, tonnes: firstMap.get(date)?.dealWeight },
          ]
        : [],
    );
  };
  const legendNames = [...new Set([...lines.map((l) => l.name), ...bars.map((b) => b.name)])];
  const rows = legendRows(legendNames, width);
  const layout = trendLayout(HEIGHT, rows);
  const axisNames = {
    price: t('steelIndex.trend.axisPrice'),
    stock: t('steelIndex.trend.axisStock'),
    deal: t('steelIndex.trend.axisDeal'),
  };
  const option: ChartOption = {
    animation: false,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'cross' },
      confine: true,
      className: 'sp-chart-tooltip',
      formatter: tooltip,
    },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    legend: {
      top: 0,
      left: 0,
      right: 0,
      type: 'plain',
      icon: 'roundRect',
      itemWidth: 14,
      itemHeight: 8,
      itemGap: 10,
      data: legendNames,
    },
    grid: [
      { ...GRID, top: layout.priceTop, height: layout.priceHeight },
      { ...GRID, top: layout.dealTop, height: layout.dealHeight },
    ],
    xAxis: [
      { type: 'category', data: dates, boundaryGap: true, axisLabel: { show: false } },
      { type: 'category', data: dates, boundaryGap: true, gridIndex: 1 },
    ],
    yAxis: [
      {
        type: 'value',
        name: axisNames.price,
        scale: true,
        axisLabel: { formatter: (v: number) => formatYuan(v) },
      },
      {
        type: 'value',
        name: axisNames.stock,
        splitLine: { show: false },
        axisLabel: { formatter: (v: number) => formatTonnes(v) },
      },
      {
        type: 'value',
        name: axisNames.deal,
        gridIndex: 1,
        splitNumber: 2,
        axisLabel: { formatter: (v: number) => formatTonnes(v) },
      },
    ],
    dataZoom: [
      { type: 'inside', xAxisIndex: [0, 1] },
      { type: 'slider', xAxisIndex: [0, 1], height: 20, bottom: layout.sliderBottom },
    ],
    series: [...lines, ...bars],
  };
  return {
    option,
    lineIds,
    days: dates.length,
    legend: { names: legendNames, axes: Object.values(axisNames) },
  };
}
