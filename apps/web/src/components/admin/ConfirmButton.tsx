import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n/adminContent.ts';

/**
 * A row action that asks first (删除, 下线, 停用): a link button that opens a confirmation with
 * the question and the action's own word on the OK button.
 */
export function ConfirmButton({
  label,
  question,
  onConfirm,
  danger = false,
  icon,
  ariaLabel,
}: {
  label: string;
  question: string;
  onConfirm: () => Promise<unknown> | undefined;
  danger?: boolean;
  icon?: ReactNode;
  /** names the row too, for screen readers and tests (删除 某文章) */
  ariaLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={question}
      okText={label}
      cancelText={t('adminContent.cancel')}
      okButtonProps={{ danger }}
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger={danger} icon={icon} aria-label={ariaLabel}>
        {label}
      </Button>
    </Popconfirm>
  );
}
