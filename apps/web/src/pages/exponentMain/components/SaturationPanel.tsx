import { NATIONWIDE } from '@steelport/contracts';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaturation } from '../../../api/steelIndex.ts';
import { Chart, type ChartOption } from '../../../components/Chart/index.tsx';
import { fmtSigned } from '../../../components/steelIndex/format.ts';

/**
 * Warehouse saturation of a market: the ratio as a line (%), the listed tonnage as bars. It
 * follows the trend chart's range, whose prompt already says when history is cut short.
 */
export function SaturationPanel({ start, end }: { start?: string; end?: string }) {
  const { t } = useTranslation();
  const [market, setMarket] = useState(NATIONWIDE);
  const { data } = useSaturation({ market, start, end });
  const option = useMemo<ChartOption>(() => {
    const list = data?.list ?? [];
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 64, top: 40, bottom: 56 },
      xAxis: { type: 'category', data: list.map((s) => s.date) },
      yAxis: [
        { type: 'value', name: '%', scale: true },
        { type: 'value', name: t('steelIndex.trend.axisWeight'), splitLine: { show: false } },
      ],
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 12 }],
      series: [
        {
          name: t('steelIndex.saturation.ratio'),
          type: 'line',
          showSymbol: false,
          color: '#c0392b',
          data: list.map((s) => s.qqdata),
        },
        {
          name: t('steelIndex.saturation.trading'),
          type: 'bar',
          yAxisIndex: 1,
          color: 'rgba(31, 78, 140, 0.25)',
          data: list.map((s) => s.trade_weight),
        },
      ],
    };
  }, [data, t]);
  const last = data?.list[data.list.length - 1];
  return (
    <section className="sp-box sp-index-section">
      <h2 className="sp-box__title">
        <span>{t('steelIndex.saturation.title')}</span>
        <Select
          size="small"
          value={market}
          onChange={setMarket}
          aria-label={t('steelIndex.saturation.title')}
          options={(data?.markets ?? [NATIONWIDE]).map((m) => ({ value: m, label: m }))}
          style={{ width: 96 }}
        />
      </h2>
      <div className="sp-box__body">
        {last && (
          <p className="sp-muted">
            {t('steelIndex.saturation.latest', {
              market,
              date: last.date,
              value: last.qqdata.toFixed(2),
              sub: fmtSigned(last.sub, (n) => n.toFixed(2)),
            })}
          </p>
        )}
        <Chart option={option} height={280} label={t('steelIndex.saturation.label', { market })} />
      </div>
    </section>
  );
}
