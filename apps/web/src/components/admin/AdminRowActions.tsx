import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../i18n/adminContent.ts';
import { ConfirmButton } from './ConfirmButton.tsx';

/** A row's on/off switch: 下线/上线, 停用/启用. Turning off asks first, turning on does not. */
export interface AdminRowToggle {
  on: boolean;
  /** the word that turns the row off (下线, 停用) and the question asked first */
  offLabel: string;
  offQuestion: string;
  /** the word that turns it on (上线, 启用) */
  onLabel: string;
  onToggle: (next: boolean) => Promise<unknown>;
}

/**
 * The action column of a console list: 编辑, the row's switch when it has one, 删除 (asks first).
 * Every button names the row for screen readers and tests (编辑 某文章).
 */
export function AdminRowActions({
  name,
  onEdit,
  editLockedReason,
  toggle,
  onDelete,
}: {
  /** the row's name (title, company...) */
  name: string;
  onEdit?: () => void;
  /** set when the row cannot be edited: the button is disabled with this as its title */
  editLockedReason?: string;
  toggle?: AdminRowToggle;
  onDelete?: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <span className="sp-admin-table__actions">
      {onEdit && (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          disabled={Boolean(editLockedReason)}
          title={editLockedReason}
          aria-label={`${t('adminContent.edit')} ${name}`}
          onClick={onEdit}
        >
          {t('adminContent.edit')}
        </Button>
      )}
      {toggle &&
        (toggle.on ? (
          <ConfirmButton
            label={toggle.offLabel}
            question={toggle.offQuestion}
            ariaLabel={`${toggle.offLabel} ${name}`}
            onConfirm={() => toggle.onToggle(false)}
          />
        ) : (
          <Button
            type="link"
            size="small"
            aria-label={`${toggle.onLabel} ${name}`}
            onClick={() => void toggle.onToggle(true)}
          >
            {toggle.onLabel}
          </Button>
        ))}
      {onDelete && (
        <ConfirmButton
          danger
          label={t('adminContent.delete')}
          question={t('adminContent.confirmDelete', { name })}
          ariaLabel={`${t('adminContent.delete')} ${name}`}
          onConfirm={onDelete}
        />
      )}
    </span>
  );
}
