import '../../../i18n/account.ts';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../../../api/user.ts';
import { LightForm, useLightForm } from '../../../components/LightForm.tsx';
import { CurrentPasswordField, NewPasswordFields } from '../../../components/PasswordFields.tsx';
import { useFeedback } from '../../../lib/feedback.ts';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** 修改密码 (POST /api/web/user/password); the session stays, the next login needs the new one. */
export function PasswordForm() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const form = useLightForm<Values>();
  const change = useChangePassword();
  const submit = (values: Values) =>
    change.mutate(
      { oldPassword: values.oldPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success(t('account.passwordChanged'));
        },
      },
    );

  return (
    <section className="sp-box" aria-labelledby="account-password">
      <h2 className="sp-box__title" id="account-password">
        {t('account.passwordTitle')}
      </h2>
      <div className="sp-box__body">
        <LightForm<Values>
          form={form}
          className="sp-account__form"
          onFinish={submit}
          onValuesChange={() => change.isError && change.reset()}
        >
          <CurrentPasswordField
            name="oldPassword"
            label={t('account.oldPassword')}
            requiredMessage={t('account.oldPasswordRequired')}
          />
          <NewPasswordFields
            name="newPassword"
            label={t('account.newPassword')}
            confirmLabel={t('account.confirmNewPassword')}
          />
          {change.error && (
            <Alert className="sp-form-error" type="error" showIcon title={change.error.message} />
          )}
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('account.changePassword')}
          </Button>
        </LightForm>
      </div>
    </section>
  );
}
