import '../../i18n/login.ts';
import { ACCOUNT_LIMITS } from '@steelport/contracts';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResetPassword } from '../../api/account.ts';
import { phoneRules } from '../../components/accountRules.ts';
import { FormField, LightForm } from '../../components/LightForm.tsx';
import { NewPasswordFields } from '../../components/PasswordFields.tsx';
import { SmsCodeField } from '../../components/SmsCodeField.tsx';

interface Values {
  phone: string;
  code: string;
  password: string;
  confirm: string;
}

/**
 * 忘记密码: phone, an SMS code (purpose `reset`) and the new password twice. The server ends
 * every session of the account; `onDone` receives the phone so the login form can start with it.
 */
export function ResetPasswordForm({ onDone }: { onDone: (phone: string) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPassword({
    onMutate: () => setError(null),
    onSuccess: (_answer, body) => onDone(body.phone.trim()),
    onError: (failure) => setError(failure.message),
  });

  return (
    <LightForm<Values>
      size="large"
      onFinish={(values) =>
        reset.mutate({ phone: values.phone, code: values.code, password: values.password })
      }
      aria-label={t('reset.heading')}
    >
      <FormField name="phone" label={t('form.phone')} rules={phoneRules(t)} validateFirst>
        <Input
          placeholder={t('form.phonePlaceholder')}
          inputMode="numeric"
          autoComplete="username"
          maxLength={ACCOUNT_LIMITS.phoneLength}
        />
      </FormField>
      <SmsCodeField purpose="reset" onSend={() => setError(null)} />
      <NewPasswordFields
        name="password"
        label={t('reset.newPassword')}
        confirmLabel={t('reset.confirmPassword')}
        placeholders
      />
      {error && <Alert className="sp-form-error" type="error" showIcon title={error} />}
      <Button type="primary" htmlType="submit" block loading={reset.isPending}>
        {t('reset.submit')}
      </Button>
    </LightForm>
  );
}
