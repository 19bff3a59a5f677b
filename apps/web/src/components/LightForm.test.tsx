// @vitest-environment happy-dom
import '../i18n/login.ts';
import { Button, Checkbox, Input } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/index.ts';
import {
  confirmPasswordRules,
  linkManRules,
  newPasswordRules,
  passwordFollowsRule,
  phoneRules,
} from './accountRules.ts';
import { FormField, type FormStore, LightForm, useFieldValue, useLightForm } from './LightForm.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement;
let store: FormStore;

interface Values {
  phone: string;
  password: string;
  confirm: string;
  linkMan: string;
  agree: boolean;
}

/** A new password with its rule under it (until the input breaks it) and its repeat. */
function NewPassword() {
  const value = useFieldValue('password');
  const breaksRule = typeof value === 'string' && value !== '' && !passwordFollowsRule(value);
  return (
    <>
      <FormField
        name="password"
        label="密码"
        rules={newPasswordRules(i18n.t)}
        extra={breaksRule ? undefined : i18n.t('form.passwordRule')}
        validateFirst
      >
        <Input.Password />
      </FormField>
      <FormField
        name="confirm"
        label="确认密码"
        dependencies={['password']}
        rules={confirmPasswordRules(i18n.t, 'password')}
      >
        <Input.Password />
      </FormField>
    </>
  );
}

function Harness({ onFinish }: { onFinish: (values: Values) => void }) {
  const t = i18n.t;
  const form = useLightForm<Values>();
  store = form as unknown as FormStore;
  return (
    <LightForm<Values> form={form} size="large" onFinish={onFinish} aria-label="test form">
      <FormField name="phone" label="手机号" rules={phoneRules(t)} validateFirst>
        <Input />
      </FormField>
      <NewPassword />
      <FormField name="linkMan" label="联系人" rules={linkManRules(t)}>
        <Input />
      </FormField>
      <FormField
        name="agree"
        valuePropName="checked"
        rules={[
          { validator: (_rule, value) => (value ? Promise.resolve() : Promise.reject(new Error('请同意'))) },
        ]}
      >
        <Checkbox>同意</Checkbox>
      </FormField>
      <Button type="primary" htmlType="submit">
        提交
      </Button>
    </LightForm>
  );
}

function render(onFinish = vi.fn()) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<Harness onFinish={onFinish} />));
  return onFinish;
}

/** Lets the rules' promises settle and React render their messages. */
const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

const input = (id: string) => host.querySelector<HTMLInputElement>(`#${id}`)!;
const item = (id: string) => input(id).closest('.ant-form-item')!;
const errorsOf = (id: string) =>
  [...item(id).querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);

/** Types `value` as the browser does: the native setter, then an input event React listens to. */
async function type(id: string, value: string) {
  const element = input(id);
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settle();
}

async function submit() {
  act(() => host.querySelector('form')!.requestSubmit());
  await settle();
}

beforeAll(() => {
  initI18n('zh-CN');
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
});

describe('LightForm', () => {
  it("draws antd's form markup: labels for their inputs, a large size", () => {
    render();
    const form = host.querySelector('form')!;
    expect(form.className).toContain('ant-form ant-form-vertical');
    expect(form.className).toContain('ant-form-large');
    expect(form.getAttribute('aria-label')).toBe('test form');
    expect(host.querySelector('label[for="phone"]')?.textContent).toBe('手机号');
    expect(input('phone').className).toContain('ant-input-lg');
    expect(input('phone').getAttribute('aria-required')).toBe('true');
    // the note under the new password, connected to it
    expect(input('password').getAttribute('aria-describedby')).toBe('password_extra');
    expect(host.querySelector('#password_extra')?.textContent).toMatch(/8-32位/);
  });

  it("shows every field's message on an empty submit and sends nothing", async () => {
    const onFinish = render();
    await submit();
    expect(onFinish).not.toHaveBeenCalled();
    expect(errorsOf('phone')).toEqual(['请输入手机号']);
    expect(errorsOf('password')).toEqual(['请输入密码']);
    expect(errorsOf('confirm')).toEqual(['请再次输入密码']);
    expect(errorsOf('linkMan')).toEqual(['请输入联系人']);
    expect(errorsOf('agree')).toEqual(['请同意']);
    expect(item('phone').className).toContain('ant-form-item-has-error');
    expect(input('phone').getAttribute('aria-invalid')).toBe('true');
    expect(input('phone').getAttribute('aria-describedby')).toBe('phone_help');
    expect(host.querySelector('#phone_help')?.textContent).toBe('请输入手机号');
    expect(input('phone').className).toContain('ant-input-status-error');
  });

  it('checks a field as it changes, the first failing rule only with validateFirst, and clears a fixed one', async () => {
    render();
    await type('phone', '12345');
    expect(errorsOf('phone')).toEqual(['请输入正确的11位手机号']);
    await type('phone', '');
    expect(errorsOf('phone')).toEqual(['请输入手机号']);
    await type('phone', '13800000001');
    expect(errorsOf('phone')).toEqual([]);
    expect(item('phone').className).not.toContain('ant-form-item-has-error');
    expect(input('phone').hasAttribute('aria-invalid')).toBe(false);
    expect(input('phone').hasAttribute('aria-describedby')).toBe(false);
    // only spaces are missing; more than 20 characters too long
    await type('linkMan', '   ');
    expect(errorsOf('linkMan')).toEqual(['请输入联系人']);
    await type('linkMan', '赵'.repeat(21));
    expect(errorsOf('linkMan')).toEqual(['联系人最多20个字']);
  });

  it('says the rule of a new password once, and checks its repeat again when it changes', async () => {
    render();
    await type('password', 'short');
    expect(errorsOf('password')).toEqual(['密码须为8-32位，并同时包含字母和数字']);
    expect(host.querySelector('#password_extra')).toBeNull();
    await type('password', 'steel2026');
    await type('confirm', 'steel2027');
    expect(errorsOf('confirm')).toEqual(['两次输入的密码不一致']);
    await type('password', 'steel2027');
    expect(errorsOf('confirm')).toEqual([]);
  });

  it('submits the values once every rule passes (Enter in a field submits the form natively)', async () => {
    const onFinish = render();
    await type('phone', '13800000001');
    await type('password', 'steel2026');
    await type('confirm', 'steel2026');
    await type('linkMan', '赵六');
    act(() => input('agree').click());
    await submit();
    expect(onFinish).toHaveBeenCalledWith({
      phone: '13800000001',
      password: 'steel2026',
      confirm: 'steel2026',
      linkMan: '赵六',
      agree: true,
    });
    expect(host.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(0);
    // the button that Enter presses
    expect(host.querySelector('form button[type="submit"]')).not.toBeNull();
  });

  it('validates named fields for the program, and resets to the start', async () => {
    render();
    await expect(act(() => store.validateFields(['phone']))).rejects.toThrow();
    expect(errorsOf('phone')).toEqual(['请输入手机号']);
    expect(errorsOf('password')).toEqual([]);
    await type('phone', '13800000001');
    await expect(store.validateFields(['phone'])).resolves.toMatchObject({ phone: '13800000001' });
    act(() => store.resetFields());
    expect(input('phone').value).toBe('');
    expect(host.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(0);
  });
});
