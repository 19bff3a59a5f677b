import '../../i18n/indexParts.ts';
import { LockOutlined } from '@ant-design/icons';
import type { HistoryLimit } from '@steelport/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { HoverTooltip } from '../HoverTooltip.tsx';
import { RANGES, type RangeKey } from './format.ts';

/**
 * The history ranges (1个月 … 全部) as Segmented options, the index's and a price cell's alike: a
 * range the caller cannot see looks disabled, carries a lock and says what opens it; a click on
 * its label calls `onGated` (the same words as the prompt under the chart, which keyboards reach).
 */
export function rangeOptions(
  t: TFunction,
  gates: Record<RangeKey, HistoryLimit>,
  onGated: (gate: 'login' | 'vip') => void,
): { value: RangeKey; label: ReactNode; disabled?: boolean }[] {
  return RANGES.map((r) => {
    const gate = gates[r];
    const label = t(`steelIndex.ranges.${r}`);
    if (!gate) return { value: r, label };
    const why = t(`steelIndex.gate.${gate}`);
    return {
      value: r,
      disabled: true,
      label: (
        <HoverTooltip title={why}>
          {/* A disabled option takes no change; a click on its label still explains. */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: see above */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: a disabled radio takes no focus */}
          <span className="sp-range-gated" data-gate={gate} onClick={() => onGated(gate)}>
            <LockOutlined aria-hidden /> {label}
            <span className="sp-sr-only">{t('steelIndex.trend.gatedWhy', { why })}</span>
          </span>
        </HoverTooltip>
      ),
    };
  });
}
