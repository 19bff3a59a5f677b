import { InputNumber } from 'antd';
import { useState } from 'react';

/** A number filter applied on blur or Enter (the URL changes once, not per keystroke). */
export function NumberFilter(props: {
  label: string;
  placeholder: string;
  value: number | undefined;
  max: number;
  step: number;
  integer?: boolean;
  onChange: (value: number | undefined) => void;
}) {
  const [draft, setDraft] = useState<number | null>(props.value ?? null);
  const [shown, setShown] = useState(props.value);
  if (shown !== props.value) {
    setShown(props.value);
    setDraft(props.value ?? null);
  }
  const commit = () => {
    const v = draft ?? undefined;
    if (v !== props.value) props.onChange(v);
  };
  return (
    <InputNumber<number>
      aria-label={props.label}
      className="sp-process__number"
      prefix={<span className="sp-muted">{props.label}</span>}
      placeholder={props.placeholder}
      min={props.integer ? 1 : 0.01}
      max={props.max}
      step={props.step}
      precision={props.integer ? 0 : undefined}
      value={draft}
      onChange={(v) => setDraft(v)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}
