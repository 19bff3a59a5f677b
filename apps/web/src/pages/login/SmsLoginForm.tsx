import '../../i18n/login.ts';
import { MobileOutlined } from '@ant-design/icons';
import { ACCOUNT_LIMITS, type LoginResult } from '@steelport/contracts';
import { Alert, Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSmsLogin } from '../../api/account.ts';
import { phoneRules } from '../../components/accountRules.ts';
import { FormField, LightForm } from '../../components/LightForm.tsx';
import { SmsCodeField } from '../../components/SmsCodeField.tsx';

interface Values {
  phone: string;
  code: string;
}

/**
 * 短信登录: phone and an SMS code (purpose `login`), also the way in while password login is
 * locked after failed attempts. A refused send (too frequent, daily limit) shows under 获取验证码
 * (SmsCodeField), a wrong code above the submit button.
 */
export function SmsLoginForm({ onLogin }: { onLogin: (result: LoginResult) => void }) {
  const { t } = useTranslation();
  const login = useSmsLogin(onLogin);
  const error = login.error?.message;

  return (
    <LightForm<Values>
      size="large"
      onFinish={(values) => login.mutate(values)}
      onValuesChange={() => login.isError && login.reset()}
      aria-label={t('login.tabs.sms')}
    >
      <FormField name="phone" label={t('form.phone')} rules={phoneRules(t)} validateFirst>
        <Input
          prefix={<MobileOutlined aria-hidden />}
          placeholder={t('form.phonePlaceholder')}
          inputMode="numeric"
          autoComplete="tel"
          maxLength={ACCOUNT_LIMITS.phoneLength}
        />
      </FormField>
      <SmsCodeField purpose="login" onSend={() => login.reset()} />
      {error && <Alert className="sp-form-error" type="error" showIcon title={error} />}
      <Button type="primary" htmlType="submit" block loading={login.isPending || login.isSuccess}>
        {t('login.submit')}
      </Button>
    </LightForm>
  );
}
