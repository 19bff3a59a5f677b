/**
 * The image captcha of the login forms (password login, every send-code button): hidden until the server
 * asks for one (code 7, CAPTCHA_REQUIRED_MESSAGE: after the first SMS codes of a phone or an
 * address, after many wrong passwords), then shown above the form's error and sent with the next
 * request. A captcha answers once, right or wrong, so a new image comes after every answer.
 */
import './loginCaptcha.css';
import '../i18n/login.ts';
import type { Captcha } from '@steelport/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asksForCaptcha, type CaptchaAnswer, useLoginCaptcha } from '../api/account.ts';
import { FormField } from './LightForm.tsx';

/** The captcha SVG as an image: an <img> never runs what the document might contain. */
function svgSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** One form's captcha: whether it was asked for, its image and the characters typed. */
export interface CaptchaStep {
  /** the form's name for it: its input's id */
  form: string;
  asked: boolean;
  image: UseQueryResult<Captcha>;
  text: string;
  /** the form was sent with the captcha asked for and left empty */
  missing: boolean;
  setText(text: string): void;
  /**
   * What to send with the request: undefined while no captcha was asked for, null when one was
   * and is not answered yet (the field then says so and nothing is sent).
   */
  answer(): CaptchaAnswer | undefined | null;
  /** After the server's answer (`error` null on success): shows the captcha when asked, else renews it. */
  settle(error: unknown): void;
  refresh(): void;
}

/** The captcha state of one form (`form` keeps two forms' images apart). */
export function useCaptchaStep(form: string): CaptchaStep {
  const [asked, setAsked] = useState(false);
  const [round, setRound] = useState(0);
  const [text, setTextState] = useState('');
  const [missing, setMissing] = useState(false);
  const image = useLoginCaptcha(form, round, asked);
  const refresh = () => {
    setRound((n) => n + 1);
    setTextState('');
  };
  return {
    form,
    asked,
    image,
    text,
    missing,
    setText: (value) => {
      setTextState(value);
      setMissing(false);
    },
    answer() {
      if (!asked) return undefined;
      if (!image.data || !text.trim()) {
        setMissing(true);
        return null;
      }
      return { captchaId: image.data.captchaId, captchaText: text.trim() };
    },
    settle(error) {
      if (!asked) {
        if (asksForCaptcha(error)) setAsked(true);
        return;
      }
      // The image was answered (or not needed this time): the next request gets a new one.
      refresh();
    },
    refresh,
  };
}

/** The captcha row of a login form (a LightForm's): the characters to type and the image, which renews on a click. */
export function CaptchaField({ step }: { step: CaptchaStep }) {
  const { t } = useTranslation();
  if (!step.asked) return null;
  const { image } = step;
  return (
    <FormField
      id={`captcha-${step.form}`}
      label={t('captcha.label')}
      required
      validateStatus={step.missing ? 'error' : undefined}
      help={step.missing ? t('captcha.required') : undefined}
    >
      {(control) => (
        <Space.Compact block>
          <Input
            {...control}
            value={step.text}
            onChange={(event) => step.setText(event.target.value)}
            maxLength={10}
            autoComplete="off"
            aria-label={t('captcha.label')}
            placeholder={t('captcha.placeholder')}
          />
          <Button
            className="sp-captcha__image"
            onClick={step.refresh}
            title={t('captcha.refresh')}
            aria-label={t('captcha.refresh')}
          >
            {image.data ? (
              <img
                src={svgSource(image.data.svg)}
                alt={t('captcha.image')}
                data-testid="login-captcha-image"
              />
            ) : (
              <span className="sp-muted">{image.isError ? t('captcha.loadError') : '…'}</span>
            )}
          </Button>
        </Space.Compact>
      )}
    </FormField>
  );
}
