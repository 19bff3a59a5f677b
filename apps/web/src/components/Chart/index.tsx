/**
 * The portal's chart: ECharts loaded lazily. Pages import this file only; the chart chunk
 * (echarts/core with line and bar charts) is fetched when the first chart renders, and a
 * skeleton of the same height holds the place meanwhile so nothing jumps.
 */
import { Skeleton } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense } from 'react';

const EChart = lazy(() => import('./EChart.tsx'));

export type ChartOption = EChartsCoreOption;

/** A chart of `height` px drawing `option`. */
export function Chart({
  option,
  height = 360,
  label,
}: {
  option: ChartOption;
  height?: number;
  label: string;
}) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <EChart option={option} height={height} label={label} />
    </Suspense>
  );
}
