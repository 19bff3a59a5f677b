import type { IndexAll, IndexPoint } from '@steelport/contracts';
import { Segmented, Select } from 'antd';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption, type ChartView } from '../../../components/Chart/index.tsx';
import { RANGES, type RangeKey } from '../../../components/steelIndex/format.ts';
import { showSymbols, splitStretches, tooltipHtml, visibleDays } from './trendSeries.ts';

/** Most indexes one chart overlays before it stops being readable. */
export const MAX_OVERLAY = 5;

const COLORS = ['#1f4e8c', '#e8710a', '#8e44ad', '#16a085', '#c0392b'];
const STOCK_COLOR = 'rgba(31, 78, 140, 0.18)';
const DEAL_COLOR = 'rgba(232, 113, 10, 0.45)';
const GRID = { left: 56, right: 64, top: 52, bottom: 64 };

/**
 * The trend chart: one price line per chosen index (left axis, 元/吨) and the first index's
 * stock and deal tonnage as bars on the right axis; zoom by dragging the slider or scrolling.
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
}: {
  data: IndexAll | undefined;
  options: { id: number; name: string }[];
  selected: number[];
  onSelect: (ids: number[]) => void;
  range: RangeKey;
  onRange: (range: RangeKey) => void;
}) {
  const { t } = useTranslation();
  const { option, lineIds, days } = useMemo(() => {
    const series = (data?.series ?? []).filter((s) => selected.includes(s.id));
    const dates = [...new Set(series.flatMap((s) => s.points.map((p) => p.date)))].sort();
    const first = series[0];
    const byDate = (points: IndexPoint[]) => new Map(points.map((p) => [p.date, p]));
    const maps = series.map((s) => byDate(s.points));
    const priceName = (name: string) => t('steelIndex.trend.price', { name });
    const lineIds: string[] = [];
    // Two series per index under one name (one legend entry toggles both): the solid final
    // stretches on top of the dashed provisional ones.
    const lines = series.flatMap((s, i) => {
      const color = COLORS[i % COLORS.length];
      const { final, provisional } = splitStretches(dates.map((d) => maps[i]?.get(d)));
      const base = { name: priceName(s.indexName), type: 'line', yAxisIndex: 0, color, showSymbol: false };
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
    const stockName = first ? t('steelIndex.trend.stock', { name: first.indexName }) : '';
    const dealName = first ? t('steelIndex.trend.deal', { name: first.indexName }) : '';
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
            yAxisIndex: 1,
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
          name: priceName(s.indexName),
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
    const option: ChartOption = {
      animation: false,
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'cross' },
        confine: true,
        className: 'sp-chart-tooltip',
        formatter: tooltip,
      },
      legend: { top: 0, type: 'scroll', icon: 'roundRect', itemWidth: 14, itemHeight: 8 },
      grid: GRID,
      xAxis: { type: 'category', data: dates, boundaryGap: true },
      yAxis: [
        { type: 'value', name: t('steelIndex.trend.axisPrice'), scale: true },
        { type: 'value', name: t('steelIndex.trend.axisWeight'), splitLine: { show: false } },
      ],
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 16 }],
      series: [...lines, ...bars],
    };
    return { option, lineIds, days: dates.length };
  }, [data, selected, t]);

  // Symbols follow the visible window (zoom, resize), merged into the drawn option so the zoom
  // stays; each drawing of a new option starts without them.
  const symbols = useRef<{ option: ChartOption; shown: boolean } | null>(null);
  const onView = useCallback(
    (view: ChartView) => {
      const shown = showSymbols(view.width - GRID.left - GRID.right, visibleDays(days, view.start, view.end));
      const drawn = symbols.current;
      if (drawn?.option === option ? drawn.shown === shown : !shown) {
        symbols.current = { option, shown };
        return;
      }
      symbols.current = { option, shown };
      view.merge({ series: lineIds.map((id) => ({ id, showSymbol: shown })) });
    },
    [option, lineIds, days],
  );

  const names = options.filter((o) => selected.includes(o.id)).map((o) => o.name);
  return (
    <div className="sp-trend-chart">
      <div className="sp-toolbar">
        <Segmented<RangeKey>
          value={range}
          onChange={onRange}
          options={RANGES.map((r) => ({ value: r, label: t(`steelIndex.ranges.${r}`) }))}
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
      <Chart
        option={option}
        height={380}
        label={t('steelIndex.trend.label', { names: names.join('、') })}
        onView={onView}
      />
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
