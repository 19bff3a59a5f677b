import './lazyDatePicker.css';
import { CalendarOutlined } from '@ant-design/icons';
// antd's Input alone: the barrel's Input carries TextArea, Password and OTP (about 6 KB gzip).
import Input from 'antd/es/input/Input';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense } from 'react';

// Fetched as soon as a screen with a picker is evaluated, beside its render, not before it.
const pickerModule = import('antd/es/date-picker');
const DatePicker = lazy(() => pickerModule);

/** The picker's props the portal uses: one day, or none (a Form.Item gives value, onChange, id). */
export interface LazyDatePickerProps {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  /** the field's name for a screen reader, unless a Form.Item's label names it (`id`) */
  'aria-label'?: string;
  id?: string;
  className?: string;
  placeholder?: string;
  allowClear?: boolean;
  disabledDate?: (day: Dayjs) => boolean;
  /** a phone: no keyboard over the calendar */
  inputReadOnly?: boolean;
  'data-testid'?: string;
}

/**
 * antd's DatePicker, loaded after the screen that shows it (issue 36: the picker and its
 * calendar engine are 26 KB gzip that the first paint does not need). Until then a disabled
 * field of the picker's size shows the day (a click waits for the picker, as Playwright does);
 * the picker takes its place as soon as its chunk arrives. `sp-date` gives both the same width,
 * so nothing moves when they swap.
 */
export function LazyDatePicker({ className, onChange, ...props }: LazyDatePickerProps) {
  const classes = `sp-date${className ? ` ${className}` : ''}`;
  // The stand-in's box is a span with the picker's classes, so a screen's width and height rules
  // size both alike; the field fills it.
  const standIn = (
    <span className={`${classes} sp-date--waiting`}>
      <Input
        disabled
        value={props.value ? props.value.format('YYYY-MM-DD') : ''}
        placeholder={props.placeholder}
        aria-label={props['aria-label']}
        id={props.id}
        suffix={<CalendarOutlined aria-hidden className="sp-date__icon" />}
      />
    </span>
  );
  return (
    <Suspense fallback={standIn}>
      <DatePicker
        {...props}
        className={classes}
        onChange={(value) => onChange?.((value as Dayjs | null) ?? null)}
      />
    </Suspense>
  );
}
