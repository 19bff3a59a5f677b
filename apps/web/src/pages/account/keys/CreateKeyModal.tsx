import '../../../i18n/workspace.ts';
import {
  API_KEY_SCOPES,
  type ApiKeyCreateBody,
  type ApiKeyCreated,
  type ApiKeyScope,
  TRADER_LIMITS,
} from '@steelport/contracts';
import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateApiKey } from '../../../api/workspace.ts';

/** 创建 API 密钥: 用途 and 权限 (现货, 余料, 报价); the created key goes to `onCreated`. */
const SCOPES_LABEL_ID = 'scopes-label';

/**
 * The scopes' checkboxes as a group named by the field's label. A group may not carry
 * aria-required (axe: aria-allowed-attr, critical), so the one Form.Item adds is dropped and the
 * hint the group is described by (the item's `extra`) says a choice is required.
 */
function ScopeGroup({
  id,
  value,
  onChange,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: {
  id?: string;
  value?: ApiKeyScope[];
  onChange?: (scopes: ApiKeyScope[]) => void;
  'aria-describedby'?: string;
  'aria-invalid'?: 'true';
  'aria-required'?: 'true';
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      className="sp-keys__scopes"
      id={id}
      aria-labelledby={SCOPES_LABEL_ID}
      aria-describedby={describedBy}
      aria-invalid={invalid}
    >
      <Checkbox.Group<ApiKeyScope>
        value={value}
        onChange={onChange}
        options={API_KEY_SCOPES.map((scope) => ({
          value: scope,
          label: t(`workspace.keys.scopeNames.${scope}`),
        }))}
      />
    </fieldset>
  );
}

export function CreateKeyModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: ApiKeyCreated) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApiKeyCreateBody>();
  const create = useCreateApiKey();
  const [error, setError] = useState<string | null>(null);

  const submit = (values: ApiKeyCreateBody) => {
    setError(null);
    create.mutate(
      { name: values.name.trim(), scopes: values.scopes },
      {
        onSuccess: (key) => {
          form.resetFields();
          onCreated(key);
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('workspace.keys.createTitle')}
      okText={t('workspace.keys.ok')}
      cancelText={t('workspace.keys.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      destroyOnHidden
      className="sp-keys__modal"
    >
      <Form<ApiKeyCreateBody>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ name: '', scopes: ['stock'] }}
        className="sp-keys__form"
      >
        <Form.Item
          name="name"
          label={t('workspace.keys.name')}
          rules={[
            { required: true, whitespace: true, message: t('workspace.keys.nameRequired') },
            {
              max: TRADER_LIMITS.apiKeyNameLength,
              message: t('workspace.firm.tooLong', { max: TRADER_LIMITS.apiKeyNameLength }),
            },
          ]}
        >
          <Input
            placeholder={t('workspace.keys.namePlaceholder')}
            maxLength={TRADER_LIMITS.apiKeyNameLength}
          />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={<span id={SCOPES_LABEL_ID}>{t('workspace.keys.scopes')}</span>}
          extra={t('workspace.keys.scopesHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('workspace.keys.scopesRequired') }]}
        >
          <ScopeGroup />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} role="alert" />}
      </Form>
    </Modal>
  );
}
