import '../../i18n/market.ts';
import { LOT_FILTER_LIMITS } from '@steelport/contracts';
import { Button, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDraft } from '../../lib/draft.ts';
import { type SizeBounds as Bounds, type FilterQuery, patchLotQuery } from './lotQuery.ts';

function boundsOf(query: Bounds): Bounds {
  const { thicknessMin, thicknessMax, widthMin, widthMax } = query;
  return { thicknessMin, thicknessMax, widthMin, widthMax };
}

/** A min-max pair swapped when typed the wrong way round, as a trader would mean it. */
function ordered(min: number | undefined, max: number | undefined): [number | undefined, number | undefined] {
  return min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
}

/**
 * Thickness (mm, decimals) and width (mm, whole) ranges. They apply on 确定 or Enter, not on
 * every keystroke, so typing 2.75 does not search for 2, 2.7 and 2.75.
 */
export function RangeInputs<Q extends FilterQuery>({
  query,
  onChange,
}: {
  query: Q;
  onChange: (next: Q) => void;
}) {
  const { t } = useTranslation();
  const applied = boundsOf(query);
  // Typed bounds stay until the applied ones change (确定, 清空筛选, back/forward); another
  // filter changing keeps them.
  const [draft, setDraft] = useDraft<Bounds>(
    applied,
    [applied.thicknessMin, applied.thicknessMax, applied.widthMin, applied.widthMax].join('|'),
  );

  const apply = () => {
    const [tMin, tMax] = ordered(draft.thicknessMin, draft.thicknessMax);
    const [wMin, wMax] = ordered(draft.widthMin, draft.widthMax);
    onChange(
      patchLotQuery(query, {
        thicknessMin: tMin,
        thicknessMax: tMax,
        widthMin: wMin,
        widthMax: wMax,
      } as Partial<Q>),
    );
  };
  const set = (field: keyof Bounds) => (value: number | null) =>
    setDraft((current) => ({ ...current, [field]: value ?? undefined }));

  const pair = (label: string, min: keyof Bounds, max: keyof Bounds, limit: number, step: number) => (
    <fieldset className="sp-range" aria-label={label}>
      <span>{label}</span>
      <InputNumber
        size="small"
        min={0}
        max={limit}
        step={step}
        placeholder={t('lots.rangeMin')}
        aria-label={`${label}${t('lots.rangeMin')}`}
        value={draft[min]}
        onChange={set(min)}
        onPressEnter={apply}
      />
      <span>-</span>
      <InputNumber
        size="small"
        min={0}
        max={limit}
        step={step}
        placeholder={t('lots.rangeMax')}
        aria-label={`${label}${t('lots.rangeMax')}`}
        value={draft[max]}
        onChange={set(max)}
        onPressEnter={apply}
      />
      <span className="sp-muted">{t('lots.mm')}</span>
    </fieldset>
  );

  return (
    <>
      {pair(t('lots.thickness'), 'thicknessMin', 'thicknessMax', LOT_FILTER_LIMITS.thicknessMax, 0.1)}
      {pair(t('lots.width'), 'widthMin', 'widthMax', LOT_FILTER_LIMITS.widthMax, 10)}
      <Button size="small" onClick={apply}>
        {t('lots.apply')}
      </Button>
    </>
  );
}
