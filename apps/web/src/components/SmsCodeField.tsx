/**
 * The SMS code input with its 获取验证码 button, written once for every form that asks for a code
 * (registration, SMS login, password reset). It sits inside an antd Form that has the phone field.
 * After the first sends the server asks for an image captcha: it then shows above the code field
 * (components/LoginCaptcha.tsx) and goes with every further send.
 */
import './smsCode.css';
import { ACCOUNT_LIMITS, type SmsPurpose } from '@steelport/contracts';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendSmsCode } from '../api/account.ts';
import { deadlineIn, useCountdown } from '../lib/countdown.ts';
import { CaptchaField, useCaptchaStep } from './LoginCaptcha.tsx';

/**
 * The code field (stored under `name`) and the send button. The button checks the phone field
 * first, then counts down the server's resend gap on itself; the server's refusals (发送过于频繁,
 * 今日次数已达上限, 请输入图片验证码: code 7) go to `onError`, which the form shows beside its own
 * errors, and `onSend` lets the form clear an earlier error. Login and reset codes reach registered
 * numbers only, which the sent note says to everyone alike.
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
  const captcha = useCaptchaStep(`sms-${purpose}`);

  const sms = useSendSmsCode(purpose, {
    onMutate: onSend,
    onSuccess: (sent) => {
      captcha.settle(null);
      setResendAt(deadlineIn(sent.resendAfterSeconds));
      setCodeValidFor(Math.round(sent.expiresInSeconds / 60));
    },
    onError: (failure) => {
      captcha.settle(failure);
      onError(failure.message);
    },
  });

  const requestCode = async () => {
    let phone: string;
    try {
      const values = await form.validateFields([phoneField]);
      phone = String(values[phoneField]).trim();
    } catch {
      // the phone field shows what is wrong with it
      return;
    }
    const answer = captcha.answer();
    // Asked for and not typed yet: the captcha field says so.
    if (answer === null) return;
    sms.mutate({ phone, captcha: answer });
  };
  const sentNote = purpose === 'register' ? 'register.codeSent' : 'register.codeSentRegistered';

  return (
    <>
      <CaptchaField step={captcha} />
      <Form.Item
        label={t('register.code')}
        required
        extra={codeValidFor !== null ? t(sentNote, { minutes: codeValidFor }) : undefined}
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
    </>
  );
}
