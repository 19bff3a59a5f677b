/**
 * The SMS code input with its 获取验证码 button, written once for every form that asks for a code
 * (registration, SMS login, password reset). It sits inside a LightForm that has the phone field.
 * After the first sends the server asks for an image captcha: it then shows above the code field
 * (components/LoginCaptcha.tsx) and goes with every further send.
 */
import '../i18n/login.ts';
import './smsCode.css';
import { ACCOUNT_LIMITS, type SmsPurpose } from '@steelport/contracts';
import { Alert, Button, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendSmsCode } from '../api/account.ts';
import { ApiError } from '../api/client.ts';
import { deadlineIn, useCountdown } from '../lib/countdown.ts';
import { FormField, useFormStore } from './LightForm.tsx';
import { CaptchaField, useCaptchaStep } from './LoginCaptcha.tsx';

/**
 * The code field (stored under `name`) and the send button. The button checks the phone field
 * first, then counts down the server's resend gap on itself; the server's refusals (发送过于频繁,
 * 今日次数已达上限, 请输入图片验证码: code 7) show right under the button, where the thumb that
 * tapped it is (on a phone the form's own error sits below the fold), and are announced
 * (role=alert). A refusal that says how long the wait is (`retryAfterSeconds`) counts it down on
 * the button and goes away when it is over. `onSend` lets the form clear an earlier error of its
 * own. Login and reset codes reach registered numbers only, which the sent note says to everyone
 * alike.
 */
export function SmsCodeField({
  purpose,
  name = 'code',
  phoneField = 'phone',
  onSend,
}: {
  purpose: SmsPurpose;
  name?: string;
  phoneField?: string;
  onSend?: () => void;
}) {
  const { t } = useTranslation();
  const form = useFormStore();
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [codeValidFor, setCodeValidFor] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; timed: boolean } | null>(null);
  const wait = useCountdown(resendAt);
  const captcha = useCaptchaStep(`sms-${purpose}`);
  // A timed refusal ("请37秒后再试") is over with its countdown.
  useEffect(() => {
    if (refusal?.timed && wait === 0) setRefusal(null);
  }, [refusal, wait]);

  const sms = useSendSmsCode(purpose, {
    onMutate: () => {
      setRefusal(null);
      onSend?.();
    },
    onSuccess: (sent) => {
      captcha.settle(null);
      setResendAt(deadlineIn(sent.resendAfterSeconds));
      setCodeValidFor(Math.round(sent.expiresInSeconds / 60));
    },
    onError: (failure) => {
      captcha.settle(failure);
      const retryAfter = failure instanceof ApiError ? failure.retryAfterSeconds : undefined;
      if (retryAfter) setResendAt(deadlineIn(retryAfter));
      setRefusal({ message: failure.message, timed: Boolean(retryAfter) });
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
      <FormField
        name={name}
        label={t('register.code')}
        rules={[
          { required: true, message: t('register.codeRequired') },
          { pattern: /^\d{6}$/, message: t('register.codeInvalid') },
        ]}
        extra={codeValidFor !== null ? t(sentNote, { minutes: codeValidFor }) : undefined}
      >
        {(control) => (
          <>
            <Space.Compact block>
              <Input
                {...control}
                placeholder={t('register.codePlaceholder')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={ACCOUNT_LIMITS.smsCodeLength}
                aria-label={t('register.code')}
              />
              <Button
                className="sp-sms__send"
                onClick={requestCode}
                // Disabled rather than `loading`: the button keeps its width and reads the countdown.
                disabled={wait > 0 || sms.isPending}
              >
                {wait > 0 ? t('register.resendIn', { seconds: wait }) : t('register.sendCode')}
              </Button>
            </Space.Compact>
            {/* A live region that is always there, so the refusal (an alert) is announced as it arrives. */}
            <div className="sp-sms__refusal" aria-live="assertive" data-testid="sms-refusal">
              {refusal && <Alert type="error" showIcon title={refusal.message} />}
            </div>
          </>
        )}
      </FormField>
    </>
  );
}
