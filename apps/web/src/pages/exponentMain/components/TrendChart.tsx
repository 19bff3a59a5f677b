import type { IndexAll, IndexPoint } from '@steelport/contracts';
import { Segmented, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from '../../../components/Chart/index.tsx';
import { RANGES, type RangeKey } from '../format.ts';

/** Most indexes one chart overlays before it stops being readable. */
export const MAX_OVERLAY = 5;

const COLORS = ['#1f4e8c', '#e8710a', '#8e44ad', '#16a085', '#c0392b'];

/**
 * The trend chart: one price line per chosen index (left axis, 元/吨) and the first index's
 * stock and deal tonnage as bars on the right axis; zoom by dragging the slider or scrolling.
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
  const option = useMemo<ChartOption>(() => {
    const series = (data?.series ?? []).filter((s) => selected.includes(s.id));
    const dates = [...new Set(series.flatMap((s) => s.points.map((p) => p.date)))].sort();
    const first = series[0];
    const byDate = (points: IndexPoint[]) => new Map(points.map((p) => [p.date, p]));
    const lines = series.map((s, i) => {
      const map = byDate(s.points);
      return {
        name: t('steelIndex.trend.price', { name: s.indexName }),
        type: 'line',
        yAxisIndex: 0,
        showSymbol: false,
        smooth: false,
        lineStyle: { width: 2 },
        color: COLORS[i % COLORS.length],
        data: dates.map((d) => map.get(d)?.price ?? null),
      };
    });
    const firstMap = byDate(first?.points ?? []);
    const bars = first
      ? [
          {
            name: t('steelIndex.trend.stock', { name: first.indexName }),
            type: 'bar',
            yAxisIndex: 1,
            color: 'rgba(31, 78, 140, 0.18)',
            data: dates.map((d) => firstMap.get(d)?.stockWeight ?? null),
          },
          {
            name: t('steelIndex.trend.deal', { name: first.indexName }),
            type: 'bar',
            yAxisIndex: 1,
            color: 'rgba(232, 113, 10, 0.45)',
            data: dates.map((d) => firstMap.get(d)?.dealWeight ?? null),
          },
        ]
      : [];
    return {
      animation: false,
      tooltip: { trigger: 'axis', axisPointer: { type: 'cross' } },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 56, right: 64, top: 40, bottom: 64 },
      xAxis: { type: 'category', data: dates, boundaryGap: true },
      yAxis: [
        { type: 'value', name: t('steelIndex.trend.axisPrice'), scale: true },
        { type: 'value', name: t('steelIndex.trend.axisWeight'), splitLine: { show: false } },
      ],
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 16 }],
      series: [...lines, ...bars],
    };
  }, [data, selected, t]);

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
      <Chart option={option} height={380} label={t('steelIndex.trend.label', { names: names.join('、') })} />
    </div>
  );
}
