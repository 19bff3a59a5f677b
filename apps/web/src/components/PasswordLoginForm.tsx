import '../i18n/login.ts';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { ACCOUNT_LIMITS, type LoginResult } from '@steelport/contracts';
import { Alert, Button, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePasswordLogin } from '../api/account.ts';
import { phoneRules } from './accountRules.ts';
import { FormField, LightForm } from './LightForm.tsx';
import { CaptchaField, useCaptchaStep } from './LoginCaptcha.tsx';
import { CurrentPasswordField } from './PasswordFields.tsx';

interface Values {
  phone: string;
  password: string;
}

/**
 * Phone and password login (POST /api/uaa/login/password), shared by the login page and the
 * phone's QR confirm page. The server's message (手机号或密码错误, a wait after failures) shows
 * above the button, with the image captcha when the server asks for one (many failures for the
 * phone or from the address); `onLogin` decides what a login leads to. The login page adds its 忘记密码
 * link under the password (`passwordExtra`) and, after a reset, starts with the phone filled in.
 */
export function PasswordLoginForm({
  onLogin,
  size = 'large',
  initialPhone,
  passwordExtra,
}: {
  onLogin: (result: LoginResult) => void;
  size?: 'middle' | 'large';
  initialPhone?: string;
  passwordExtra?: ReactNode;
}) {
  const { t } = useTranslation();
  const login = usePasswordLogin(onLogin);
  const captcha = useCaptchaStep('password');

  return (
    <LightForm<Values>
      size={size}
      initialValues={initialPhone ? { phone: initialPhone } : undefined}
      onFinish={(values) => {
        const answer = captcha.answer();
        // Asked for and not typed yet: the captcha field says so.
        if (answer === null) return;
        login.mutate({ ...values, captcha: answer }, { onSettled: (_, error) => captcha.settle(error) });
      }}
      onValuesChange={() => login.isError && login.reset()}
      aria-label={t('login.tabs.password')}
    >
      <FormField name="phone" label={t('form.phone')} rules={phoneRules(t)} validateFirst>
        <Input
          prefix={<MobileOutlined aria-hidden />}
          placeholder={t('form.phonePlaceholder')}
          inputMode="numeric"
          autoComplete="username"
          maxLength={ACCOUNT_LIMITS.phoneLength}
        />
      </FormField>
      <CurrentPasswordField
        name="password"
        label={t('form.password')}
        requiredMessage={t('form.passwordRequired')}
        placeholder={t('form.passwordPlaceholder')}
        prefix={<LockOutlined aria-hidden />}
      />
      {passwordExtra}
      <CaptchaField step={captcha} />
      {login.error && <Alert className="sp-form-error" type="error" showIcon title={login.error.message} />}
      <Button type="primary" htmlType="submit" block loading={login.isPending || login.isSuccess}>
        {t('login.submit')}
      </Button>
    </LightForm>
  );
}
