/**
 * The SMS code input with its 获取验证码 button, written once for every form that asks for a code
 * (registration, SMS login, password reset). It sits inside an antd Form that has the phone field.
 */
import './smsCode.css';
import { ACCOUNT_LIMITS, type SmsPurpose } from '@steelport/contracts';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendSmsCode } from '../api/account.ts';
import { deadlineIn, useCountdown } from '../lib/countdown.ts';

/**
 * The code field (stored under `name`) and the send button. The button checks the phone field
 * first, then counts down the server's resend gap on itself; the server's refusals (发送过于频繁,
 * 今日次数已达上限: code 7) go to `onError`, which the form shows beside its own errors, and
 * `onSend` lets the form clear an earlier error.
 */
export function SmsCodeField({
  purpose,
  name = 'code',
  phoneField = 'phone',
  onSend,
  onError,
}: {
  purpose: SmsPurpose;
  name?: string;
  phoneField?: string;
  onSend?: () => void;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [codeValidFor, setCodeValidFor] = useState<number | null>(null);
  const wait = useCountdown(resendAt);

  const sms = useSendSmsCode(purpose, {
    onMutate: onSend,
    onSuccess: (sent) => {
      setResendAt(deadlineIn(sent.resendAfterSeconds));
      setCodeValidFor(Math.round(sent.expiresInSeconds / 60));
    },
    onError: (failure) => onError(failure.message),
  });

  const requestCode = async () => {
    try {
      const values = await form.validateFields([phoneField]);
      sms.mutate(String(values[phoneField]).trim());
    } catch {
      // the phone field shows what is wrong with it
    }
  };

  return (
    <Form.Item
      label={t('register.code')}
      required
      extra={codeValidFor !== null ? t('register.codeSent', { minutes: codeValidFor }) : undefined}
    >
      <Space.Compact block>
        <Form.Item
          name={name}
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
          className="sp-sms__send"
          onClick={requestCode}
          // Disabled rather than `loading`: the button keeps its width and reads the countdown.
          disabled={wait > 0 || sms.isPending}
        >
          {wait > 0 ? t('register.resendIn', { seconds: wait }) : t('register.sendCode')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
