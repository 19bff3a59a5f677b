// @vitest-environment happy-dom
import { CAPTCHA_REQUIRED_MESSAGE, Code } from '@steelport/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asksForCaptcha, uaaKeys } from '../api/account.ts';
import { ApiError } from '../api/client.ts';
import { initI18n } from '../i18n/index.ts';
import { LightForm } from './LightForm.tsx';
import { CaptchaField, type CaptchaStep, useCaptchaStep } from './LoginCaptcha.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement;
let step: CaptchaStep;

function Harness() {
  step = useCaptchaStep('test');
  return (
    <LightForm>
      <CaptchaField step={step} />
    </LightForm>
  );
}

/** Renders the captcha row of a form whose first two images are already in the cache. */
function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(uaaKeys.captcha('test', 0), { captchaId: 'first', svg: '<svg></svg>' });
  client.setQueryData(uaaKeys.captcha('test', 1), { captchaId: 'second', svg: '<svg></svg>' });
  host = document.createElement('div');
  root = createRoot(host);
  act(() =>
    root!.render(
      <QueryClientProvider client={client}>
        <Harness />
      </QueryClientProvider>,
    ),
  );
}

const askedFor = new ApiError(Code.TooMany, CAPTCHA_REQUIRED_MESSAGE, 429);

beforeAll(() => {
  initI18n('zh-CN');
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

describe('the login captcha', () => {
  it('tells a refusal that asks for the captcha from other refusals', () => {
    expect(asksForCaptcha(askedFor)).toBe(true);
    expect(asksForCaptcha(new ApiError(Code.TooMany, '验证码发送过于频繁，请60秒后再试', 429))).toBe(false);
    expect(asksForCaptcha(new ApiError(Code.Business, CAPTCHA_REQUIRED_MESSAGE, 400))).toBe(false);
  });

  it('stays hidden until the server asks, then wants an answer and renews the image after it', () => {
    render();
    expect(host.textContent).toBe('');
    expect(step.answer()).toBeUndefined();
    act(() => step.settle(new ApiError(Code.Business, '手机号或密码错误', 400)));
    expect(host.textContent).toBe('');

    act(() => step.settle(askedFor));
    expect(host.textContent).toContain('图片验证码');
    expect(host.querySelector('img')?.getAttribute('alt')).toBe('图片验证码');
    let answer: ReturnType<CaptchaStep['answer']>;
    act(() => {
      answer = step.answer();
    });
    expect(answer).toBeNull();
    expect(host.textContent).toContain('请输入图中的字符');

    act(() => step.setText(' ab3d '));
    expect(step.answer()).toEqual({ captchaId: 'first', captchaText: 'ab3d' });
    // Answered once, right or wrong: the next request carries a new image and new characters.
    act(() => step.settle(null));
    expect(step.text).toBe('');
    act(() => step.setText('xy7z'));
    expect(step.answer()).toEqual({ captchaId: 'second', captchaText: 'xy7z' });
  });
});
