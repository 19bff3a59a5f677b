import '../../i18n/workspace.ts';
import { EditOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A short text of a row (备注) that edits in place, like EditableNumber: a click opens a box,
 * Enter or leaving it saves, Esc cancels; an empty text shows a faint pencil to click.
 */
export function EditableText({
  value,
  label,
  maxLength,
  onSave,
}: {
  value: string;
  label: string;
  maxLength: number;
  onSave: (next: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (saving) return;
    const next = draft.trim();
    if (next === value) {
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      await onSave(next);
      setEditing(false);
    } catch {
      // The client toasted the server's message; the box stays for another try.
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <Button
        type="text"
        size="small"
        className="sp-trader__cell-edit sp-trader__cell-text"
        aria-label={`${t('trader.editLabel', { field: label })}：${value}`}
        title={value}
        onClick={() => {
          setDraft(value);
          setEditing(true);
        }}
      >
        <span className="sp-trader__cell-value">{value}</span>
        <EditOutlined className="sp-trader__cell-icon" aria-hidden />
      </Button>
    );
  }
  return (
    <Input
      size="small"
      autoFocus
      aria-label={label}
      value={draft}
      maxLength={maxLength}
      disabled={saving}
      onChange={(event) => setDraft(event.target.value)}
      onPressEnter={() => void save()}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setEditing(false);
      }}
    />
  );
}
