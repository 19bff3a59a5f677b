/**
 * A checkbox with its label: antd's Checkbox markup and classes (antd 6 draws the box on the
 * input's wrapper), drawn by antd's stylesheet, without antd's Checkbox, its wave effect and
 * group context (about 2 KB gzip) on the market screens' 只看电议.
 */
import type { ReactNode } from 'react';
import { classNames } from '../lib/classNames.ts';

export function PlainCheckbox({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className={classNames('ant-checkbox-wrapper', checked && 'ant-checkbox-wrapper-checked')}>
      <span className={classNames('ant-checkbox', checked && 'ant-checkbox-checked')}>
        <input
          className="ant-checkbox-input"
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
      </span>
      <span className="ant-checkbox-label">{children}</span>
    </label>
  );
}
