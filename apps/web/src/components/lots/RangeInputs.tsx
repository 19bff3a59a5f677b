import '../../i18n/market.ts';
import { LOT_FILTER_LIMITS } from '@steelport/contracts';
import { Button } from 'antd';
// antd's Input alone: the barrel's Input carries TextArea, Password and OTP (about 6 KB gzip).
import Input from 'antd/es/input/Input';
import { useState } from 'react';
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

/** A bound as typed: digits (and, for a thickness, one decimal point), at most `limit`. */
export function parseBound(text: string, limit: number): number | undefined {
  if (text === '' || text === '.') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? Math.min(limit, value) : undefined;
}

/**
 * One bound: antd's Input (the keyword box brings it anyway) with a number keypad on phones, in
 * place of antd's InputNumber (about 5 KB gzip with its decimal library).
 */
function BoundInput({
  value,
  limit,
  whole,
  label,
  placeholder,
  onChange,
  onEnter,
}: {
  value: number | undefined;
  limit: number;
  /** whole millimetres only (widths) */
  whole: boolean;
  label: string;
  placeholder: string;
  onChange: (value: number | undefined) => void;
  onEnter: () => void;
}) {
  const [text, setText] = useState('');
  // The text as typed while it still means the value ("2." is 2); the value itself otherwise
  // (a bound applied or cleared elsewhere).
  const shown = parseBound(text, limit) === value ? text : value === undefined ? '' : String(value);
  return (
    <Input
      size="small"
      inputMode={whole ? 'numeric' : 'decimal'}
      maxLength={8}
      placeholder={placeholder}
      aria-label={label}
      value={shown}
      onChange={(event) => {
        const digits = event.target.value.replace(whole ? /[^\d]/g : /[^\d.]/g, '');
        const dot = digits.indexOf('.');
        const clean =
          dot < 0 ? digits : `${digits.slice(0, dot + 1)}${digits.slice(dot + 1).replaceAll('.', '')}`;
        setText(clean);
        onChange(parseBound(clean, limit));
      }}
      onBlur={() => setText(value === undefined ? '' : String(value))}
      onPressEnter={onEnter}
    />
  );
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
  const set = (field: keyof Bounds) => (value: number | undefined) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const pair = (label: string, min: keyof Bounds, max: keyof Bounds, limit: number, whole: boolean) => (
    <fieldset className="sp-range" aria-label={label}>
      <span>{label}</span>
      <BoundInput
        limit={limit}
        whole={whole}
        placeholder={t('lots.rangeMin')}
        label={`${label}${t('lots.rangeMin')}`}
        value={draft[min]}
        onChange={set(min)}
        onEnter={apply}
      />
      <span>-</span>
      <BoundInput
        limit={limit}
        whole={whole}
        placeholder={t('lots.rangeMax')}
        label={`${label}${t('lots.rangeMax')}`}
        value={draft[max]}
        onChange={set(max)}
        onEnter={apply}
      />
      <span className="sp-muted">{t('lots.mm')}</span>
    </fieldset>
  );

  return (
    <>
      {pair(t('lots.thickness'), 'thicknessMin', 'thicknessMax', LOT_FILTER_LIMITS.thicknessMax, false)}
      {pair(t('lots.width'), 'widthMin', 'widthMax', LOT_FILTER_LIMITS.widthMax, true)}
      <Button size="small" onClick={apply}>
        {t('lots.apply')}
      </Button>
    </>
  );
}
