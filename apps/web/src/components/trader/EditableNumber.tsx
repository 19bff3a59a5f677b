import '../../i18n/workspace.ts';
import { EditOutlined } from '@ant-design/icons';
import { Button, InputNumber } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A figure of a row that edits in place: the cell shows the figure as a button; a click opens a
 * number box, Enter or leaving it saves (a PUT of the whole row), Esc cancels. While the save
 * runs the box stays, disabled, so the row does not jump back to the old figure and forward again.
 */
export function EditableNumber({
  value,
  display,
  label,
  min,
  max,
  precision,
  onSave,
}: {
  value: number;
  /** the figure as the cell shows it (formatted, 电议...) */
  display: ReactNode;
  /** what is edited, for the accessible name: 单价 */
  label: string;
  min: number;
  max: number;
  precision: number;
  /** resolves when saved; a rejection keeps the box open for another try */
  onSave: (next: number) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<number | null>(value);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (saving) return;
    if (draft === null || draft === value) {
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      await onSave(draft);
      setEditing(false);
    } catch {
      // The client toasted the server's message; the box stays for a corrected figure.
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <Button
        type="text"
        size="small"
        className="sp-trader__cell-edit"
        aria-label={`${t('trader.editLabel', { field: label })}：${typeof display === 'string' ? display : value}`}
        onClick={() => {
          setDraft(value);
          setEditing(true);
        }}
      >
        {display}
        <EditOutlined className="sp-trader__cell-icon" aria-hidden />
      </Button>
    );
  }
  return (
    <InputNumber
      size="small"
      autoFocus
      className="sp-trader__cell-input"
      aria-label={label}
      value={draft}
      min={min}
      max={max}
      precision={precision}
      disabled={saving}
      onChange={(next) => setDraft(typeof next === 'number' ? next : null)}
      onPressEnter={() => void save()}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setEditing(false);
      }}
    />
  );
}
