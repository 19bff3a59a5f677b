/**
 * The password inputs of the account screens, written once: the password that proves who one
 * is (login, the old one before a change) and a new password with its repeat (registration,
 * password change), fields of a LightForm. Rules and lengths come from the contracts, as the
 * server checks them.
 */
import { ACCOUNT_LIMITS } from '@steelport/contracts';
import { Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  confirmPasswordRules,
  currentPasswordRules,
  newPasswordRules,
  passwordFollowsRule,
} from './accountRules.ts';
import { FormField, useFieldValue } from './LightForm.tsx';

/** The form field the repeat of a new password is stored under. */
export const CONFIRM_FIELD = 'confirm';

/** A password the user already has: required, any characters, up to the login's limit. */
export function CurrentPasswordField({
  name,
  label,
  requiredMessage,
  placeholder,
  prefix,
}: {
  name: string;
  label: string;
  requiredMessage: string;
  placeholder?: string;
  prefix?: ReactNode;
}) {
  return (
    <FormField name={name} label={label} rules={currentPasswordRules(requiredMessage)}>
      <Input.Password
        prefix={prefix}
        placeholder={placeholder}
        autoComplete="current-password"
        maxLength={ACCOUNT_LIMITS.passwordMax}
      />
    </FormField>
  );
}

/**
 * A new password (the contracts' pattern, explained once under the input: by the hint, or by the
 * error when the input breaks it) and its repeat, stored under `name` and CONFIRM_FIELD. `placeholders` shows the hints the registration form uses.
 */
export function NewPasswordFields({
  name,
  label,
  confirmLabel,
  placeholders = false,
}: {
  name: string;
  label: string;
  confirmLabel: string;
  placeholders?: boolean;
}) {
  const { t } = useTranslation();
  const value = useFieldValue(name);
  const breaksRule = typeof value === 'string' && value !== '' && !passwordFollowsRule(value);
  return (
    <>
      <FormField
        name={name}
        label={label}
        rules={newPasswordRules(t)}
        // Shown until the input breaks the rule; then the error says it instead, never both.
        extra={breaksRule ? undefined : t('form.passwordRule')}
        validateFirst
      >
        <Input.Password
          placeholder={placeholders ? t('form.newPasswordPlaceholder') : undefined}
          autoComplete="new-password"
          maxLength={ACCOUNT_LIMITS.newPasswordMax}
        />
      </FormField>
      <FormField
        name={CONFIRM_FIELD}
        label={confirmLabel}
        dependencies={[name]}
        rules={confirmPasswordRules(t, name)}
      >
        <Input.Password
          placeholder={placeholders ? t('form.confirmPlaceholder') : undefined}
          autoComplete="new-password"
          maxLength={ACCOUNT_LIMITS.newPasswordMax}
        />
      </FormField>
    </>
  );
}
