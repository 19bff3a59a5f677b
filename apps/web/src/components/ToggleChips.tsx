/**
 * A row of toggle chips choosing a few of a short list (issue 36): antd's CheckableTag markup and
 * classes, drawn by antd's stylesheet, as buttons with `aria-pressed`, instead of antd's multiple
 * Select, whose popup, virtual list and overflow (rc-select, rc-trigger, rc-virtual-list: about
 * 28 KB gzip) one screen's first load paid for a dozen names. Every choice is one tap, in sight:
 * the row wraps, 44 px high on a phone. At most `max` are chosen (the others are drawn disabled
 * and say why through the hint, which is always shown so reaching the limit moves nothing) and
 * at least `min` (a tap on the last chosen one keeps it). The group is one stop of the Tab key:
 * the arrows, Home and End move between chips, Space and Enter toggle the focused one.
 */
import './toggleChips.css';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { classNames } from '../lib/classNames.ts';

export interface ToggleChipOption<V extends string | number> {
  value: V;
  label: ReactNode;
}

/** What a tap on `value` makes of the choice `chosen`: the same array when it may not change. */
export function toggled<V>(chosen: readonly V[], value: V, max: number, min: number): readonly V[] {
  if (chosen.includes(value)) return chosen.length > min ? chosen.filter((v) => v !== value) : chosen;
  return chosen.length < max ? [...chosen, value] : chosen;
}

const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowDown: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  ArrowUp: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/** The chips of `options`, those in `value` pressed; `onChange` gets the new choice in tap order. */
export function ToggleChips<V extends string | number>({
  options,
  value,
  onChange,
  max = Number.POSITIVE_INFINITY,
  min = 0,
  hint,
  className,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: {
  options: readonly ToggleChipOption<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  /** most chips chosen at once */
  max?: number;
  /** fewest chips chosen: the last `min` cannot be let go */
  min?: number;
  /** the limit in words (最多叠加 5 个指数), shown after the chips and read with each of them */
  hint?: ReactNode;
  className?: string;
  'aria-label': string;
  'data-testid'?: string;
}) {
  const hintId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // The chip the Tab key lands on: the one last focused, else the first chosen.
  const [current, setCurrent] = useState<V | null>(null);
  const full = value.length >= max;
  const stop = options.some((o) => o.value === current)
    ? current
    : (options.find((o) => value.includes(o.value)) ?? options[0])?.value;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, at: number) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(at, options.length);
    buttons.current[next]?.focus();
  };

  return (
    <div className={classNames('sp-toggle-chips', className)}>
      {/* A fieldset is a group by itself: its name is the aria-label (no legend to draw). */}
      <fieldset aria-label={ariaLabel} data-testid={testId} className="sp-toggle-chips__row">
        {options.map((option, at) => {
          const chosen = value.includes(option.value);
          // A chip that a tap would not change: an unchosen one at the limit, the last chosen ones.
          const locked = chosen ? value.length <= min : full;
          return (
            <button
              key={option.value}
              ref={(element) => {
                buttons.current[at] = element;
              }}
              type="button"
              tabIndex={option.value === stop ? 0 : -1}
              aria-pressed={chosen}
              aria-disabled={locked || undefined}
              aria-describedby={hint ? hintId : undefined}
              className={classNames(
                'ant-tag',
                'ant-tag-checkable',
                chosen && 'ant-tag-checkable-checked',
                !chosen && full && 'ant-tag-checkable-disabled',
                'sp-toggle-chip',
              )}
              onFocus={() => setCurrent(option.value)}
              onKeyDown={(event) => onKeyDown(event, at)}
              onClick={() => {
                const next = toggled(value, option.value, max, min);
                if (next !== value) onChange([...next]);
              }}
            >
              {option.label}
            </button>
          );
        })}
      </fieldset>
      {hint && (
        <span id={hintId} className="sp-toggle-chips__hint">
          {hint}
        </span>
      )}
    </div>
  );
}
