import { ACCOUNT_LIMITS, type LoginResult } from '@steelport/contracts';
import { Alert, Button, Checkbox, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegister, useSendSmsCode } from '../../api/account.ts';
import { companyRules, linkManRules, phoneRules } from '../../components/accountRules.ts';
import { NewPasswordFields } from '../../components/PasswordFields.tsx';
import { deadlineIn, useCountdown } from '../../lib/countdown.ts';

interface Values {
  phone: string;
  code: string;
  password: string;
  confirm: string;
  linkMan: string;
  company?: string;
  agree: boolean;
}

/**
 * 注册: phone with an SMS code, password, contact name and an optional company (which makes a
 * trader account). The code button counts down the server's resend gap; the server's messages
 * (wrong code, phone taken, too frequent) show above the submit button.
 */
export function RegisterForm({ onLogin }: { onLogin: (result: LoginResult) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [codeValidFor, setCodeValidFor] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const wait = useCountdown(resendAt);

  const sms = useSendSmsCode('register', {
    onMutate: () => setError(null),
    onSuccess: (sent) => {
      setResendAt(deadlineIn(sent.resendAfterSeconds));
      setCodeValidFor(Math.round(sent.expiresInSeconds / 60));
    },
    onError: (failure) => setError(failure.message),
  });
  const submit = useRegister({
    onMutate: () => setError(null),
    onSuccess: onLogin,
    onError: (failure) => setError(failure.message),
  });
  const finish = (values: Values) =>
    submit.mutate({
      phone: values.phone.trim(),
      code: values.code.trim(),
      password: values.password,
      linkMan: values.linkMan.trim(),
      ...(values.company?.trim() ? { company: values.company.trim() } : {}),
    });

  const requestCode = async () => {
    try {
      const { phone } = await form.validateFields(['phone']);
      sms.mutate(phone.trim());
    } catch {
      // the phone field shows what is wrong with it
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={finish}
      aria-label={t('login.registerHeading')}
      className="sp-register"
    >
      <Form.Item name="phone" label={t('form.phone')} rules={phoneRules(t)} validateFirst>
        <Input
          placeholder={t('form.phonePlaceholder')}
          inputMode="numeric"
          autoComplete="tel"
          maxLength={ACCOUNT_LIMITS.phoneLength}
        />
      </Form.Item>
      <Form.Item
        label={t('register.code')}
        required
        extra={codeValidFor !== null ? t('register.codeSent', { minutes: codeValidFor }) : undefined}
      >
        <Space.Compact block>
          <Form.Item
            name="code"
            noStyle
            rules={[
              { required: true, message: t('register.codeRequired') },
              { pattern: /^\d{6}$/, message: t('register.codeInvalid') },
            ]}
          >
            <Input
              placeholder={t('register.codePlaceholder')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={ACCOUNT_LIMITS.smsCodeLength}
              aria-label={t('register.code')}
            />
          </Form.Item>
          <Button
            className="sp-register__sms"
            onClick={requestCode}
            // Disabled rather than `loading`: the button keeps its width and reads the countdown.
            disabled={wait > 0 || sms.isPending}
          >
            {wait > 0 ? t('register.resendIn', { seconds: wait }) : t('register.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <NewPasswordFields
        name="password"
        label={t('form.password')}
        confirmLabel={t('form.confirmPassword')}
        placeholders
      />
      <Form.Item name="linkMan" label={t('form.linkMan')} rules={linkManRules(t)}>
        <Input
          placeholder={t('form.linkManPlaceholder')}
          autoComplete="name"
          maxLength={ACCOUNT_LIMITS.linkManMax}
        />
      </Form.Item>
      <Form.Item
        name="company"
        label={t('form.companyOptional')}
        rules={companyRules(t)}
        extra={t('form.companyHint')}
      >
        <Input
          placeholder={t('form.companyPlaceholder')}
          autoComplete="organization"
          maxLength={ACCOUNT_LIMITS.companyMax}
        />
      </Form.Item>
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[
          {
            validator: (_rule, value) =>
              value ? Promise.resolve() : Promise.reject(new Error(t('register.agreeRequired'))),
          },
        ]}
      >
        <Checkbox>{t('register.agree')}</Checkbox>
      </Form.Item>
      {error && <Alert className="sp-form-error" type="error" showIcon title={error} />}
      <Button type="primary" htmlType="submit" block loading={submit.isPending || submit.isSuccess}>
        {t('register.submit')}
      </Button>
    </Form>
  );
}
