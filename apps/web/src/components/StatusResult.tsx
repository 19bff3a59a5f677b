/**
 * An outcome with its status icon (paid, confirmed, expired, failed): antd's Result markup and
 * classes, drawn by antd's stylesheet, without antd's Result module, which brings its 403, 404
 * and 500 illustrations (about 9 KB gzip) to every screen that shows a plain outcome. antd's
 * Result stays for those illustrations (the not-found and access screens).
 */
import './statusResult.css';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  WarningFilled,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { classNames } from '../lib/classNames.ts';

export type ResultStatus = 'success' | 'info' | 'warning' | 'error';

const ICONS = {
  success: CheckCircleFilled,
  info: ExclamationCircleFilled,
  warning: WarningFilled,
  error: CloseCircleFilled,
} as const;

/** What React would draw something for (antd's isReactRenderable). */
const shown = (node: ReactNode) => node !== undefined && node !== null && node !== false && node !== '';

export function StatusResult({
  status,
  title,
  subTitle,
  extra,
  icon,
  className,
  children,
}: {
  status: ResultStatus;
  title?: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  /** in place of the status's own icon (a clock while waiting) */
  icon?: ReactNode;
  className?: string;
  /** a details box under the rest (antd's Result body) */
  children?: ReactNode;
}) {
  const Icon = ICONS[status];
  return (
    <div className={classNames('ant-result', `ant-result-${status}`, 'sp-result', className)}>
      <div className="ant-result-icon">{icon ?? <Icon />}</div>
      {shown(title) && <div className="ant-result-title">{title}</div>}
      {shown(subTitle) && <div className="ant-result-subtitle">{subTitle}</div>}
      {shown(extra) && <div className="ant-result-extra">{extra}</div>}
      {shown(children) && <div className="ant-result-body">{children}</div>}
    </div>
  );
}
