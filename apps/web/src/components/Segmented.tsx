/**
 * A segmented control (issue 36): antd's Segmented markup and classes, drawn by antd's stylesheet,
 * without antd's Segmented, which brings antd's Tooltip with rc-trigger (about 13 KB gzip) for
 * options that have tooltips of their own. The options are radios of one group, so the browser
 * gives them antd's keys: arrows move the choice and skip disabled options. No sliding thumb: the
 * chosen option is drawn chosen at once, in the prerendered HTML too.
 */
import './segmented.css';
import { type ReactNode, useId } from 'react';
import { classNames } from '../lib/classNames.ts';

export interface SegmentedOption<V extends string | number> {
  value: V;
  label: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
}

export function Segmented<V extends string | number>({
  value,
  options,
  onChange,
  size,
  className,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: {
  value: V;
  options: SegmentedOption<V>[];
  onChange: (value: V) => void;
  size?: 'small';
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={ariaLabel}
      data-testid={testId}
      className={classNames(
        'ant-segmented',
        'sp-segmented',
        size === 'small' && 'ant-segmented-sm',
        className,
      )}
    >
      <div className="ant-segmented-group">
        {options.map((option) => {
          const chosen = option.value === value;
          return (
            <label
              key={option.value}
              className={classNames(
                'ant-segmented-item',
                chosen && 'ant-segmented-item-selected',
                option.disabled && 'ant-segmented-item-disabled',
              )}
            >
              <input
                className="ant-segmented-item-input"
                type="radio"
                name={name}
                checked={chosen}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
              />
              <div
                className="ant-segmented-item-label"
                title={typeof option.label === 'string' ? option.label : undefined}
              >
                {option.icon ? (
                  <>
                    <span className="ant-segmented-item-icon">{option.icon}</span>
                    <span>{option.label}</span>
                  </>
                ) : (
                  option.label
                )}
              </div>
            </label>
          );
        })}
      </div>
    </div>
  );
}
