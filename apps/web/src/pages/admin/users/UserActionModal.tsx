/**
 * The modal form of one write on one user (AdminUsersPage): role, disable, enable, beans,
 * membership or the company's full name. Validation messages are Chinese and name what is wrong; the server's refusal (an
 * operator demoting itself, a balance going below 0) shows above the buttons.
 */
import '../../../i18n/admin.ts';
import {
  ACCOUNT_LIMITS,
  ADMIN_LIMITS,
  type AdminUser,
  USER_ROLES,
  type UserRoleName,
} from '@steelport/contracts';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { type AdminUserAction, useAdminUserAction, useGrantableCommodities } from '../../../api/admin.ts';
import { useFeedback } from '../../../lib/feedback.ts';

export type UserActionKind = AdminUserAction['kind'];

interface Values {
  role?: UserRoleName;
  reason?: string;
  delta?: number;
  days?: number;
  commodityId?: number;
  companyName?: string;
}

export function UserActionModal({
  kind,
  user,
  onClose,
}: {
  kind: UserActionKind;
  user: AdminUser;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const mutation = useAdminUserAction();
  const commodities = useGrantableCommodities(kind === 'membership');
  const L = ADMIN_LIMITS;

  const titles: Record<UserActionKind, string> = {
    role: t('admin.users.roleTitle', { phone: user.phone }),
    disable: t('admin.users.disableTitle', { phone: user.phone }),
    enable: t('admin.users.enableTitle', { phone: user.phone }),
    beans: t('admin.users.beansTitle', { phone: user.phone, beans: user.beans }),
    membership: t('admin.users.vipTitle', { phone: user.phone }),
    company: t('admin.users.companyTitle', { phone: user.phone }),
  };
  const reasonRules: Rule[] = [
    ...(kind === 'enable'
      ? []
      : [{ required: true, whitespace: true, message: t('admin.users.rules.reason') }]),
    {
      min: L.reasonMin,
      max: L.reasonMax,
      message: t('admin.users.rules.reasonMax', { max: L.reasonMax, min: L.reasonMin }),
    },
  ];

  const submit = (values: Values) => {
    const reason = values.reason?.trim() ?? '';
    let action: AdminUserAction;
    switch (kind) {
      case 'role':
        action = { kind, id: user.id, body: { role: values.role as UserRoleName } };
        break;
      case 'disable':
        action = { kind, id: user.id, body: { reason } };
        break;
      case 'enable':
        action = { kind, id: user.id, body: reason ? { reason } : {} };
        break;
      case 'beans':
        action = { kind, id: user.id, body: { delta: values.delta as number, reason } };
        break;
      case 'membership':
        action = {
          kind,
          id: user.id,
          body: { commodityId: values.commodityId as number, days: values.days as number, reason },
        };
        break;
      case 'company':
        action = { kind, id: user.id, body: { name: values.companyName?.trim() ?? '', reason } };
        break;
    }
    mutation.mutate(action, {
      onSuccess: () => {
        void message.success(t(`admin.users.done.${kind}`));
        onClose();
      },
    });
  };

  return (
    <Modal
      open
      title={titles[kind]}
      okText={t('admin.common.ok')}
      cancelText={t('admin.common.cancel')}
      okButtonProps={{ danger: kind === 'disable', loading: mutation.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ role: user.role, companyName: user.company?.name }}
        requiredMark
      >
        {kind === 'disable' && <p>{t('admin.users.disableHint')}</p>}
        {kind === 'company' && (
          <>
            <p>{t('admin.users.companyHint')}</p>
            <Form.Item
              name="companyName"
              label={t('admin.users.companyName')}
              rules={[
                { required: true, whitespace: true, message: t('admin.users.rules.companyName') },
                {
                  max: ACCOUNT_LIMITS.companyMax,
                  message: t('admin.users.rules.companyNameMax', { max: ACCOUNT_LIMITS.companyMax }),
                },
              ]}
            >
              <Input maxLength={ACCOUNT_LIMITS.companyMax} autoComplete="off" />
            </Form.Item>
          </>
        )}
        {kind === 'role' && (
          <Form.Item
            name="role"
            label={t('admin.users.role')}
            rules={[{ required: true, message: t('admin.users.rules.role') }]}
          >
            <Select
              options={USER_ROLES.map((role) => ({ value: role, label: t(`admin.users.roles.${role}`) }))}
            />
          </Form.Item>
        )}
        {kind === 'beans' && (
          <Form.Item
            name="delta"
            label={t('admin.users.beansDelta')}
            extra={t('admin.users.beansDeltaHint')}
            rules={[
              { required: true, message: t('admin.users.rules.delta') },
              {
                validator: (_, value: number | null | undefined) => {
                  if (value === null || value === undefined) return Promise.resolve();
                  if (value === 0) return Promise.reject(new Error(t('admin.users.rules.deltaZero')));
                  if (Math.abs(value) > L.beansDeltaMax) {
                    return Promise.reject(
                      new Error(t('admin.users.rules.deltaRange', { max: L.beansDeltaMax })),
                    );
                  }
                  return Promise.resolve();
                },
              },
            ]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {kind === 'membership' && (
          <>
            <Form.Item
              name="commodityId"
              label={t('admin.users.vipEntry')}
              rules={[{ required: true, message: t('admin.users.rules.entry') }]}
            >
              <Select
                loading={commodities.isLoading}
                options={(commodities.data ?? []).map((commodity) => ({
                  value: commodity.id,
                  label: commodity.name,
                }))}
              />
            </Form.Item>
            <Form.Item
              name="days"
              label={t('admin.users.vipDays')}
              rules={[
                { required: true, message: t('admin.users.rules.days') },
                {
                  type: 'integer',
                  min: 1,
                  max: L.grantDaysMax,
                  message: t('admin.users.rules.daysRange', { max: L.grantDaysMax }),
                },
              ]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        {kind !== 'role' && (
          <Form.Item name="reason" label={t('admin.users.reason')} rules={reasonRules}>
            <Input.TextArea
              rows={3}
              maxLength={L.reasonMax}
              showCount
              placeholder={t('admin.users.reasonPlaceholder')}
            />
          </Form.Item>
        )}
        {mutation.error && <Alert type="error" showIcon title={mutation.error.message} />}
      </Form>
    </Modal>
  );
}
