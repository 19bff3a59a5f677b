import '../../i18n/login.ts';
import { ACCOUNT_LIMITS, type LoginResult } from '@steelport/contracts';
import { Alert, Button, Checkbox, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRegister } from '../../api/account.ts';
import { companyRules, linkManRules, phoneRules } from '../../components/accountRules.ts';
import { FormField, LightForm } from '../../components/LightForm.tsx';
import { NewPasswordFields } from '../../components/PasswordFields.tsx';
import { SmsCodeField } from '../../components/SmsCodeField.tsx';

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
 * The consent sentence with its two documents linked: the text split around its
 * `<agreement>…</agreement>` and `<privacy>…</privacy>` (react-i18next's <Trans> and its parser
 * stay off the login screen's first load). The documents open in a new tab, so the half-filled
 * form is still here after reading.
 */
function AgreeText() {
  const { t } = useTranslation();
  const parts = t('register.agree').split(/<(agreement|privacy)>(.*?)<\/\1>/);
  return parts.map((part, index) => {
    // split() puts each tag's name, then its text, between the plain texts.
    if (index % 3 === 0) return part;
    if (index % 3 === 2) return null;
    const to = part === 'agreement' ? '/agreement' : '/privacy';
    return (
      <Link key={part} to={to} target="_blank" rel="noopener">
        {parts[index + 1]}
      </Link>
    );
  });
}

/**
 * 注册: phone with an SMS code, password, contact name and an optional company (which makes a
 * trader account), and consent to the agreement and privacy policy, both linked. The code button
 * counts down the server's resend gap and shows its refusals (too frequent) under itself; the
 * server's messages on submit (wrong code, phone taken) show above the submit button.
 */
export function RegisterForm({ onLogin }: { onLogin: (result: LoginResult) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
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

  return (
    <LightForm<Values>
      size="large"
      onFinish={finish}
      aria-label={t('login.registerHeading')}
      className="sp-register"
    >
      <FormField name="phone" label={t('form.phone')} rules={phoneRules(t)} validateFirst>
        <Input
          placeholder={t('form.phonePlaceholder')}
          inputMode="numeric"
          autoComplete="tel"
          maxLength={ACCOUNT_LIMITS.phoneLength}
        />
      </FormField>
      <SmsCodeField purpose="register" onSend={() => setError(null)} />
      <NewPasswordFields
        name="password"
        label={t('form.password')}
        confirmLabel={t('form.confirmPassword')}
        placeholders
      />
      <FormField name="linkMan" label={t('form.linkMan')} rules={linkManRules(t)}>
        <Input
          placeholder={t('form.linkManPlaceholder')}
          autoComplete="name"
          maxLength={ACCOUNT_LIMITS.linkManMax}
        />
      </FormField>
      <FormField
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
      </FormField>
      <FormField
        name="agree"
        valuePropName="checked"
        rules={[
          {
            validator: (_rule, value) =>
              value ? Promise.resolve() : Promise.reject(new Error(t('register.agreeRequired'))),
          },
        ]}
      >
        <Checkbox>
          <AgreeText />
        </Checkbox>
      </FormField>
      {error && <Alert className="sp-form-error" type="error" showIcon title={error} />}
      <Button type="primary" htmlType="submit" block loading={submit.isPending || submit.isSuccess}>
        {t('register.submit')}
      </Button>
    </LightForm>
  );
}
