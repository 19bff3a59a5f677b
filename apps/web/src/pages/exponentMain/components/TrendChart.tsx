import { LockOutlined } from '@ant-design/icons';
import type { HistoryLimit, IndexAll, IndexPoint } from '@steelport/contracts';
import { Segmented, Select, Tooltip } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption, type ChartView } from '../../../components/Chart/index.tsx';
import { RANGES, type RangeKey } from '../../../components/steelIndex/format.ts';
import { formatTonnes, formatYuan } from '../../../lib/numbers.ts';
import { legendRows, trendLayout } from './trendLayout.ts';
import { showSymbols, splitStretches, tooltipHtml, visibleDays } from './trendSeries.ts';

/** Most indexes one chart overlays before it stops being readable. */
export const MAX_OVERLAY = 5;

const COLORS = ['#1f4e8c', '#e8710a', '#8e44ad', '#16a085', '#c0392b'];
const STOCK_COLOR = 'rgba(31, 78, 140, 0.18)';
const DEAL_COLOR = 'rgba(232, 113, 10, 0.45)';
/** Side margins of both panels, wide enough for 3,856 on the left and 1,124,601 on the right. */
const GRID = { left: 60, right: 72 };
/** Height of the chart: the price and stock panel above, the deal panel below, the zoom slider. */
const HEIGHT = 420;

/**
 * The trend chart: one price line per chosen index (left axis, 元/吨) and the first index's
 * stock as bars on the right axis (吨); its deals in a panel of their own below with their own
 * axis, since a day's deals are a few per cent of the stock and would lie flat on its scale.
 * Zoom by dragging the slider or scrolling; both panels move together. The legend wraps
 * instead of paging and the panels start below it, so on a phone it never covers the axis units.
 * Provisional days (issue 10) are drawn dashed; when the visible days are far enough apart every
 * day also gets a symbol, solid when final and hollow when provisional. The tooltip gives each
 * day's source, samples, outliers and 暂定.
 */
export function TrendChart({
  data,
  options,
  selected,
  onSelect,
  range,
  onRange,
  gates,
  onGated,
}: {
  data: IndexAll | undefined;
  options: { id: number; name: string }[];
  selected: number[];
  onSelect: (ids: number[]) => void;
  range: RangeKey;
  onRange: (range: RangeKey) => void;
  /** per range, what opens it when the caller may not see all of it (登录可见 / 会员可见) */
  gates: Record<RangeKey, HistoryLimit>;
  /** a click on a gated range: explain what opens it */
  onGated: (limit: 'login' | 'vip') => void;
}) {
  const { t } = useTranslation();
  // The canvas width, as far as the legend's wrapping goes: a new option only when the rows change.
  const [width, setWidth] = useState<number | null>(null);
  const { option, lineIds, days, legend } = useMemo(() => {
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
  }, [data, selected, t, width, options]);

  // Symbols follow the visible window (zoom, resize), merged into the drawn option so the zoom
  // stays; each drawing of a new option starts without them.
  const symbols = useRef<{ option: ChartOption; shown: boolean } | null>(null);
  const onView = useCallback(
    (view: ChartView) => {
      if (legendRows(legend.names, view.width) !== legendRows(legend.names, width)) setWidth(view.width);
      const shown = showSymbols(view.width - GRID.left - GRID.right, visibleDays(days, view.start, view.end));
      const drawn = symbols.current;
      if (drawn?.option === option ? drawn.shown === shown : !shown) {
        symbols.current = { option, shown };
        return;
      }
      symbols.current = { option, shown };
      view.merge({ series: lineIds.map((id) => ({ id, showSymbol: shown })) });
    },
    [option, lineIds, days, legend, width],
  );

  const names = options.filter((o) => selected.includes(o.id)).map((o) => o.name);
  return (
    <div className="sp-trend-chart">
      <div className="sp-toolbar">
        <Segmented<RangeKey>
          value={range}
          onChange={onRange}
          data-testid="trend-ranges"
          options={RANGES.map((r) => {
            const gate = gates[r];
            const label = t(`steelIndex.ranges.${r}`);
            if (!gate) return { value: r, label };
            // A range the caller cannot see looks disabled and says what opens it.
            const why = t(`steelIndex.gate.${gate}`);
            return {
              value: r,
              disabled: true,
              label: (
                <Tooltip title={why}>
                  {/* A disabled option takes no change; a click on its label still explains (the
                      same words as the prompt under the chart, which keyboards reach). */}
                  {/* biome-ignore lint/a11y/noStaticElementInteractions: see above */}
                  {/* biome-ignore lint/a11y/useKeyWithClickEvents: a disabled radio takes no focus */}
                  <span className="sp-range-gated" data-gate={gate} onClick={() => onGated(gate)}>
                    <LockOutlined aria-hidden /> {label}
                    <span className="sp-sr-only">{t('steelIndex.trend.gatedWhy', { why })}</span>
                  </span>
                </Tooltip>
              ),
            };
          })}
        />
        <Select
          mode="multiple"
          className="sp-toolbar__grow"
          aria-label={t('steelIndex.trend.indexes')}
          placeholder={t('steelIndex.trend.indexes')}
          value={selected}
          maxCount={MAX_OVERLAY}
          onChange={(ids: number[]) => onSelect(ids.length ? ids : selected)}
          options={options.map((o) => ({ value: o.id, label: o.name }))}
          maxTagCount="responsive"
        />
      </div>
      {/* The chart is a canvas: its legend and axis names are repeated here for tests and tools. */}
      <div data-testid="trend-chart" data-legend={legend.names.join('|')} data-axes={legend.axes.join('|')}>
        <Chart
          option={option}
          height={HEIGHT}
          label={t('steelIndex.trend.label', { names: names.join(t('lots.listSeparator')) })}
          onView={onView}
        />
      </div>
      <p className="sp-trend-note">
        <span className="sp-trend-note__key">
          <svg width="28" height="10" viewBox="0 0 28 10" aria-hidden="true">
            <line x1="0" y1="5" x2="28" y2="5" stroke="currentColor" strokeWidth="2" />
            <circle cx="14" cy="5" r="2.5" fill="currentColor" />
          </svg>
          {t('steelIndex.trend.confirmed')}
        </span>
        <span className="sp-trend-note__key">
          <svg width="28" height="10" viewBox="0 0 28 10" aria-hidden="true">
            <line
              x1="0"
              y1="5"
              x2="28"
              y2="5"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeDasharray="5 3"
            />
            <circle cx="14" cy="5" r="3" fill="#fff" stroke="currentColor" strokeWidth="1.5" />
          </svg>
          {t('steelIndex.trend.provisional')}
        </span>
        <span>{t('steelIndex.trend.note')}</span>
      </p>
    </div>
  );
}
