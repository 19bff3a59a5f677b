import '../../../i18n/account.ts';
import { ACCOUNT_LIMITS, type MyInfo } from '@steelport/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateProfile } from '../../../api/user.ts';
import { companyRules, linkManRules } from '../../../components/accountRules.ts';
import { useFeedback } from '../../../lib/feedback.ts';

interface Values {
  linkMan: string;
  company: string;
}

/**
 * Contact name and company (PUT /api/web/user/profile). Naming a company turns the account into
 * a trader's; its full name is then fixed (an operator changes it), so the form shows it read-only
 * and sends only the contact name.
 * The answer replaces the cached myInfo and the stored loginUser, so the header greets the
 * new name at once.
 */
export function ProfileForm({ info }: { info: MyInfo }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const save = useUpdateProfile();
  const hasCompany = info.company !== null;
  const submit = (values: Values) =>
    save.mutate(
      {
        linkMan: values.linkMan.trim(),
        ...(!hasCompany && values.company?.trim() ? { company: values.company.trim() } : {}),
      },
      { onSuccess: () => void message.success(t('account.saved')) },
    );

  return (
    <section className="sp-box" aria-labelledby="account-profile">
      <h2 className="sp-box__title" id="account-profile">
        {t('account.profileTitle')}
      </h2>
      <div className="sp-box__body">
        <Form<Values>
          className="sp-account__form"
          layout="vertical"
          requiredMark={false}
          initialValues={{ linkMan: info.linkMan, company: info.company?.name ?? '' }}
          onFinish={submit}
          onValuesChange={() => save.isError && save.reset()}
        >
          <Form.Item name="linkMan" label={t('form.linkMan')} rules={linkManRules(t)}>
            <Input
              placeholder={t('form.linkManPlaceholder')}
              autoComplete="name"
              maxLength={ACCOUNT_LIMITS.linkManMax}
            />
          </Form.Item>
          <Form.Item
            name="company"
            label={hasCompany ? t('form.company') : t('form.companyOptional')}
            rules={hasCompany ? [] : companyRules(t)}
            extra={hasCompany ? t('account.companyLocked') : t('form.companyHint')}
          >
            <Input
              readOnly={hasCompany}
              variant={hasCompany ? 'filled' : 'outlined'}
              placeholder={t('form.companyPlaceholder')}
              autoComplete="organization"
              maxLength={ACCOUNT_LIMITS.companyMax}
            />
          </Form.Item>
          {save.error && <Alert className="sp-form-error" type="error" showIcon title={save.error.message} />}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('account.save')}
          </Button>
        </Form>
      </div>
    </section>
  );
}
