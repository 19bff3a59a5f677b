/**
 * The portal's chart: ECharts loaded lazily. Pages import this file only; the chart chunk
 * (echarts/core with line and bar charts) is fetched when the first chart renders, and a
 * skeleton of the same height holds the place meanwhile so nothing jumps.
 */
import { Skeleton } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense } from 'react';
import type { ChartView } from './EChart.tsx';

const EChart = lazy(() => import('./EChart.tsx'));

export type ChartOption = EChartsCoreOption;
export type { ChartView };

/** A chart of `height` px drawing `option`; `onView` hears of each drawing, resize and zoom. */
export function Chart({
  option,
  height = 360,
  label,
  onView,
}: {
  option: ChartOption;
  height?: number;
  label: string;
  onView?: (view: ChartView) => void;
}) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <EChart option={option} height={height} label={label} onView={onView} />
    </Suspense>
  );
}
