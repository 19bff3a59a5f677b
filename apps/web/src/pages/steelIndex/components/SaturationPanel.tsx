import '../../../i18n/steelIndex.ts';
import { NATIONWIDE } from '@steelport/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaturation } from '../../../api/steelIndex.ts';
import { Chart, type ChartOption } from '../../../components/Chart/index.tsx';
import { NativeSelect } from '../../../components/NativeSelect.tsx';
import { isEnglish, useShownName } from '../../../i18n/tradeNames.tsx';
import { formatPoints, formatSigned, formatTonnes, formatTonnesText } from '../../../lib/numbers.ts';

/**
 * Warehouse saturation of a market: the ratio as a line (%), the listed tonnage as bars. It
 * follows the trend chart's range, whose prompt already says when history is cut short.
 */
export function SaturationPanel({ start, end }: { start?: string; end?: string }) {
  const { t, i18n } = useTranslation();
  const [market, setMarket] = useState(NATIONWIDE);
  const shown = useShownName();
  const marketName = shown('cities', market);
  const { data } = useSaturation({ market, start, end });
  const option = useMemo<ChartOption>(() => {
    const list = data?.list ?? [];
    return {
      animation: false,
      // the shared formats, not ECharts' own (which prints a tonnage as 123,730.078)
      tooltip: { trigger: 'axis', confine: true },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 8, right: 8, top: 56, bottom: 56, containLabel: true },
      xAxis: { type: 'category', data: list.map((s) => s.date) },
      yAxis: [
        { type: 'value', name: '%', scale: true },
        {
          type: 'value',
          name: t('steelIndex.trend.axisWeight'),
          splitLine: { show: false },
          axisLabel: { formatter: (v: number) => formatTonnes(v) },
        },
      ],
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 12 }],
      series: [
        {
          name: t('steelIndex.saturation.ratio'),
          type: 'line',
          showSymbol: false,
          color: '#c0392b',
          tooltip: { valueFormatter: (v: unknown) => `${formatPoints(v as number)}%` },
          data: list.map((s) => s.qqdata),
        },
        {
          name: t('steelIndex.saturation.trading'),
          type: 'bar',
          yAxisIndex: 1,
          color: 'rgba(31, 78, 140, 0.25)',
          tooltip: { valueFormatter: (v: unknown) => formatTonnesText(v as number) },
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
        <NativeSelect
          size="small"
          value={market}
          onChange={setMarket}
          aria-label={t('steelIndex.saturation.title')}
          options={(data?.markets ?? [NATIONWIDE]).map((m) => {
            const name = shown('cities', m);
            return { value: m, label: name.text, lang: name.zh ? 'zh' : undefined };
          })}
          // English market names (Nationwide) are longer than the Chinese ones
          style={{ width: isEnglish(i18n.language) ? 124 : 96 }}
        />
      </h2>
      <div className="sp-box__body">
        {last && (
          <p className="sp-muted" lang={marketName.zh ? 'zh' : undefined}>
            {t('steelIndex.saturation.latest', {
              market: marketName.text,
              date: last.date,
              value: formatPoints(last.qqdata),
              sub: formatSigned(last.sub, formatPoints),
            })}
          </p>
        )}
        <Chart
          option={option}
          height={280}
          label={t('steelIndex.saturation.label', { market: marketName.text })}
        />
      </div>
    </section>
  );
}
