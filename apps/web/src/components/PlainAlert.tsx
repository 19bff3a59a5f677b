/**
 * A one-line notice with its icon and an action (a load error with 重试, 搜索过于频繁 with 验证):
 * antd's Alert markup and classes, drawn by antd's stylesheet, without antd's Alert, its motion
 * and its error boundary (about 2 KB gzip) on the market screens, where it shows only when
 * something went wrong. antd's Alert where a notice closes or has a description.
 */
import './plainAlert.css';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS = {
  success: <CheckCircleFilled />,
  info: <InfoCircleFilled />,
  warning: <ExclamationCircleFilled />,
  error: <CloseCircleFilled />,
};

export function PlainAlert({
  type,
  title,
  action,
}: {
  type: keyof typeof ICONS;
  title: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={`ant-alert ant-alert-${type} ant-alert-outlined sp-plain-alert`} role="alert">
      <span className="ant-alert-icon">{ICONS[type]}</span>
      <div className="ant-alert-section">
        <div className="ant-alert-title">{title}</div>
      </div>
      {action && <div className="ant-alert-actions">{action}</div>}
    </div>
  );
}
