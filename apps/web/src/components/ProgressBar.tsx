/**
 * A small progress line (a group order's tonnage, a warehouse's saturation): antd's Progress
 * markup and classes, drawn by antd's stylesheet, without antd's Progress module, which brings
 * its circle and steps with rc-progress (about 5 KB gzip) to a screen that shows a plain bar.
 */
import './progressBar.css';
import type { CSSProperties } from 'react';
import { classNames } from '../lib/classNames.ts';

export function ProgressBar({
  percent,
  info,
  color,
  className,
  'aria-label': ariaLabel,
}: {
  /** 0–100; outside values are clamped */
  percent: number;
  /** the text after the bar (antd's `format`); none when left out (antd's `showInfo={false}`) */
  info?: string;
  /** the bar's colour (antd's `strokeColor`); the theme's info colour when left out */
  color?: string;
  className?: string;
  'aria-label': string;
}) {
  const value = Math.min(100, Math.max(0, percent));
  const track: CSSProperties & Record<'--progress-line-stroke-color', string | undefined> = {
    width: `${value}%`,
    height: 6,
    '--progress-line-stroke-color': color,
    background: color,
  };
  return (
    <div
      className={classNames(
        'ant-progress ant-progress-status-normal ant-progress-line ant-progress-line-align-end',
        'ant-progress-line-position-outer',
        info !== undefined && 'ant-progress-show-info',
        'ant-progress-small sp-progress',
        className,
      )}
      role="progressbar"
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={ariaLabel}
    >
      <div className="ant-progress-body" style={{ width: '100%' }}>
        <div className="ant-progress-rail" style={{ height: 6 }}>
          <div className="ant-progress-track" style={track} />
        </div>
        {info !== undefined && (
          <span
            className="ant-progress-indicator ant-progress-indicator-end ant-progress-indicator-outer"
            title={info}
          >
            {info}
          </span>
        )}
      </div>
    </div>
  );
}
