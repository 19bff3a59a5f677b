/**
 * The ECharts canvas. Only this module imports ECharts, and only from `echarts/core` with the
 * charts and components the portal draws registered, so the library is tree-shaken and loads
 * in its own chunk the first time a chart appears (see ./index.tsx).
 */
import { BarChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { type EChartsCoreOption, type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

/**
 * What the chart shows right now, for options that depend on it (symbols only when the visible
 * days are far enough apart): the canvas width, the first data zoom's window in percent, and a
 * way to merge a partial option without resetting the zoom.
 */
export interface ChartView {
  width: number;
  start: number;
  end: number;
  merge: (patch: EChartsCoreOption) => void;
}

export interface EChartProps {
  option: EChartsCoreOption;
  height: number;
  /** what the chart shows, for screen readers */
  label: string;
  /** called after each drawing of `option`, each resize and each zoom */
  onView?: (view: ChartView) => void;
}

/** The view of `instance`: its width and the first data zoom's window. */
function viewOf(instance: EChartsType): ChartView {
  const zooms = instance.getOption().dataZoom as { start?: number; end?: number }[] | undefined;
  return {
    width: instance.getWidth(),
    start: zooms?.[0]?.start ?? 0,
    end: zooms?.[0]?.end ?? 100,
    merge: (patch) => instance.setOption(patch),
  };
}

/** Draws `option` and redraws on change and on resize; `notMerge` so removed series disappear. */
export function EChart({ option, height, label, onView }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const viewer = useRef(onView);

  useEffect(() => {
    if (!box.current) return;
    const instance = init(box.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const report = () => viewer.current?.(viewOf(instance));
    instance.on('datazoom', report);
    const observer = new ResizeObserver(() => {
      instance.resize();
      report();
    });
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  // Before the option's effect: the drawing below reports to the callback of this render.
  useEffect(() => {
    viewer.current = onView;
  }, [onView]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.setOption(option, { notMerge: true });
    viewer.current?.(viewOf(instance));
  }, [option]);

  return <div ref={box} role="img" aria-label={label} className="sp-chart" style={{ height }} />;
}

export default EChart;
