/**
 * A short list of choices as the browser's own select, looking like antd's (issue 36): antd's
 * Select with its popup, virtual list and overflow is about 20 KB gzip, which a screen whose only
 * lists are a handful of regions or brands need not download. Phones get their own picker.
 * A list to search or to pick several from stays antd's Select.
 */
import './nativeSelect.css';
import { DownOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';
import { classNames } from '../lib/classNames.ts';

export interface NativeOption {
  value: string;
  label: string;
  /** `zh` for a Chinese name shown in an English page */
  lang?: string;
}

export function NativeSelect({
  value,
  options,
  onChange,
  className,
  size,
  style,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: {
  value: string;
  options: NativeOption[];
  onChange: (value: string) => void;
  className?: string;
  size?: 'small';
  style?: CSSProperties;
  'aria-label': string;
  'data-testid'?: string;
}) {
  return (
    <span
      className={classNames('sp-native-select', size === 'small' && 'sp-native-select--small', className)}
      style={style}
    >
      <select
        aria-label={ariaLabel}
        data-testid={testId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      <DownOutlined className="sp-native-select__arrow" aria-hidden />
    </span>
  );
}
