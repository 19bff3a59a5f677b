import '../../../i18n/steelIndex.ts';
import type { HistoryLimit, IndexAll } from '@steelport/contracts';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption, type ChartView } from '../../../components/Chart/index.tsx';
import { Segmented } from '../../../components/Segmented.tsx';
import type { RangeKey } from '../../../components/steelIndex/format.ts';
import { rangeOptions } from '../../../components/steelIndex/RangeOptions.tsx';
import { ToggleChips } from '../../../components/ToggleChips.tsx';
import { legendRows } from './trendLayout.ts';
import { GRID, HEIGHT, trendOption } from './trendOption.ts';
import { showSymbols, visibleDays } from './trendSeries.ts';

/** Most indexes one chart overlays before it stops being readable. */
export const MAX_OVERLAY = 5;

/**
 * The trend chart: one price line per chosen index (left axis, 元/吨) and the first index's
 * stock as bars on the right axis (吨); its deals in a panel of their own below with their own
 * axis, since a day's deals are a few per cent of the stock and would lie flat on its scale.
 * Zoom by dragging the slider or scrolling; both panels move together. The legend wraps
 * instead of paging and the panels start below it, so on a phone it never covers the axis units.
 * Provisional days (issue 10) are drawn dashed; when the visible days are far enough apart every
 * day also gets a symbol, solid when final and hollow when provisional. The tooltip gives each
 * day's source, samples, outliers and 暂定. The indexes it overlays are chips under the ranges
 * (ToggleChips: one tap each, up to MAX_OVERLAY, never none).
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
  /** the indexes one may overlay: `name` for the canvas, `label` for the page (its language marked) */
  options: { id: number; name: string; label: ReactNode }[];
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
  const { option, lineIds, days, legend } = useMemo(
    () => trendOption({ data, selected, options, t, width }),
    [data, selected, t, width, options],
  );

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
          options={rangeOptions(t, gates, onGated)}
        />
        <ToggleChips<number>
          className="sp-toolbar__line"
          aria-label={t('steelIndex.trend.indexes')}
          data-testid="trend-indexes"
          options={options.map((o) => ({ value: o.id, label: o.label }))}
          value={selected}
          onChange={onSelect}
          max={MAX_OVERLAY}
          min={1}
          hint={t('steelIndex.trend.maxHint', { count: MAX_OVERLAY })}
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
