/**
 * Form rules of the account screens, from the same patterns the server validates with
 * (packages/contracts account.ts), so a form never sends what the server would refuse. They are
 * antd's rule objects as far as LightForm implements them: antd's Form takes them too.
 */
import { ACCOUNT_LIMITS, PASSWORD_PATTERN, PHONE_PATTERN } from '@steelport/contracts';
import type { TFunction } from 'i18next';
import type { FormRule } from './formStore.ts';

const PHONE = new RegExp(PHONE_PATTERN);
const PASSWORD = new RegExp(PASSWORD_PATTERN);

/** Mainland mobile number, required. */
export function phoneRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('form.phoneRequired') },
    { pattern: PHONE, message: t('form.phoneInvalid') },
  ];
}

/** A password the user already has: only required (older passwords may not match today's rule). */
export function currentPasswordRules(requiredMessage: string): FormRule[] {
  return [{ required: true, message: requiredMessage }];
}

/** A new password: 8-32 characters with letters and digits. */
export function newPasswordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('form.passwordRequired') },
    { pattern: PASSWORD, message: t('form.passwordInvalid') },
  ];
}

/** Whether a new password follows the rule (8-32 characters with letters and digits). */
export function passwordFollowsRule(value: string): boolean {
  return PASSWORD.test(value);
}

/** The repeat of the password in field `field`. */
export function confirmPasswordRules(t: TFunction, field: string): FormRule[] {
  return [
    { required: true, message: t('form.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_rule, value) =>
        !value || getFieldValue(field) === value
          ? Promise.resolve()
          : Promise.reject(new Error(t('form.passwordMismatch'))),
    }),
  ];
}

/** Contact name: required, at most 20 characters (trimmed, as the server trims). */
export function linkManRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('form.linkManRequired') },
    { max: ACCOUNT_LIMITS.linkManMax, message: t('form.linkManTooLong') },
  ];
}

/** Company name: at most 60 characters (a trader's is fixed once set: the form shows it read-only). */
export function companyRules(t: TFunction): FormRule[] {
  return [{ max: ACCOUNT_LIMITS.companyMax, message: t('form.companyTooLong') }];
}
