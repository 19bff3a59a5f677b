import { Alert, Button, Drawer, Form, type FormInstance } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n/adminContent.ts';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';

export interface AdminEditorDrawerProps<V extends object> {
  open: boolean;
  title: string;
  form: FormInstance<V>;
  /** the form's values when it opens (the row, or defaults for 新建) */
  initial: Partial<V>;
  onClose: () => void;
  /** resolves when saved (the drawer closes); rejects with the server's message, shown in the drawer */
  onSubmit: (values: V) => Promise<unknown>;
  children: ReactNode;
  width?: number;
}

/**
 * The create/edit drawer of the admin lists: an antd form (validation messages in Chinese
 * from each rule), 取消 and 保存 at the foot, and the server's refusal shown above the buttons
 * so the operator corrects the field instead of losing the form.
 */
export function AdminEditorDrawer<V extends object>({
  open,
  title,
  form,
  initial,
  onClose,
  onSubmit,
  children,
  width = 640,
}: AdminEditorDrawerProps<V>) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setError(null);
    form.resetFields();
    // biome-ignore lint/suspicious/noExplicitAny: antd types setFieldsValue with a recursive partial
    form.setFieldsValue(initial as any);
  }, [open, initial, form]);

  const submit = async (values: V) => {
    setSaving(true);
    setError(null);
    try {
      await onSubmit(values);
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={title}
      placement="right"
      size={isPhone ? '100%' : width}
      open={open}
      onClose={onClose}
      destroyOnHidden={false}
      forceRender
      footer={
        <div className="sp-admin-drawer__foot">
          {error && <Alert type="error" showIcon title={error} className="sp-admin-drawer__error" />}
          <Button onClick={onClose}>{t('adminContent.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('adminContent.save')}
          </Button>
        </div>
      }
    >
      <Form<V>
        form={form}
        layout="vertical"
        aria-label={title}
        requiredMark
        scrollToFirstError
        onFinish={(values) => void submit(values)}
      >
        {children}
      </Form>
    </Drawer>
  );
}
