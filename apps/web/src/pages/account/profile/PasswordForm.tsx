import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../../api/user.ts';
import { confirmPasswordRules, newPasswordRules } from '../../../components/accountRules.ts';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** 修改密码 (POST /api/web/user/password); the session stays, the next login needs the new one. */
export function PasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const change = useMutation({
    mutationFn: (values: Values) =>
      changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword }),
    onSuccess: () => {
      form.resetFields();
      void message.success(t('account.passwordChanged'));
    },
  });

  return (
    <section className="sp-box" aria-labelledby="account-password">
      <h2 className="sp-box__title" id="account-password">
        {t('account.passwordTitle')}
      </h2>
      <div className="sp-box__body">
        <Form<Values>
          form={form}
          className="sp-account__form"
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => change.mutate(values)}
          onValuesChange={() => change.isError && change.reset()}
        >
          <Form.Item
            name="oldPassword"
            label={t('account.oldPassword')}
            rules={[{ required: true, message: t('account.oldPasswordRequired') }]}
          >
            <Input.Password autoComplete="current-password" maxLength={64} />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('account.newPassword')}
            rules={newPasswordRules(t)}
            extra={t('form.passwordRule')}
            validateFirst
          >
            <Input.Password autoComplete="new-password" maxLength={32} />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('account.confirmNewPassword')}
            dependencies={['newPassword']}
            rules={confirmPasswordRules(t, 'newPassword')}
          >
            <Input.Password autoComplete="new-password" maxLength={32} />
          </Form.Item>
          {change.error && (
            <Alert className="sp-form-error" type="error" showIcon title={change.error.message} />
          )}
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('account.changePassword')}
          </Button>
        </Form>
      </div>
    </section>
  );
}
