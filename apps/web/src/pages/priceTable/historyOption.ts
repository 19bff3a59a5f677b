/**
 * A cell's history as an ECharts option, built from the points alone (HistoryPanel.tsx draws it):
 * the day's median as a line over the days that had quotes (the API lists only those: a day
 * without quotes has no price, never the last one carried forward), thin days as hollow symbols,
 * and a tooltip with the median, the quotes behind it and the change, every figure through
 * lib/numbers.ts.
 */
import '../../i18n/priceTable.ts';
import { escapeMarkup as escapeHtml, type PricePoint } from '@steelport/contracts';
import type { TFunction } from 'i18next';
import type { ChartOption } from '../../components/Chart/index.tsx';
import { formatSigned, formatYuan, UNIT } from '../../lib/numbers.ts';

export const HISTORY_HEIGHT = 280;
const COLOR = '#1f4e8c';

/** The tooltip of one day. */
export function pointTooltip(t: TFunction, point: PricePoint): string {
  const lines = [
    `<b>${escapeHtml(point.date)}</b>`,
    `${escapeHtml(t('priceTable.drawer.series'))}: ${formatYuan(point.price)} ${escapeHtml(UNIT.pricePerTonne)}`,
    escapeHtml(t('priceTable.cell.quotesLong', { count: point.quotes })),
  ];
  if (point.change !== null) lines.push(formatSigned(point.change, formatYuan));
  if (point.thin) lines.push(escapeHtml(t('priceTable.drawer.thinPoint')));
  return lines.join('<br/>');
}

/** The option of `points` (oldest first, as the API lists them). */
export function historyOption(t: TFunction, points: readonly PricePoint[]): ChartOption {
  const byDate = new Map(points.map((p) => [p.date, p]));
  return {
    animation: false,
    grid: { left: 56, right: 16, top: 28, bottom: 48 },
    tooltip: {
      trigger: 'axis',
      confine: true,
      className: 'sp-chart-tooltip',
      formatter: (params: unknown) => {
        const at = Array.isArray(params) ? params[0] : params;
        const date = (at as { axisValue?: string } | undefined)?.axisValue ?? '';
        const point = byDate.get(date);
        return point ? pointTooltip(t, point) : '';
      },
    },
    xAxis: { type: 'category', data: points.map((p) => p.date), boundaryGap: false },
    yAxis: {
      type: 'value',
      name: UNIT.pricePerTonne,
      scale: true,
      axisLabel: { formatter: (v: number) => formatYuan(v) },
    },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    series: [
      {
        id: 'median',
        name: t('priceTable.drawer.series'),
        type: 'line',
        color: COLOR,
        symbol: 'circle',
        symbolSize: 6,
        showSymbol: points.length <= 60,
        data: points.map((p) => ({
          value: p.price,
          // A thin day is hollow: one quote is a price, not a market.
          itemStyle: p.thin ? { color: '#fff', borderColor: COLOR, borderWidth: 1.5 } : undefined,
        })),
      },
    ],
  };
}
