import type { MyInfo } from '@steelport/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateProfile, userKeys } from '../../../api/user.ts';
import { getToken, saveMyInfo } from '../../../auth/session.ts';
import { companyRules, linkManRules } from '../../../components/accountRules.ts';

interface Values {
  linkMan: string;
  company: string;
}

/**
 * Contact name and company (PUT /api/web/user/profile). Naming a company turns the account into
 * a trader's; the server keeps a trader's company, so the form does not offer to clear it.
 * The answer replaces the cached myInfo and the stored loginUser, so the header greets the
 * new name at once.
 */
export function ProfileForm({ info }: { info: MyInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: Values) =>
      updateProfile({
        linkMan: values.linkMan.trim(),
        ...(values.company?.trim() ? { company: values.company.trim() } : {}),
      }),
    onSuccess: (next) => {
      const token = getToken();
      queryClient.setQueryData(userKeys.myInfo(token), next);
      saveMyInfo(next);
      void message.success(t('account.saved'));
    },
  });
  const hasCompany = info.company !== null;

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
          onFinish={(values) => save.mutate(values)}
          onValuesChange={() => save.isError && save.reset()}
        >
          <Form.Item name="linkMan" label={t('form.linkMan')} rules={linkManRules(t)}>
            <Input placeholder={t('form.linkManPlaceholder')} autoComplete="name" maxLength={20} />
          </Form.Item>
          <Form.Item
            name="company"
            label={hasCompany ? t('form.company') : t('form.companyOptional')}
            rules={companyRules(t, hasCompany)}
            extra={hasCompany ? t('account.companyLocked') : t('form.companyHint')}
          >
            <Input placeholder={t('form.companyPlaceholder')} autoComplete="organization" maxLength={60} />
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
